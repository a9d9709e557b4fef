"""Weigh two forces for a scenario: each side's value, the ratio, and what would even it."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from listgen.core.exceptions import ListgenError
from listgen.core.value import number, show

if TYPE_CHECKING:
    from listgen.core.model import ListHeader
    from listgen.core.validate import ListReport
    from listgen.core.value import Valuation


class BalanceError(ListgenError):
    """Raised when two lists cannot be weighed against each other (different rulesets...)."""


@dataclass
class Side:
    label: str  # "A" or "B"
    report: ListReport
    value: Valuation

    @property
    def name(self) -> str:
        return self.report.name or str(self.report.file)

    @property
    def legal(self) -> bool:
        return self.report.legal()

    @property
    def not_counted(self) -> list[str]:
        """What the value leaves out: items its scheme gives no price (a vehicle in S.M.L.E.)."""
        return [item for _path, item in self.value.unpriced]

    def caveats(self) -> list[str]:
        """What a reader of the weighing must know about this side: it is illegal, or part of it is not counted."""
        out: list[str] = []
        if not self.legal:
            errors = len(self.report.errors)
            out.append(
                f"{self.label} ({self.name}) is NOT LEGAL ({errors} error{'s' * (errors != 1)}; "
                f"`listgen validate {self.report.file}`): it is weighed as written"
            )
        if self.not_counted:
            out.append(
                f"{self.label} ({self.name}): not counted, having no price in the {self.value.name}: "
                + "; ".join(self.not_counted)
            )
        return out


@dataclass
class Balance:
    a: Side
    b: Side
    ratio: Fraction  # a / b
    advice: list[str] = field(default_factory=list)

    @property
    def stronger(self) -> Side:
        return self.a if self.a.value.total >= self.b.value.total else self.b

    @property
    def weaker(self) -> Side:
        return self.b if self.stronger is self.a else self.a

    @property
    def caveats(self) -> list[str]:
        return self.a.caveats() + self.b.caveats()

    @property
    def legal(self) -> bool:
        return self.a.legal and self.b.legal

    def summary(self) -> str:
        diff = abs(self.a.value.total - self.b.value.total)
        hedge = " (leaving out what is not counted)" if self.a.not_counted or self.b.not_counted else ""
        if diff == 0:
            return f"The two forces are of equal value{hedge}."
        return (
            f"{self.stronger.label} ({self.stronger.name}) is the stronger by {show(diff)}{hedge} "
            f"({float(max(self.ratio, 1 / self.ratio) if self.ratio else 0):.2f} : 1)."
        )

    def as_dict(self) -> dict[str, Any]:
        def side(s: Side) -> dict[str, Any]:
            return {
                "file": s.report.file,
                "name": s.name,
                "ruleset": s.report.ruleset,
                "value": number(s.value.total),
                "scheme": s.value.scheme,
                "legal": s.legal,
                "errors": len(s.report.errors),
                "not_counted": s.not_counted,
                "side_multipliers": [
                    {"label": label, "factor": number(Fraction(f))} for label, f in s.value.side_multipliers
                ],
            }

        return {
            "a": side(self.a),
            "b": side(self.b),
            "ratio": f"{self.ratio.numerator}/{self.ratio.denominator}",
            "ratio_decimal": round(float(self.ratio), 4),
            "difference": number(abs(self.a.value.total - self.b.value.total)),
            "summary": self.summary(),
            "caveats": self.caveats,
            "advice": list(self.advice),
        }


def _with_hidden(report: ListReport, hides: bool) -> ListHeader:
    army: ListHeader | None = report.army
    assert army is not None  # weighed only when read
    if "sets_up_hidden" not in type(army).fields():
        raise BalanceError(f"{report.rules.title} has no hidden set-up multiplier")
    return army.replace(sets_up_hidden=hides)


def compare(report_a: ListReport, report_b: ListReport, hidden: str | None = None) -> Balance:
    """hidden: 'a', 'b' or 'none' to say which side sets up hidden, overriding the lists."""
    if report_a.ruleset != report_b.ruleset:
        raise BalanceError(f"cannot weigh a {report_a.ruleset} list against a {report_b.ruleset} list")
    ruleset = report_a.rules
    army_a, army_b = report_a.army, report_b.army
    assert army_a is not None and army_b is not None  # two lists that were read (the command says so first)
    if hidden is not None:
        army_a = _with_hidden(report_a, hidden == "a")
        army_b = _with_hidden(report_b, hidden == "b")
    value_a, value_b = ruleset.value(army_a), ruleset.value(army_b)
    if value_a.scheme != value_b.scheme:
        raise BalanceError(
            f"the lists are valued differently ({value_a.name}; {value_b.name}): give both the same "
            "points_table, or neither, to weigh them"
        )
    for report, value in ((report_a, value_a), (report_b, value_b)):
        if value.total == 0:
            hint = " (nothing on it is priced: give both lists a points_table)" if value.unpriced else ""
            raise BalanceError(
                f"{report.file} is valued at 0 by the {value.name}{hint}; a force of no value cannot be weighed"
            )
    result = Balance(Side("A", report_a, value_a), Side("B", report_b, value_b), value_a.total / value_b.total)
    result.advice = ruleset.balance_advice(army_a, value_a, army_b, value_b, result)
    return result


def units_to_even(diff: Fraction, unit_cost: Fraction | int) -> int:
    """Whole units of a given cost that come nearest to the difference."""
    if unit_cost <= 0:
        return 0
    return max(1, round(diff / unit_cost))
