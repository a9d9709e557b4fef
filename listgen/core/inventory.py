"""What a list holds, as countable items: the vocabulary tournament restrictions are written in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from listgen.core.findings import Path

# Kinds a restriction may count or ban; each ruleset yields the ones it has.
KINDS = (
    "platoons",
    "sections",
    "groups",
    "squads",
    "teams",
    "units",
    "leaders",
    "officers",
    "figures",
    "weapons",
    "support_weapons",
    "vehicles",
    "explosives",
    "prepared_positions",
)


@dataclass(frozen=True)
class Item:
    kind: str  # one of KINDS
    path: Path  # where it is in the list
    count: int = 1  # figures in a line of figures, grenades carried...
    attrs: dict[str, Any] = field(default_factory=dict)  # quality, motivation, weapon, armour, grade, type...

    def matches(self, where: dict[str, Any]) -> bool:
        for key, wanted in where.items():
            have = self.attrs.get(key)
            options = wanted if isinstance(wanted, list) else [wanted]
            if have not in options:
                return False
        return True
