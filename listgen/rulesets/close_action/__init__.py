"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Army, Ruleset

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...balance import Balance
    from ...findings import Findings
    from ...inventory import Item
    from ...model import ListHeader
    from ...odds import Table
    from ...roster import Roster
    from ...sheet import Sheet
    from ...validate import ListReport
    from ...value import Valuation


class CloseAction(Ruleset):
    """Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

    code = "CA"
    title = "Close Action"
    authors = "Wes Rogers"
    period = "WW1/WW2 squad level, infantry only"
    dice = "d6"
    source = "close-action.txt"
    data_version = "text-1"  # the text carries no date or edition
    points = "none printed: a fire-dice rating computed from the Fire Table, or a supplied points_table"

    # Each part imports its module when first called (validating never loads the printouts).
    @property
    def army_model(self) -> type[ListHeader]:
        from .army import MODEL

        return MODEL

    @property
    def units_noun(self) -> str:
        from .army import UNITS

        return UNITS

    @property
    def units_ref(self) -> str:
        from .army import UNITS_REF

        return UNITS_REF

    def units(self, army: Army) -> Iterable[tuple[tuple, str]]:
        from .army import units

        return units(army)

    def inventory(self, army: Army) -> Iterable[Item]:
        from .army import inventory

        return inventory(army)

    def weapons(self) -> list[str]:
        from .army import weapon_names

        return weapon_names()

    def value(self, army: Army) -> Valuation:
        from .points import value

        return value(army)

    def check(self, army: Army, out: Findings, valuation: Valuation) -> None:
        from .checks import check

        check(army, out, valuation)

    def roster(self, army: Army, report: ListReport) -> Roster:
        from .roster import roster

        return roster(army, report)

    def reference(self, army: Army | None) -> Sheet:
        from .sheet import reference

        return reference(army)

    def hit_tables(self, army: Army | None) -> list[Table]:
        from .odds import hit_tables

        return hit_tables(army)

    def balance_advice(
        self, army_a: Army, value_a: Valuation, army_b: Army, value_b: Valuation, balance: Balance
    ) -> list[str]:
        from .balance import advice

        return advice(army_a, value_a, army_b, value_b, balance)


RULESET = CloseAction(__name__)
