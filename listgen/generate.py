"""What each command does, as library calls: the CLI parses arguments and calls one of these.

Renderers (and so reportlab) are imported inside the functions that render, so that
validating or pricing a list never pays for them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import rulesets
from .exceptions import ContractError, ListgenError
from .files import Target, check_output, print_date, write_atomic, write_output
from .roster import Roster, bounded, unprinted_costs
from .text import verdict
from .validate import ListReport, check_file_isolated, internal_finding

LIST_SUFFIXES = (".yaml", ".yml")


def make_roster(report: ListReport, strict: bool = False) -> Roster:
    """The ruleset's roster of the list, every price on it checked, stamped with the verdict and findings."""
    from .value import show, subtotals

    ruleset = report.rules
    roster = ruleset.roster(report.army, report)
    if report.valuation is not None:
        missing = unprinted_costs(roster.units, report.valuation)
        if missing:
            raise ContractError(f"the {ruleset.slug} roster prints no price for: {'; '.join(missing)}")
        by_path = {u.path: u for u in roster.units if u.path is not None}
        for path, _name, subtotal in subtotals(report.valuation, report.document.data if report.document else None):
            heading = by_path.get(path)
            if heading is None:
                raise ContractError(f"the {ruleset.slug} roster has no heading for {'/'.join(map(str, path))}")
            if not heading.points:
                heading.points = f"{show(subtotal)} {report.valuation.unit} (subtotal)"
    from . import share

    data = report.document.data if report.document is not None else None
    return replace(
        roster,
        title=report.army.name,
        player=report.army.player,
        share_code=share.encode(data, ruleset.code) if data is not None else "",
        list_hash=share.list_hash(data) if data is not None else "",
        ruleset=f"{ruleset.title} (data {ruleset.data_version})",
        verdict=f"{verdict(report, strict)} · checked by listgen on {print_date()}",
        legal=report.legal(strict),
        findings=[
            f"{f.severity.upper()}: {f.message}"
            + (f" (line {f.line})" if f.line else "")
            + (f" [{f.ref}]" if f.ref else "")
            for f in report.findings
            if f.severity != "info"
        ],
    )


def printed_roster(report: ListReport, strict: bool = False):
    """The roster as a PDF prints it: within the printout's bounds (``roster.bounded``), each cut stated."""
    return bounded(make_roster(report, strict))


def unprintable(report: ListReport) -> list:
    """'file:line: field: ...' for each text of the list holding characters no embedded font prints, which
    would show in a PDF as empty boxes (warned about, never silent). Callers render, so reportlab is loaded."""
    from .render import glyphs, pdf

    if report.document is None:
        return []
    pdf.register_fonts()
    out = []
    positions = report.document.positions

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
        elif isinstance(value, str):
            missing = glyphs.unprintable(value, pdf.FONT)
            if missing:
                line = (positions.get(path) or (None,))[0]
                where = f"{report.file}:{line}" if line else report.file
                field_name = ".".join(str(p) for p in path) or "(document)"
                chars = ", ".join(f"U+{ord(c):04X}" for c in missing)
                out.append(
                    f"{where}: {field_name} {value!r}: no embedded font prints {chars}; "
                    f"{'it prints as an empty box' if len(missing) == 1 else 'they print as empty boxes'}"
                )

    walk(report.document.data, ())
    return out


def _footer(ruleset) -> str:
    from .render.pdf import footer_text

    return footer_text(ruleset.title, ruleset.data_version, print_date())


def roster_pdf(report: ListReport, out: Target, paper: str = "a4") -> int:
    from .render import roster_pdf as renderer

    check_output(out, [report.file])
    ruleset = report.rules
    return renderer.render(printed_roster(report), out, paper, _footer(ruleset))


def cards_pdf(report: ListReport, out: Target, paper: str = "a4", size: str = "nine-up") -> int:
    from .render import cards_pdf as renderer

    check_output(out, [report.file])
    ruleset = report.rules
    return renderer.render(printed_roster(report), out, paper, _footer(ruleset), size)


def reference_pdf(ruleset_slug: str, out: Target, army_report: ListReport | None = None, paper: str = "a4") -> int:
    from .render import sheet_pdf

    ruleset = rulesets.get(ruleset_slug)
    check_output(out, [army_report.file] if army_report else [])
    sheet = ruleset.reference(army_report.army if army_report else None)
    return sheet_pdf.render(sheet, out, paper, _footer(ruleset))


def hit_tables(
    ruleset_slug: str,
    out: Target,
    army_report: ListReport | None = None,
    fmt: str = "pdf",
    paper: str = "a4",
    against: ListReport | list[str] | None = None,
) -> int | None:
    """The hit tables (for a list when given one), or with ``against`` the matchup sheet of the two lists (or of the
    list against the ruleset's named targets, when ``against`` is their names)."""
    from . import odds

    ruleset = rulesets.get(ruleset_slug)
    check_output(out, [r.file for r in (army_report, against) if isinstance(r, ListReport)])
    tables = _tables(ruleset_slug, army_report, against)
    if fmt == "json":
        write_output(out, odds.to_json(tables, ruleset.slug))
        return None
    if fmt == "csv":
        write_output(out, odds.to_csv(tables))
        return None
    from .render import tables_pdf

    if isinstance(against, ListReport) and army_report is not None:
        title = f"{ruleset.title} matchup: {army_report.army.name} and {against.army.name}"
    elif against is not None and army_report is not None:
        title = f"{ruleset.title} matchup: {army_report.army.name} against named targets"
    else:
        title = f"{ruleset.title} hit tables" + (f": {army_report.army.name}" if army_report is not None else "")
    return tables_pdf.render(tables, out, title, paper, _footer(ruleset))


