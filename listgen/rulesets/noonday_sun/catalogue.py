"""...In the Noonday Sun's catalogue: the kinds of unit '4. Units' names (command, line, support weapon,
specialists) and a hero. Weapons are free text in this text: change them to what your figures carry."""

from __future__ import annotations

from listgen.core.catalogue import Entry

from . import tables as T


def _unit(name: str, kind: str, quality: str, *figures: tuple, **more) -> dict:
    return {
        "name": name,
        "kind": kind,
        "quality": quality,
        # a line of rifles shoots as S.M.L.E.'s rifle on the matchup sheet (fires_as): what the list would say
        "figures": [{"count": n, "weapon": w, **({"fires_as": "rifle"} if w == "rifle" else {})} for n, w in figures],
        **more,
    }


ENTRIES = [
    Entry("Line unit: 5 riflemen (trained)", "Unit", _unit("Line unit", "line", "trained", (5, "rifle")), T.REF_UNITS),
    Entry("Line unit: 6 riflemen (green)", "Unit", _unit("Line unit", "line", "green", (6, "rifle")), T.REF_UNITS),
    Entry(
        "Command unit: an officer, a bugler and a runner",
        "Unit",
        _unit("Command unit", "command", "trained", (1, "revolver and sword"), (2, "rifle")),
        T.REF_UNITS,
    ),
    Entry(
        "Machine-gun unit: a Gatling or Maxim and 3 crew",
        "Unit",
        _unit("Machine-gun unit", "support", "trained", (3, "rifle"), support_weapon="machine-gun"),
        T.REF_UNITS,
    ),
    Entry(
        "Gun unit: a mountain or screw gun and 4 crew",
        "Unit",
        _unit("Gun unit", "support", "trained", (4, "rifle"), support_weapon="gun"),
        T.REF_UNITS,
    ),
    Entry(
        "Rocket unit: a rocket trough and 3 crew",
        "Unit",
        _unit("Rocket unit", "support", "trained", (3, "rifle"), support_weapon="rocket"),
        T.REF_UNITS,
    ),
    Entry(
        "Warriors: 6 with spear and shield",
        "Unit",
        _unit("Warriors", "line", "trained", (6, "spear and shield"), motivation="warriors"),
        T.REF_MOTIVATION,
    ),
    Entry("Hero: one figure", "Unit", _unit("Hero", "hero", "veteran", (1, "revolver")), T.REF_UNITS),
]
