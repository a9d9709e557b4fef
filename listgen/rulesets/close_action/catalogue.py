"""Close Action's catalogue: squads of 6-12 men under a squad leader, men lines and support weapons by the Fire
Table, and officers (Introduction; Fire Table). The text prints no squad make-up: the squads here are its bounds
with its weapons."""

from __future__ import annotations

from listgen.core.catalogue import Entry

from . import tables as T


def _squad(name: str, *men: tuple, support=()) -> dict:
    return {
        "name": name,
        "grade": "steady",
        "leader": {"name": "Sgt.", "weapon": "smg"},
        "men": [{"count": n, "weapon": w, **({"role": role} if role else {})} for n, w, role in men],
        **({"support_weapons": [{"weapon": s} for s in support]} if support else {}),
    }


ENTRIES = [
    Entry("Rifle squad: a leader and 9 riflemen", "Squad", _squad("Rifle squad", (9, "rifle", None)), T.REF_INTRO),
    Entry(
        "Rifle squad with an auto-rifle: a leader, an auto-rifleman and 8 riflemen",
        "Squad",
        _squad("Rifle squad", (1, "auto-rifle", "auto-rifleman"), (8, "rifle", None)),
        T.REF_FIRE_TABLE,
    ),
    Entry(
        "Squad with an LMG: a leader, 2 crew and 7 riflemen",
        "Squad",
        _squad("LMG squad", (2, "rifle", "LMG crew"), (7, "rifle", None), support=("lmg",)),
        T.REF_FIRE_TABLE,
        "The man on the LMG fires it, not his rifle.",
    ),
    Entry(
        "Squad with a mortar and its spotter: a leader, the spotter, 2 crew and 6 riflemen",
        "Squad",
        {
            **_squad("Mortar squad", (1, "rifle", "Mortar spotter"), (2, "rifle", "mortar crew"), (6, "rifle", None)),
            "support_weapons": [{"weapon": "mortar", "spotter": "Mortar spotter"}],
        },
        T.REF_FIRING,
        "'Nominate one spotter figure per mortar': a second such squad needs its spotter renamed.",
    ),
    Entry(
        "Small squad: a leader and 5 riflemen (6 men, the least)",
        "Squad",
        _squad("Small squad", (5, "rifle", None)),
        T.REF_INTRO,
    ),
    Entry(
        "Full squad: a leader and 11 riflemen (12 men, the most)",
        "Squad",
        _squad("Full squad", (11, "rifle", None)),
        T.REF_INTRO,
    ),
    *(
        Entry(f"{w.name}: a man with {w.dice} fire dice", "Men", {"count": 1, "weapon": slug}, T.REF_FIRE_TABLE)
        for slug, w in T.FIRE_TABLE.items()
        if slug in T.PERSONAL_WEAPONS
    ),
    Entry("LMG (6 fire dice)", "SupportWeapon", {"weapon": "lmg"}, T.REF_FIRE_TABLE),
    Entry("HMG (8 fire dice)", "SupportWeapon", {"weapon": "hmg"}, T.REF_FIRE_TABLE),
    Entry(
        'Mortar (6" blast zone)',
        "SupportWeapon",
        {"weapon": "mortar"},
        T.REF_FIRING,
        "Nominate its spotter: 'one spotter figure per mortar'.",
    ),
    Entry("Officer with a pistol", "Officer", {"name": "Lt.", "weapon": "pistol"}, T.REF_INTRO),
    Entry("Officer with an SMG", "Officer", {"name": "Lt.", "weapon": "smg"}, T.REF_INTRO),
]
