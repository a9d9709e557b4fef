"""Sol Prime's catalogue: infantry by type with the weapons the text names for it, and vehicles whose armour
and size your troop list gives (Organization of Units; Infantry Units; Selected Weapons). The text's price lists
are missing, so nothing here is priced."""

from __future__ import annotations

from listgen.core.catalogue import Entry

from . import tables as T

ENTRIES = [
    Entry(
        "Infantry squad with an infantry gun",
        "Stand",
        {"name": "Infantry squad", "type": "infantry", "weapons": ["inf-gun"]},
        T.REF_ORGANIZATION,
        "It carries the best APW and LAW its technology allows as well.",
    ),
    Entry(
        "Infantry squad with a guided anti-armour weapon (GAW)",
        "Stand",
        {"name": "GAW squad", "type": "infantry", "weapons": ["inf-gaw"]},
        T.REF_ORGANIZATION,
    ),
    Entry(
        "Heavy weapons squad with an infantry TOW",
        "Stand",
        {"name": "Heavy weapons squad", "type": "heavy-weapons", "weapons": ["inf-tow"]},
        T.REF_ORGANIZATION,
    ),
    Entry(
        "Mobile infantry with a laser gun (Laser technology)",
        "Stand",
        {"name": "Laser squad", "type": "mobile-infantry", "weapons": ["inf-laser-gun"]},
        T.REF_ORGANIZATION,
        "Needs Laser technology or better.",
    ),
    Entry(
        "Mobile infantry (armour 1)",
        "Stand",
        {"name": "Mobile infantry", "type": "mobile-infantry", "weapons": ["inf-gun"]},
        T.REF_ORGANIZATION,
    ),
    Entry(
        "Powersuit infantry (armour 2)",
        "Stand",
        {"name": "Powersuit infantry", "type": "powersuit-infantry", "weapons": ["inf-gun"]},
        T.REF_ORGANIZATION,
        "Needs Plasma technology.",
    ),
    *(
        Entry(
            f"{name} ({rating} armour, the text's example) with a laser cannon",
            "Stand",
            {"name": name, "type": "tank", "armour": rating, "weapons": ["laser-cannon"]},
            T.REF_ORGANIZATION,
            "Laser cannon: Laser technology or better; your troop list gives its size and transport.",
        )
        for name, rating in T.ARMOUR_EXAMPLES
    ),
    # Organization of Units: 'Each Platoon will have from 1 to 6 stands in it' (all of one morale rating)
    Entry(
        "Armoured platoon: 3 medium tanks (5/4) with laser cannon",
        "Platoon",
        {
            "name": "Armoured platoon",
            "morale": "veteran",
            "stands": [
                {"name": "Tanks", "type": "tank", "count": 3, "armour": "5/4", "weapons": ["laser-cannon"]},
            ],
        },
        T.REF_ORGANIZATION,
        "Laser cannon: Laser technology or better; the armour is the text's Medium Tank example.",
    ),
    Entry(
        "Infantry platoon: 4 infantry squads with infantry guns",
        "Platoon",
        {
            "name": "Infantry platoon",
            "morale": "green",
            "stands": [{"name": "Squads", "type": "infantry", "count": 4, "weapons": ["inf-gun"]}],
        },
        T.REF_ORGANIZATION,
    ),
]
