"""What the commands print, formatted here so that the command line only prints it.

Exit codes (a contract): 0 every list legal, 1 some list breaks a rule, 2 some file cannot be
read as a list. ``Output`` carries the text for each stream and the code.
"""

from __future__ import annotations

from listgen.core.findings import INTERNAL
from listgen.core.sanitize import one_line
from listgen.core.value import show

LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2


class Output:
    """Text for standard output and standard error, and the exit code."""

    __slots__ = ("out", "err", "code")

    def __init__(self, out: list, err: list, code: int):
        self.out, self.err, self.code = out, err, code


def verdict(report, strict: bool = False) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    if report.unreadable:
        return f"UNREADABLE ({errors} error{'s' * (errors != 1)})"
    counts = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return f"{'LEGAL' if report.legal(strict) else 'NOT LEGAL'} ({counts})"


def internal_errors(reports) -> list:
    """'listgen: internal error' lines for lists listgen itself failed on, for standard error."""
    return [
        f"listgen: internal error: {r.file}: {f.message}" for r in reports for f in r.findings if f.code == INTERNAL
    ]


def input_errors(reports) -> list:
    """file:line:column lines for what made files unreadable, for standard error."""
    return [f.format(r.file) for r in reports for f in r.findings if f.is_input_error]


INTERNAL_ERROR = 3  # listgen failed (a bug); with many lists, every other list was still checked and written


def exit_code(reports, strict: bool = False) -> int:
    if any(f.code == INTERNAL for r in reports for f in r.findings):
        return INTERNAL_ERROR
    if any(r.unreadable for r in reports):
        return UNREADABLE
    return LEGAL if all(r.legal(strict) for r in reports) else ILLEGAL


def validation(reports, fmt: str = "text", strict: bool = False) -> Output:
    """The validate command: every finding located, a verdict per list (or the JSON contract)."""
    out = []
    if fmt == "json":
        import json

        data = [r.as_dict(strict) for r in reports]
        out.append(json.dumps(data[0] if len(data) == 1 else data, indent=2, ensure_ascii=False))
    for report in reports:
        if fmt == "text":
            out += [f.format(report.file) for f in report.findings if not f.is_input_error]
            what = f": {report.name} ({report.ruleset})" if report.name and not report.unreadable else ""
            pts = ""
            if report.valuation is not None and not report.unreadable:
                pts = ", " + report.valuation.total_words(report.points_limit)
            out.append(one_line(f"{report.file}: {verdict(report, strict)}{what}{pts}"))
    return Output(out, input_errors(reports) + internal_errors(reports), exit_code(reports, strict))


def points(report) -> list:
    """What each unit costs, the multipliers and the total, with how each figure was reached."""
    val = report.valuation
    lines = [f"{report.name} ({report.ruleset}): {val.scheme}"]
    width = max((len(u.name) for u in val.units), default=10)
    for unit in val.units:
        working = unit.line().split(" = ", 1)[-1] if unit.priced else unit.line()
        lines.append(f"  {unit.name:<{width}}  {unit.figure():>6}  {unit.kind}: {working}")
    from listgen.core.value import subtotals

    parts = subtotals(report.force, val.unit)
    width = max([width] + [len(name) + 4 for _path, name, _total in parts])
    for _path, name, words in parts:  # what each platoon (or other group) comes to
        lines.append(f"  {name + ' in all':<{width}}  {words.removesuffix(' ' + val.unit):>6}")
    if not val.unknown:  # a sum of nothing known is no subtotal
        lines.append(f"  {'Subtotal':<{width}}  {('at least ' if val.partial else '') + show(val.subtotal):>6}")
    for label, factor in val.side_multipliers:
        lines.append(f"  {label:<{width}}  x{factor}")
    lines.append(f"  {'Total':<{width}}  {val.total_words(report.points_limit)}")
    lines += [f"  not priced: {item}" for _path, item in val.unpriced]
    lines += [f"  note: {note}" for note in val.notes]
    return lines


def points_json(report) -> str:
    import json

    return json.dumps(
        {
            "file": report.file,
            "ruleset": report.ruleset,
            "name": report.name,
            "points_limit": report.points_limit,
            **report.valuation.as_dict(),
        },
        indent=2,
        ensure_ascii=False,
    )


def rulesets() -> list:
    from listgen import rulesets as registry

    lines = []
    width = max(len(slug) for slug in registry.slugs())  # one column for every slug, the longest included
    for slug in registry.slugs():
        r = registry.get(slug)
        lines.append(f"{slug:<{width}}  {r.title} ({r.authors}); {r.period}; {r.dice}")
        lines.append(f"{'':<{width}}  source: {r.source}, data version {r.data_version}; points: {r.points}")
    return lines


def balance(result) -> list:
    lines = []
    for side in (result.a, result.b):
        value = side.value
        worth = show(value.total)
        if value.side_multipliers:  # the base, its multipliers, then what they come to
            worth = (
                show(value.subtotal)
                + "".join(f" x{show(f)} ({label})" for label, f in value.side_multipliers)
                + f" = {worth}"
            )
        lines.append(f"{side.label}: {side.name} — {worth}  [{value.scheme}]")
    lines.append(f"Ratio A:B = {float(result.ratio):.2f} : 1. {result.summary()}")
    lines += [f"warning: {line}" for line in result.caveats]
    lines.append("To even it:" if result.advice else "")
    lines += [f"  - {line}" for line in result.advice]
    return lines


def build(result) -> Output:
    out = [f"wrote {path}" for path in result.written]
    illegal = [r.file for r in result.reports if not r.unreadable and not r.legal()]
    out += [f"{file}: NOT LEGAL (see its roster or `listgen validate {file}`)" for file in illegal]
    out += [f"note: {note}" for note in result.notes]
    out.append(f"{len(result.reports)} lists, {len(result.written)} files written")
    return Output(out, input_errors(result.reports) + internal_errors(result.reports), exit_code(result.reports))


def tournament(result, written) -> Output:
    """One line per player, and under a list that fails, why (an unreadable one's reasons go to stderr)."""
    out = []
    for entry in result.entries:
        report = entry.report
        state = "LEGAL" if entry.legal else ("UNREADABLE" if report.unreadable else "NOT LEGAL")
        out.append(f"{state:<10} {entry.player}: {report.name or report.file}")
        if not report.unreadable and (not entry.legal or entry.lock_findings):
            # a legal list still says it came late or changed since the lock: the organiser admits it or not
            failing = entry.lock_findings if entry.legal else report.errors + (report.warnings if entry.strict else [])
            out += [
                f"           {f.severity}: {f.message}" + (f" ({report.file}:{f.line})" if f.line else "")
                for f in failing
            ]
    out += [f"warning: {line}" for line in result.unprintable]
    out += [f"MISSING    {line}: locked, and no longer among the entries" for line in result.missing]
    out += [f"wrote {path}" for path in written]
    if result.kept_receipts:
        out.append("kept receipts/ as the earlier run wrote them (--receipts prints them anew)")
    reports = [e.report for e in result.entries]
    code = exit_code(reports, result.pack.strict)
    if result.missing and code == 0:
        code = ILLEGAL  # an entry locked in is gone: the event is not as it was locked
    return Output(out, input_errors(reports) + internal_errors(reports), code)