def _tables(ruleset_slug: str, army_report: ListReport | None, against: ListReport | list[str] | None) -> list:
    ruleset = rulesets.get(ruleset_slug)
    if against is not None:
        if army_report is None:
            raise ValueError("a matchup needs both lists")  # pragma: no cover - the CLI asks for --army
        if isinstance(against, list):
            return ruleset.target_tables(army_report.army, against)
        return ruleset.matchup_tables(army_report.army, against.army)
    return ruleset.hit_tables(army_report.army if army_report else None)


def hit_tables_text(
    ruleset_slug: str, army_report: ListReport | None, fmt: str, against: ListReport | list[str] | None = None
) -> str:
    from . import odds

    ruleset = rulesets.get(ruleset_slug)
    tables = _tables(ruleset_slug, army_report, against)
    return odds.to_json(tables, ruleset.slug) if fmt == "json" else odds.to_csv(tables)


def starter_list(ruleset_slug: str) -> str:
    """A commented starter list for a ruleset, from its package's starter.yaml.j2 (a ruleset is one package)."""
    from importlib import resources

    from .templating import environment

    ruleset = rulesets.get(ruleset_slug)
    source = (resources.files(ruleset.package) / "starter.yaml.j2").read_text(encoding="utf-8")
    return environment().from_string(source).render(ruleset=ruleset, weapons=ruleset.weapons())


def schema(name: str) -> dict:
    """The JSON Schema of a ruleset's list format, or of tournament packs when name is 'pack'."""
    from .model import json_schema

    if name == "pack":
        from .pack import Pack

        return json_schema(Pack, "listgen tournament pack", "https://listgen.invalid/schema/pack.json")
    ruleset = rulesets.get(name)
    return json_schema(
        ruleset.army_model,
        f"{ruleset.title} army list (listgen)",
        f"https://listgen.invalid/schema/{ruleset.slug}.json",
    )


def find_lists(folder: Path, recursive: bool = True) -> list[Path]:
    """Every entry named *.yaml or *.yml in a folder, whatever it is: a folder, a broken link or a pipe so
    named is returned too, so that it is reported as unreadable rather than silently dropped. Linked folders
    are not followed (a link loop cannot trap the search)."""
    found = []
    for here, dirs, files in os.walk(folder, followlinks=False):
        found += [Path(here) / name for name in dirs + files if name.lower().endswith(LIST_SUFFIXES)]
        if not recursive:
            break
    return sorted(found)


def output_stems(paths, root: Path) -> dict:
    """path -> a file name stem from the list's own path (never its contents), unique among the paths:
    'x/y.yaml' is 'x__y'; when two lists would share one ('a.yaml' and 'a.yml'), the later gets '-2'."""
    stems, used = {}, set()
    for path in sorted(paths):
        try:
            rel = Path(os.path.relpath(path, root))
        except ValueError:
            rel = Path(Path(path).name)
        stem = "__".join(p for p in rel.with_suffix("").parts if p not in ("..", "."))
        n, candidate = 1, stem
        while candidate.lower() in used:
            n += 1
            candidate = f"{stem}-{n}"
        used.add(candidate.lower())
        stems[path] = candidate
    return stems


@dataclass
class BuildResult:
    reports: list = field(default_factory=list)
    written: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # what the user should know: renamed outputs


def build(folder: Path, out_dir: Path, paper: str = "a4", recursive: bool = False) -> BuildResult:
    """Every list in a folder (or one list): a roster each, then each ruleset's reference sheet and hit tables."""
    result = BuildResult()
    out_dir = Path(out_dir)
    used: list = []
    if os.path.isdir(folder):
        paths = find_lists(folder, recursive)
    else:  # one list named: built as a folder holding it alone
        paths, folder = [Path(folder)], Path(folder).parent
    stems = output_stems(paths, folder)
    plain: dict = {}
    for path in paths:
        plain.setdefault(output_stems([path], folder)[path].lower(), []).append(path)
    for same in (group for group in plain.values() if len(group) > 1):
        result.notes.append(
            f"{' and '.join(str(p) for p in same)} would print to the same roster name: "
            + ", ".join(f"{p} is {stems[p]}-roster.pdf" for p in same)
        )
    for path in paths:
        report = check_file_isolated(str(path))
        result.reports.append(report)
        if report.unreadable or report.army is None:
            continue  # reported by its findings; there is nothing to print
        target = out_dir / f"{stems[path]}-roster.pdf"
        cards = out_dir / f"{stems[path]}-cards.pdf"
        try:
            roster_pdf(report, target, paper)
            result.written.append(target)
            cards_pdf(report, cards, paper)
            result.written.append(cards)
            result.notes += unprintable(report)
        except ContractError as exc:  # a ruleset's bug on this list: said (exit 3), and the others still built
            report.findings.append(internal_finding(exc, "print this list"))
        except ListgenError:
            raise  # the output folder cannot be written: nothing else can be either
        except Exception as exc:  # noqa: BLE001 - one list never stops the build of the others
            report.findings.append(internal_finding(exc, "print this list"))
        if report.ruleset not in used:
            used.append(report.ruleset)
    for slug in used:
        sheet, tables_pdf, tables_json = (
            out_dir / f"{slug}-{kind}" for kind in ("reference.pdf", "hit-tables.pdf", "hit-tables.json")
        )
        reference_pdf(slug, sheet, None, paper)
        hit_tables(slug, tables_pdf, None, "pdf", paper)
        hit_tables(slug, tables_json, None, "json")
        result.written += [sheet, tables_pdf, tables_json]
    summary = [r.as_dict() for r in result.reports]
    write_atomic(out_dir / "validation.json", json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    result.written.append(out_dir / "validation.json")
    return result
