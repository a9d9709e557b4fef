"""S.M.L.E.'s catalogue: the text's own teams and sections (Teams; Sections or Squads; Platoons), ready to add."""

from __future__ import annotations

from listgen.core.catalogue import Entry

from . import tables as T


def _team(name: str, quality: str, *figures: tuple) -> dict:
    lines = [{"count": n, "weapon": w, **({"role": role} if role else {})} for n, w, role in figures]
    return {"name": name, "quality": quality, "figures": lines}


RIFLES_2 = _team("First rifle group", "trained", (2, "rifle", None))
RIFLES_3 = _team("Second rifle group", "trained", (3, "rifle", None))
BREN = _team("Bren team", "trained", (1, "lmg", "Bren gunner"), (1, "rifle", None))
GUN_GROUP = _team("Gun group", "trained", (1, "lmg", "Bren gunner"), (2, "rifle", None))

ENTRIES = [
    # Sections or Squads: 'A WW2 British Infantry Section ... organised as three elements'
    Entry(
        "First rifle group: 2 riflemen (the section leader joins it)",
        "Team",
        RIFLES_2,
        T.REF_SECTIONS,
        "With its section leader it is three figures, a trained team's size.",
    ),
    Entry("Second rifle group: 3 riflemen", "Team", RIFLES_3, T.REF_SECTIONS),
    Entry("Rifle group: 4 riflemen", "Team", _team("Rifle group", "trained", (4, "rifle", None)), T.REF_SECTIONS),
    Entry("Bren team: a Bren gunner and a rifleman (support team)", "Team", BREN, T.REF_SECTIONS),
    Entry("Gun group: a Bren and two riflemen", "Team", GUN_GROUP, T.REF_SECTIONS),
    Entry(
        "Veteran rifle team: 3 riflemen",
        "Team",
        _team("Veteran rifle team", "veteran", (3, "rifle", None)),
        T.REF_TEAMS,
        "Veterans form teams of 2-3.",
    ),
    Entry(
        "Green rifle team: 5 riflemen",
        "Team",
        _team("Green rifle team", "green", (5, "rifle", None)),
        T.REF_TEAMS,
        "Green troops form teams of 4-6.",
    ),
    # Platoons: 'One or two weapons teams; e.g. a light mortar team, and or anti-tank team'
    Entry(
        "Light mortar team: a 2-inch mortar and a rifleman",
        "Team",
        _team("Light mortar team", "trained", (1, "light-mortar", "2-inch mortar"), (1, "rifle", None)),
        T.REF_PLATOONS,
        "A support weapon counts as two figures.",
    ),
    Entry(
        "Anti-tank team: a PIAT or bazooka and two riflemen",
        "Team",
        _team("Anti-tank team", "trained", (1, "bazooka", "PIAT"), (2, "rifle", None)),
        T.REF_PLATOONS,
    ),
    # Teams: 'Support Weapon Teams: Crew served support weapons. e.g. Machine Guns'
    Entry(
        "Machine-gun team: a GPMG (Vickers, MG42, .30 cal) and two crew",
        "Team",
        _team("Machine-gun team", "trained", (1, "gpmg", None), (2, "rifle", None)),
        T.REF_TEAMS,
    ),
    # Teams: 'Specialists: Medics; engineers; snipers'
    Entry(
        "Sniper team: a sniper and his spotter",
        "Team",
        _team("Sniper team", "veteran", (1, "sniper-rifle", "sniper"), (1, "rifle", "spotter")),
        T.REF_TEAMS,
    ),
    Entry(
        "British infantry section: leader, two rifle groups and a Bren team (the text's example)",
        "Section",
        {
            "name": "Section",
            "leader": {"name": "Cpl.", "quality": "trained", "weapon": "smg"},
            "teams": [RIFLES_2, RIFLES_3, BREN],
        },
        T.REF_SECTIONS,
    ),
    Entry(
        "Section in two elements: a rifle group with the leader and a gun group",
        "Section",
        {
            "name": "Section",
            "leader": {"name": "Cpl.", "quality": "trained", "weapon": "rifle"},
            "teams": [_team("Rifle group", "trained", (4, "rifle", None)), GUN_GROUP],
        },
        T.REF_SECTIONS,
        "The text's alternative: a rifle group of the leader and four to six riflemen, and a gun group.",
    ),
]
