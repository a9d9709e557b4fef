"""The command line: parse arguments, make one library call, report, exit.

Exit codes (a contract): 0 all legal, 1 some list illegal, 2 unreadable input or bad usage.
Nothing heavy is imported here: renderers load inside the commands that render.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__
from .exceptions import ListgenError

app = typer.Typer(
    name="listgen",
    help="Validate, price and print army lists for miniature wargames: S.M.L.E., ...In the Noonday Sun, "
         "Close Action, Bounce into Action and Sol Prime.\n\n"
         "Start with `listgen new smle -o mylist.yaml`, then `listgen validate mylist.yaml`.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

OUTPUT = Path("output")


class Format(str, Enum):
    text = "text"
    json = "json"


class TableFormat(str, Enum):
    pdf = "pdf"
    json = "json"
    csv = "csv"


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class Hidden(str, Enum):
    a = "a"
    b = "b"
    none = "none"


class ExportFormat(str, Enum):
    md = "md"
    html = "html"
    bbcode = "bbcode"
    txt = "txt"


def _friendly(command):
    """Turn listgen's own errors into 'listgen: error: ...' and exit code 2 (also under CliRunner)."""
    import functools

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except ListgenError as exc:
            _fail(str(exc))
        except BrokenPipeError:
            raise
        except OSError as exc:
            _fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))

    return wrapper


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _fail(message: str, code: int = 2):
    _err(f"listgen: error: {message}")
    raise typer.Exit(code)


def _read(path: Path):
    """Check one list; on unreadable input print the located errors and exit 2."""
    from .validate import check_file

    report = check_file(str(path))
    if report.unreadable:
        for finding in report.findings:
            if finding.is_input_error:
                _err(finding.format(report.file))
        raise typer.Exit(2)
    return report


def _ruleset(slug: str):
    from . import rulesets

    try:
        return rulesets.get(slug)
    except ListgenError as exc:
        raise typer.BadParameter(str(exc), param_hint="RULESET")


def _out(path: Optional[Path], default: str) -> Path:
    return path if path is not None else OUTPUT / default


@app.command()
@_friendly
def rulesets():
    """List the supported rulesets, with each one's source text and how it values a force.

    Example: listgen rulesets
    """
    from . import rulesets as registry

    for slug in registry.slugs():
        r = registry.get(slug)
        typer.echo(f"{slug:<8} {r.title} ({r.authors}); {r.period}; {r.dice}")
        typer.echo(f"{'':<8} source: {r.source}, data version {r.data_version}; points: {r.points}")


