"""Bounce into Action's catalogue: stands by training, experience and equipment as Training and Equipment
describe them, crew-served weapons, officers, and vehicles with their weapons (Troop Types & Weapons)."""

from __future__ import annotations

from listgen.core.catalogue import Entry

from . import tables as T


def _stand(name: str, training: str, experience: str, equipment: str, weapon: str, **more) -> dict:
    return {
        "name": name,
        "training": training,
        "experience": experience,
        "equipment": equipment,
        "weapon": weapon,
        **more,
    }


ENTRIES = [
    Entry(
        "Trained squad with assault rifles (8-10 soldiers)",
        "Stand",
        _stand("Trained squad", "trained", "experienced", "assault-rifles", "rifles", people=9),
        T.REF_TRAINING,
    ),
    Entry(
        "Trained squad in LTA with an SLA squad weapon",
        "Stand",
        _stand("LTA squad", "trained", "experienced", "lta", "sla-squad", people=9),
        T.REF_EQUIPMENT,
    ),
    Entry(
        "Regulars in HMA (groups of four)",
        "Stand",
        _stand("HMA team", "regular", "experienced", "hma", "sla-squad", people=4),
        T.REF_TRAINING,
    ),
    Entry(
        "Special Forces pair in HMA",
        "Stand",
        _stand("Special Forces pair", "special-forces", "seasoned", "hma", "sla-squad", people=2),
        T.REF_TRAINING,
    ),
    Entry(
        "Recruit levy (about 30 people)",
        "Stand",
        _stand("Recruit levy", "recruits", "raw", "assault-rifles", "rifles", people=30),
        T.REF_TRAINING,
    ),
    Entry(
        "Armed civilians (around 50 people)",
        "Stand",
        _stand("Civilians", "civilian", "raw", "civilian-weapons", "light-small-arms", people=50),
        T.REF_TRAINING,
    ),
    Entry(
        "AT missile team (crew-served)",
        "Stand",
        _stand("AT missile team", "trained", "experienced", "lta", "at-missile", kind="crew-served"),
        T.REF_TROOP_TYPES,
    ),
    Entry(
        "SLA support weapon (crew-served)",
        "Stand",
        _stand("SLA support", "trained", "experienced", "lta", "sla-support", kind="crew-served"),
        T.REF_TROOP_TYPES,
    ),
    Entry(
        "Officer (based singly; +1 to the stand he is grouped with)",
        "Stand",
        _stand("Officer", "trained", "experienced", "lta", "light-small-arms", kind="officer"),
        T.REF_TRAINING,
        "Group him with a stand: choose it in 'with stand'.",
    ),
    Entry(
        "Tank with a tank gun", "Vehicle", {"name": "Tank", "type": "tank", "weapons": ["tank-gun"]}, T.REF_RANGE_BANDS
    ),
    Entry(
        "Hovertank with a hovertank gun",
        "Vehicle",
        {"name": "Hovertank", "type": "hovertank", "weapons": ["hovertank-gun"]},
        T.REF_RANGE_BANDS,
    ),
    Entry(
        "Armoured car with a vehicle cannon",
        "Vehicle",
        {"name": "Armoured car", "type": "armoured-car", "weapons": ["veh-cannon"]},
        T.REF_RANGE_BANDS,
    ),
    Entry(
        "Technical: a car with a vehicle HMG",
        "Vehicle",
        {"name": "Technical", "type": "car", "weapons": ["veh-hmg"]},
        T.REF_RANGE_BANDS,
    ),
]
