"""`listgen build`: every list in a folder (or one list): rosters, cards, each ruleset's reference sheet and hit
tables, and validation.json."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from listgen.core.exceptions import ContractError, ListgenError
from listgen.core.validate import check_file_isolated, internal_finding
from listgen.output.files import find_lists, write_atomic

from .hit_tables import hit_tables
from .printouts import of_scope
from .roster import unprintable


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
        try:
            for printout in of_scope("list"):  # the roster, the cards
                target = out_dir / printout.file_name(stems[path])
                printout.printed(report.rules.slug, target, paper, report, None)
                result.written.append(target)
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
        for printout in of_scope("ruleset"):  # the reference sheet, the hit tables
            target = out_dir / printout.file_name(slug)
            printout.printed(slug, target, paper, None, None)
            result.written.append(target)
        tables_json = out_dir / f"{slug}-hit-tables.json"  # the tables' numbers too, for other programs
        hit_tables(slug, tables_json, None, "json")
        result.written.append(tables_json)
    summary = [r.as_dict() for r in result.reports]
    write_atomic(out_dir / "validation.json", json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    result.written.append(out_dir / "validation.json")
    return result