@app.command()
@_friendly
def new(ruleset: str = typer.Argument(..., help="Ruleset slug, e.g. smle."),
        output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write here instead of stdout.")):
    """Print a commented starter list for a ruleset.

    Example: listgen new smle -o my-platoon.yaml
    """
    from .files import write_atomic
    from .generate import starter_list

    _ruleset(ruleset)
    text = starter_list(ruleset)
    if output is None:
        typer.echo(text, nl=False)
        return
    if output.exists():
        _fail(f"{output}: already exists; not overwriting it")
    write_atomic(output, text)
    typer.echo(f"wrote {output}")


@app.command()
@_friendly
def validate(lists: List[Path] = typer.Argument(..., metavar="LIST...", help="Army list files (YAML).", show_default=False),
             format: Format = typer.Option(Format.text, "--format", "-f", help="text or json."),
             strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors.")):
    """Check army lists against their ruleset: every problem, with file, line and rule.

    Exit code 0 when all lists are legal, 1 when some list is not, 2 when some file
    cannot be read as a list. Every list is checked and reported, whatever the others do.

    Examples:

      listgen validate armies/*.yaml

      listgen validate my-list.yaml --format json
    """
    from .generate import verdict
    from .validate import check_file

    reports = [check_file(str(path)) for path in lists]
    if format == Format.json:
        data = [r.as_dict(strict) for r in reports]
        typer.echo(json.dumps(data[0] if len(data) == 1 else data, indent=2, ensure_ascii=False))
    for report in reports:
        for finding in report.findings:
            if finding.is_input_error:
                _err(finding.format(report.file))
            elif format == Format.text:
                typer.echo(finding.format(report.file))
        if format == Format.text:
            what = f"{report.name} ({report.ruleset})" if report.name else "unreadable"
            pts = ""
            if report.points is not None:
                pts = f", {report.points}" + (f"/{report.points_limit}" if report.points_limit is not None else "") \
                    + f" {report.valuation.unit}"
                if report.valuation.unpriced:
                    pts += f" ({len(report.valuation.unpriced)} item(s) not priced)"
            typer.echo(f"{report.file}: {verdict(report, strict)}: {what}{pts}")
    if any(r.unreadable for r in reports):
        raise typer.Exit(2)
    if not all(r.legal(strict) for r in reports):
        raise typer.Exit(1)


@app.command()
@_friendly
def points(list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
           format: Format = typer.Option(Format.text, "--format", "-f", help="text or json.")):
    """Show what each unit costs, with the force multipliers and how every figure was reached.

    Example: listgen points armies/smle-british-rifle-platoon.yaml
    """
    from .value import show

    report = _read(list_file)
    val = report.valuation
    if format == Format.json:
        typer.echo(json.dumps({"file": report.file, "ruleset": report.ruleset, "name": report.name,
                               "points_limit": report.points_limit, **val.as_dict()}, indent=2, ensure_ascii=False))
        return
    typer.echo(f"{report.name} ({report.ruleset}): {val.scheme}")
    width = max((len(u.name) for u in val.units), default=10)
    for unit in val.units:
        typer.echo(f"  {unit.name:<{width}}  {show(unit.total):>6}  {unit.kind}: {unit.working()}")
    typer.echo(f"  {'Subtotal':<{width}}  {show(val.subtotal):>6}")
    for label, factor in val.side_multipliers:
        typer.echo(f"  {label:<{width}}  x{factor}")
    limit = f" of {report.points_limit}" if report.points_limit is not None else ""
    typer.echo(f"  {'Total':<{width}}  {show(val.total):>6}{limit} {val.unit}")
    for _path, item in val.unpriced:
        typer.echo(f"  not priced: {item}")
    for note in val.notes:
        typer.echo(f"  note: {note}")


@app.command()
@_friendly
def roster(list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
           output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF file (default output/NAME-roster.pdf)."),
           paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter.")):
    """Print the roster PDF to play from: figures, weapons, tick boxes and the verdict.

    An illegal list still prints, stamped NOT LEGAL with its findings.

    Example: listgen roster armies/smle-german-section.yaml -o german.pdf
    """
    from .generate import roster_pdf

    report = _read(list_file)
    out = _out(output, f"{list_file.stem}-roster.pdf")
    pages = roster_pdf(report, out, paper.value)
    typer.echo(f"wrote {out} ({pages} page{'s' * (pages != 1)}; {'legal' if report.legal() else 'NOT LEGAL'})")


@app.command()
@_friendly
def reference(ruleset: str = typer.Argument(..., help="Ruleset slug, e.g. smle."),
              army: Optional[Path] = typer.Option(None, "--army", help="Trim the sheet to this list's needs."),
              output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF file."),
              paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter.")):
    """Print the quick-reference sheet PDF for a ruleset (two sides), or one tailored to an army.

    Examples:

      listgen reference smle

      listgen reference smle --army armies/smle-partisan-band.yaml -o partisans-sheet.pdf
    """
    from .generate import reference_pdf

    _ruleset(ruleset)
    report = _read(army) if army else None
    _same_ruleset(ruleset, report)
    out = _out(output, f"{ruleset}-reference{'-' + army.stem if army else ''}.pdf")
    pages = reference_pdf(ruleset, out, report, paper.value)
    typer.echo(f"wrote {out} ({pages} side{'s' * (pages != 1)})")


def _same_ruleset(slug, report):
    if report is not None and report.ruleset != slug:
        _fail(f"{report.file} is a {report.ruleset} list, not {slug}")


@app.command("hit-tables")
@_friendly
def hit_tables(ruleset: str = typer.Argument(..., help="Ruleset slug, e.g. smle."),
               army: Optional[Path] = typer.Option(None, "--army", help="Only the tables and rows this list needs."),
               output: Optional[Path] = typer.Option(None, "-o", "--output", help="Output file; '-' for stdout (json/csv)."),
               format: TableFormat = typer.Option(TableFormat.pdf, "--format", "-f", help="pdf, json or csv."),
               paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter.")):
    """Exact hit tables: to-hit, autofire, damage, vehicle damage, close assault, activation odds.

    JSON gives every cell as an exact fraction "n/d" (or an object of outcome to "n/d").

    Examples:

      listgen hit-tables smle

      listgen hit-tables smle --format json -o -
    """
    from .generate import hit_tables as make
    from .generate import hit_tables_text

    _ruleset(ruleset)
    report = _read(army) if army else None
    _same_ruleset(ruleset, report)
    if str(output) == "-":
        if format == TableFormat.pdf:
            _fail("a PDF cannot go to stdout; give -o FILE.pdf")
        typer.echo(hit_tables_text(ruleset, report, format.value), nl=False)
        return
    suffix = f"-{army.stem}" if army else ""
    out = _out(output, f"{ruleset}-hit-tables{suffix}.{format.value}")
    pages = make(ruleset, out, report, format.value, paper.value)
    typer.echo(f"wrote {out}" + (f" ({pages} pages)" if pages else ""))


@app.command()
@_friendly
def build(folder: Path = typer.Argument(Path("armies"), help="Folder of lists."),
          output: Path = typer.Option(OUTPUT, "-o", "--output", help="Folder for the outputs."),
          paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
          recursive: bool = typer.Option(False, "--recursive", "-r", help="Also lists in sub-folders.")):
    """Everything for every list in a folder: rosters, reference sheets, hit tables, validation.json.

    Exit code as for validate: 0 all legal, 1 some illegal, 2 some unreadable.

    Example: listgen build armies -o output/
    """
    from .generate import build as run

    if not folder.is_dir():
        _fail(f"{folder}: no such folder")
    result = run(folder, output, paper.value, recursive=recursive)
    for report in result.reports:
        for finding in report.findings:
            if finding.is_input_error:
                _err(finding.format(report.file))
    for path in result.written:
        typer.echo(f"wrote {path}")
    illegal = [r.file for r in result.reports if not r.unreadable and not r.legal()]
    for file in illegal:
        typer.echo(f"{file}: NOT LEGAL (see its roster or `listgen validate {file}`)")
    typer.echo(f"{len(result.reports)} lists, {len(result.written)} files written")
    if not result.reports:
        _fail(f"{folder}: no .yaml lists found")
    if any(r.unreadable for r in result.reports):
        raise typer.Exit(2)
    if illegal:
        raise typer.Exit(1)


@app.command()
@_friendly
def schema(ruleset: str = typer.Argument("smle", help="Ruleset slug, or 'pack' for tournament packs."),
           output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write here instead of stdout.")):
    """Print the JSON Schema of a ruleset's list format (for editor completion and hover help).

    Example: listgen schema smle -o smle.schema.json, then start the list with
    `# yaml-language-server: $schema=smle.schema.json`. `listgen schema pack` describes tournament packs.
    """
    from .files import check_output, write_atomic
    from .generate import schema as make

    if ruleset == "pack":
        from .pack import pack_schema

        data = pack_schema()
    else:
        _ruleset(ruleset)
        data = make(ruleset)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    write_atomic(check_output(output), text)
    typer.echo(f"wrote {output}")


@app.command()
@_friendly
def balance(list_a: Path = typer.Argument(..., metavar="LIST_A", help="First side's list."),
            list_b: Path = typer.Argument(..., metavar="LIST_B", help="Second side's list."),
            hidden: Optional[Hidden] = typer.Option(None, "--hidden", help="Which side sets up hidden: a, b or none "
                                                    "(default: as the lists say)."),
            format: Format = typer.Option(Format.text, "--format", "-f", help="text or json.")):
    """Weigh two forces for a scenario: each side's value, the ratio, and what would even it.

    Values include the force multipliers; for rulesets without printed points the rating or
    borrowed scheme is named. Advice is in the rules' own terms (teams, prepared positions,
    objectives), with the rule that a side facing vehicles needs the means to stop them.

    Example: listgen balance armies/smle-british-rifle-platoon.yaml armies/smle-german-section.yaml --hidden b
    """
    from .balance import compare
    from .value import show

    a, b = _read(list_a), _read(list_b)
    result = compare(a, b, hidden.value if hidden else None)
    if format == Format.json:
        typer.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
        return
    for side in (result.a, result.b):
        mult = "".join(f" x{f} ({l})" for l, f in side.value.side_multipliers)
        typer.echo(f"{side.label}: {side.name} — {show(side.value.total)}{mult}  [{side.value.scheme}]")
    typer.echo(f"Ratio A:B = {float(result.ratio):.2f} : 1. {result.summary()}")
    typer.echo("To even it:" if result.advice else "")
    for line in result.advice:
        typer.echo(f"  - {line}")


@app.command()
@_friendly
def tournament(pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
               entries: List[Path] = typer.Argument(None, metavar="[LIST_OR_DIR]...",
                                                    help="Entries (default: the pack's 'lists:' folder)."),
               output: Path = typer.Option(OUTPUT / "tournament", "-o", "--output", help="Folder for the results."),
               paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter.")):
    """Check every entry of a club event against its ruleset and the pack; report and print the booklet.

    Writes results.csv and results.json (spreadsheets), report.pdf (one line per player for the
    notice board) and booklet.pdf (every roster in player order). A broken entry is reported and
    the others still checked. Exit code 0 when every list passes, 1 when any fails (or cannot be
    read), 2 when the pack itself is unusable. `listgen schema pack` describes the pack format.

    Example: listgen tournament armies/tournament/pack.yaml -o output/tournament
    """
    from .tournament import PackError, check_entries, entry_paths, open_pack, write

    try:
        event = open_pack(str(pack))
    except PackError as exc:
        for finding in exc.findings:
            _err(finding.format(exc.file))
        raise typer.Exit(2)
    paths = entry_paths(event, str(pack), entries or ())
    with _progress("Checking lists", len(paths)) as tick:
        result = check_entries(event, str(pack), paths, tick)
    with _progress("Printing rosters", len(result.entries)) as tick:
        written = write(result, output, paper.value, tick)
    for entry in result.entries:
        for finding in entry.report.findings:
            if finding.is_input_error:
                _err(finding.format(entry.report.file))
        state = "LEGAL" if entry.legal else ("UNREADABLE" if entry.report.unreadable else "NOT LEGAL")
        typer.echo(f"{state:<10} {entry.player}: {entry.report.name or entry.report.file}")
    for path in written:
        typer.echo(f"wrote {path}")
    if not result.entries:
        _fail("no entries found")
    if not result.all_legal:
        raise typer.Exit(1)


class _progress:
    """A progress bar on a terminal; silent when stderr is a file or a pipe."""

    def __init__(self, label: str, length: int):
        self.bar = typer.progressbar(length=length, label=label, file=sys.stderr) if sys.stderr.isatty() else None

    def __enter__(self):
        if self.bar is None:
            return lambda _item: None
        bar = self.bar.__enter__()
        return lambda _item: bar.update(1)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


@app.command()
@_friendly
def export(list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
           format: ExportFormat = typer.Option(..., "--format", "-f", help="md, html, bbcode or txt."),
           output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write here instead of stdout.")):
    """Export a list as Markdown, HTML, BBCode or plain text, for a forum post or a club site.

    Examples:

      listgen export armies/smle-german-section.yaml --format bbcode

      listgen export armies/smle-german-section.yaml --format html -o german.html
    """
    from .export import render
    from .files import check_output, write_atomic

    report = _read(list_file)
    text = render(report, format.value)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_atomic(check_output(output, [list_file]), text)
    typer.echo(f"wrote {output}")


def _version(value: bool):
    if value:
        typer.echo(f"listgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                              help="Show the version and exit.")):
    """Validate, price and print army lists for miniature wargames."""


def main():
    """Entry point: no traceback ever reaches a user."""
    try:
        app()
    except ListgenError as exc:
        _err(f"listgen: error: {exc}")
        sys.exit(2)
    except BrokenPipeError:  # e.g. `listgen points LIST | head`: the reader left; say nothing
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
    except KeyboardInterrupt:
        _err("listgen: interrupted")
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, without a traceback
        _err(f"listgen: internal error: {type(exc).__name__}: {exc} (please report this)")
        sys.exit(3)


if __name__ == "__main__":
    main()
