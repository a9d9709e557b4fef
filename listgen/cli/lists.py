"""The player's commands: a list made, checked, priced, printed, shared and compared; a ruleset's sheets."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from listgen import rulesets as registry
from listgen.commands.printouts import PRINTOUTS
from listgen.output import text
from listgen.output.console import echo, echo_lines
from listgen.output.files import is_stdout

from .common import (
    COMBINE,
    LARGE,
    OUTPUT,
    CardSize,
    ExportFormat,
    Format,
    Hidden,
    Paper,
    TableFormat,
    _emit,
    _exit_for,
    _fail,
    _finish,
    _friendly,
    _out,
    _output_file,
    _read,
    _ruleset,
    _stem,
    _wrote,
    app,
)


@app.command()
@_friendly
def rulesets():
    """List the supported rulesets, with each one's source text and how it values a force.

    Example: listgen rulesets
    """
    echo_lines(text.rulesets())


@app.command()
@_friendly
def new(
    ruleset: str = typer.Argument(..., help="Ruleset slug, e.g. smle."),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write here instead of stdout."
    ),
):
    """Print a commented starter list for a ruleset.

    With -o, the list's JSON Schema is written beside it too (RULESET.schema.json, unless it is there
    already), where the list's first line points an editor for completion and hover help.

    Example: listgen new smle -o my-platoon.yaml
    """
    import json

    from listgen.commands.new import starter_list
    from listgen.commands.schema import schema
    from listgen.output.files import refuse_event_file, write_atomic

    _ruleset(ruleset)
    if output is not None and not is_stdout(output):
        refuse_event_file(output)
    if output is not None and not is_stdout(output) and output.exists():
        _fail(f"{output}: already exists; not overwriting it")
    content = starter_list(ruleset)
    if output is None or is_stdout(output):
        echo(content, nl=False)
        return
    write_atomic(output, content)
    echo(f"wrote {output}")
    beside = output.parent / f"{ruleset}.schema.json"
    if not beside.exists():
        write_atomic(beside, json.dumps(schema(ruleset), indent=2, ensure_ascii=False) + "\n")
        echo(f"wrote {beside} (the schema its first line names)")


@app.command()
@_friendly
def validate(
    lists: list[Path] = typer.Argument(..., metavar="LIST...", help="Army list files (YAML).", show_default=False),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text or json."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
):
    """Check army lists against their ruleset: every problem, with file, line and rule.

    Exit code 0 when all lists are legal, 1 when some list is not, 2 when some file
    cannot be read as a list. Every list is checked and reported, whatever the others do.

    Examples:

      listgen validate armies/*.yaml

      listgen validate my-list.yaml --format json
    """
    from listgen.core.validate import check_file_isolated

    _finish(text.validation([check_file_isolated(str(path)) for path in lists], format.value, strict))


@app.command()
@_friendly
def points(
    list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text or json."),
):
    """Show what each unit costs, with the force multipliers and how every figure was reached.

    Example: listgen points armies/smle-british-rifle-platoon.yaml
    """
    report = _read(list_file)
    if format == Format.json:
        echo(text.points_json(report))
    else:
        echo_lines(text.points(report))


@app.command()
@_friendly
def roster(
    list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        parser=_output_file,
        metavar="FILE",
        help="PDF file (default output/NAME-roster.pdf); '-' for stdout.",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    large: bool = LARGE,
    combine: bool = COMBINE,
):
    """Print the roster PDF to play from: figures, weapons, tick boxes and the verdict.

    An illegal list still prints, stamped NOT LEGAL with its findings; the exit code is then 1, as for
    validate (0 legal, 2 unreadable).

    Examples:

      listgen roster armies/smle-german-section.yaml -o german.pdf

      listgen roster armies/smle-british-rifle-platoon.yaml --combine --large
    """
    from listgen.commands.roster import roster_pdf, unprintable

    report = _read(list_file)
    out = _out(output, PRINTOUTS["roster"].file_name(_stem(list_file)))
    pages = roster_pdf(report, out, paper.value, large, combine)
    _wrote(out, f"{pages} page{'s' * (pages != 1)}; {'legal' if report.legal() else 'NOT LEGAL'}")
    for line in unprintable(report):
        echo(f"listgen: warning: {line}", err=True)
    _exit_for(report)


@app.command()
@_friendly
def cards(
    list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        parser=_output_file,
        metavar="FILE",
        help="PDF file (default output/NAME-cards.pdf); '-' for stdout.",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    size: CardSize = typer.Option(
        CardSize.nine_up,
        "--size",
        help="nine-up (three across, three rows or more for short cards: 9-18 a page), or a size "
        "players sleeve, printed at that size: poker (63x88 mm), tarot (70x120 mm).",
    ),
    large: bool = LARGE,
    combine: bool = COMBINE,
):
    """Print unit cards: one card per team, squad, stand or platoon, with cut lines, three across and as many
    rows as the tallest card allows (9 to 18 a page).

    Each card: the unit's stats, weapons with range and effect, special rules and tick boxes, under the list's name and verdict.
    An illegal list still prints, NOT LEGAL on every card; the exit code is then 1, as for validate.

    Examples:

      listgen cards armies/smle-british-rifle-platoon.yaml -o platoon-cards.pdf

      listgen cards armies/smle-german-section.yaml --size poker
    """
    from listgen.commands.cards import cards_pdf
    from listgen.commands.roster import unprintable

    report = _read(list_file)
    out = _out(output, PRINTOUTS["cards"].file_name(_stem(list_file)))
    pages = cards_pdf(report, out, paper.value, size.value, large, combine)
    _wrote(out, f"{pages} page{'s' * (pages != 1)}; {'legal' if report.legal() else 'NOT LEGAL'}")
    for line in unprintable(report):
        echo(f"listgen: warning: {line}", err=True)
    _exit_for(report)


@app.command()
@_friendly
def reference(
    ruleset: str | None = typer.Argument(
        None, help="Ruleset slug, e.g. smle (or a list: its ruleset, and the sheet tailored to it).", show_default=False
    ),
    army: Path | None = typer.Option(None, "--army", help="Trim the sheet to this list's needs."),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        parser=_output_file,
        metavar="FILE",
        help="PDF file (default output/RULESET-reference.pdf); '-' for stdout.",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Print the quick-reference sheet PDF for a ruleset, or one tailored to an army.

    The sheet takes the fewest sides it fits (never more than it says), in the largest type that fits them.

    Examples:

      listgen reference smle

      listgen reference smle --army armies/smle-partisan-band.yaml -o partisans-sheet.pdf

      listgen reference --army armies/smle-partisan-band.yaml   (the list names its ruleset)
    """
    from listgen.commands.reference import reference_pdf

    ruleset, army, report = _ruleset_and_army(ruleset, army)
    out = _out(output, f"{ruleset}-reference{'-' + _stem(army) if army else ''}.pdf")
    pages = reference_pdf(ruleset, out, report, paper.value)
    _wrote(out, f"{pages} side{'s' * (pages != 1)}")


def _ruleset_and_army(slug: str | None, army: Path | None):
    """(ruleset slug, army file, its report) from RULESET and --army: the list names its own ruleset, so
    either may be left out, and a list given where the ruleset goes is taken as --army."""
    if slug is not None and army is None and slug.lower().endswith((".yaml", ".yml")):
        army, slug = Path(slug), None
    if slug is None and army is None:
        raise typer.BadParameter("name a ruleset (e.g. smle) or a list with --army", param_hint="RULESET")
    if slug is not None:
        _ruleset(slug)
    report = _read(army) if army else None
    if report is not None:
        if slug is not None and report.ruleset != slug:
            _fail(f"{report.file} is a {report.ruleset} list, not {slug}")
        slug = report.ruleset
    return slug, army, report


def _target_lines(ruleset: str) -> list[str]:
    from listgen import rulesets

    rules = rulesets.get(ruleset)
    profiles = rules.target_profiles()
    if not profiles:
        return [rules.matchup_refusal() or f"{rules.title} has no named targets"]
    width = max(len(name) for name in profiles)
    return [f"{name:<{width}}  {t.unit}: {t.what}" for name, t in profiles.items()]


def _opponent(against: Path | None, army: Path | None, ruleset: str):
    """The opponent for a matchup: a list of one ruleset with yours, or the ruleset's named targets."""
    if against is None:
        return None
    if army is None:
        raise typer.BadParameter("a matchup needs your list too: --army MINE.yaml --against THEIRS.yaml")
    if not is_stdout(against) and not against.exists() and not against.suffix:  # names, not a file
        return [name.strip() for name in str(against).split(",") if name.strip()]
    theirs = _read(against)
    if theirs.ruleset != ruleset:
        _fail(
            f"{against} is a {theirs.ruleset} list and {army} a {ruleset} list: a matchup needs two lists of one ruleset"
        )
    return theirs


@app.command("hit-tables")
@_friendly
def hit_tables(
    ruleset: str | None = typer.Argument(
        None, help="Ruleset slug, e.g. smle (or a list: its ruleset, and only the tables it needs).", show_default=False
    ),
    army: Path | None = typer.Option(None, "--army", help="Only the tables and rows this list needs."),
    against: Path | None = typer.Option(
        None,
        "--against",
        metavar="THEIRS",
        help="The opponent's list (same ruleset): a matchup sheet of what each side's units do to the other's. "
        "Or named targets, comma-separated (see --targets).",
    ),
    targets: bool = typer.Option(False, "--targets", help="List the ruleset's named targets for --against."),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        parser=_output_file,
        metavar="FILE",
        help="Output file (default: stdout for json and csv, output/RULESET-hit-tables.pdf for pdf).",
    ),
    format: TableFormat = typer.Option(TableFormat.pdf, "--format", "-f", help="pdf, json or csv."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Exact hit tables: to-hit, autofire, damage, vehicle damage, close assault, activation odds.

    With --army and --against, a matchup sheet instead: for each of your units' weapons, by range band and
    the target's cover, the chance of at least 1, 2 and 3 casualties (or knock-outs) on each of the
    opponent's units, and the expected number; then the same the other way round.

    JSON gives every cell as an exact fraction "n/d" (or an object of outcome to "n/d"; a matchup's cell
    gives the whole distribution, at least 1/2/3, mean and median).

    Examples:

      listgen hit-tables smle

      listgen hit-tables smle --format csv > smle-odds.csv

      listgen hit-tables --army mine.yaml --against theirs.yaml

      listgen hit-tables smle --targets

      listgen hit-tables --army mine.yaml --against body-armoured-veterans,light-tank
    """
    from listgen.commands.hit_tables import hit_tables as make
    from listgen.commands.hit_tables import hit_tables_text

    ruleset, army, report = _ruleset_and_army(ruleset, army)
    if targets:
        echo_lines(_target_lines(ruleset))
        return
    theirs = _opponent(against, army, ruleset)
    if format != TableFormat.pdf and (output is None or is_stdout(output)):
        echo(hit_tables_text(ruleset, report, format.value, theirs), nl=False)  # the numbers, like validate's JSON
        return
    if against is not None:
        suffix = f"-matchup-{_stem(army)}-vs-{'targets' if isinstance(theirs, list) else _stem(against)}"
    else:
        suffix = f"-{_stem(army)}" if army else ""
    out = _out(output, f"{ruleset}-hit-tables{suffix}.{format.value}")
    pages = make(ruleset, out, report, format.value, paper.value, theirs)
    _wrote(out, f"{pages} page{'s' * (pages != 1)}" if pages else "")


@app.command()
@_friendly
def opponent(
    mine: Path = typer.Argument(..., metavar="MINE", help="Your list."),
    theirs: Path = typer.Argument(..., metavar="THEIRS", help="The opponent's list (same ruleset)."),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        parser=_output_file,
        metavar="FILE",
        help="PDF file (default output/THEIRS-opponent.pdf); '-' for stdout.",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    large: bool = LARGE,
):
    """Print the opponent's summary: one page of what you will face.

    Each of their units: its size and quality, its weapons, and what each weapon does to the unit of yours there
    are most of, in the open at each range band: the chance of at least one casualty (or knock-out) and the
    number expected, from the matchup (hit-tables --army MINE --against THEIRS has every target and cover).

    Example: listgen opponent armies/smle-british-rifle-platoon.yaml armies/smle-german-section.yaml
    """
    from listgen.commands.opponent import opponent_pdf

    report = _read(mine)
    them = _opponent(theirs, mine, report.ruleset)
    if not hasattr(them, "army"):
        raise typer.BadParameter(f"{theirs}: no such list")
    out = _out(output, PRINTOUTS["opponent"].file_name(_stem(theirs)))
    pages = opponent_pdf(report, them, out, paper.value, large)
    _wrote(out, f"{pages} page{'s' * (pages != 1)}")


@app.command()
@_friendly
def build(
    folder: Path = typer.Argument(Path("armies"), metavar="[LIST_OR_DIR]", help="A folder of lists, or one list."),
    output: Path = typer.Option(OUTPUT, "-o", "--output", help="Folder for the outputs."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    recursive: bool = typer.Option(False, "--recursive", "-r", help="Also lists in sub-folders."),
):
    """Everything for every list in a folder: rosters, unit cards, reference sheets, hit tables, validation.json.

    Exit code as for validate: 0 all legal, 1 some illegal, 2 some unreadable.

    Example: listgen build armies -o output/
    """
    from listgen.commands.build import build as run

    if not folder.exists():
        _fail(f"{folder}: no such file or folder")
    result = run(folder, output, paper.value, recursive=recursive)
    if not result.reports:
        _fail(f"{folder}: no .yaml lists found")
    _finish(text.build(result))


@app.command()
@_friendly
def schema(
    ruleset: str | None = typer.Argument(
        None,
        help=f"Ruleset slug ({', '.join(registry.slugs())}), 'pack' for tournament packs or 'results' for an "
        "event's export. Without one: "
        "S.M.L.E.'s (smle), said on stderr.",
        show_default=False,
    ),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write here instead of stdout."
    ),
):
    """Print the JSON Schema of a ruleset's list format (for editor completion and hover help).

    Example: listgen schema smle -o smle.schema.json, then start the list with
    `# yaml-language-server: $schema=smle.schema.json`. `listgen schema pack` describes tournament packs.
    """
    import json

    from listgen.commands.schema import schema as make

    if ruleset is None:
        ruleset = "smle"
        typer.echo(
            "listgen: no ruleset named: this is S.M.L.E.'s schema (listgen schema RULESET for another)", err=True
        )
    if ruleset not in ("pack", "results"):
        _ruleset(ruleset)
    _emit(json.dumps(make(ruleset), indent=2, ensure_ascii=False) + "\n", output)


@app.command()
@_friendly
def balance(
    list_a: Path = typer.Argument(..., metavar="LIST_A", help="First side's list."),
    list_b: Path = typer.Argument(..., metavar="LIST_B", help="Second side's list."),
    hidden: Hidden | None = typer.Option(
        None, "--hidden", help="Which side sets up hidden: a, b or none (default: as the lists say)."
    ),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text or json."),
    matchup: Path | None = typer.Option(
        None,
        "--matchup",
        parser=_output_file,
        metavar="FILE.pdf",
        help="Also write the matchup sheet (what each side's units do to the other's) to this PDF.",
    ),
):
    """Weigh two forces for a scenario: each side's value, the ratio, and what would even it.

    Values include the force multipliers; for rulesets without printed points the rating or
    borrowed scheme is named. Advice is in the rules' own terms (teams, prepared positions,
    objectives), with the rule that a side facing vehicles needs the means to stop them.
    Every output says what a side's value leaves out (items with no price) and when a list is
    not legal; the exit code is then 1, as for validate.

    With --matchup, the matchup sheet of the two lists is written too (as `hit-tables --army A --against B`).

    Example: listgen balance armies/smle-british-rifle-platoon.yaml armies/smle-german-section.yaml --hidden b
    """
    from listgen.core.balance import compare

    report_a, report_b = _read(list_a), _read(list_b)
    result = compare(report_a, report_b, hidden.value if hidden else None)
    if matchup is not None:
        from listgen.commands.hit_tables import hit_tables as make

        pages = make(report_a.ruleset, matchup, report_a, "pdf", "a4", report_b)
        detail = f"matchup sheet, {pages} page{'s' * (pages != 1)}"
        if format == Format.json:  # standard output holds the JSON alone
            echo(f"wrote {matchup} ({detail})", err=True)
        else:
            _wrote(matchup, detail)
    if format == Format.json:
        import json

        echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        echo_lines(text.balance(result))
    if not result.legal:
        raise typer.Exit(text.ILLEGAL)


@app.command()
@_friendly
def export(
    list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file."),
    format: ExportFormat = typer.Option(..., "--format", "-f", help="md, html, bbcode or txt."),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write here instead of stdout."
    ),
):
    """Export a list as Markdown, HTML, BBCode or plain text, for a forum post or a club site.

    Examples:

      listgen export armies/smle-german-section.yaml --format bbcode

      listgen export armies/smle-german-section.yaml --format html -o german.html
    """
    from listgen.commands.export import render

    report = _read(list_file)
    _emit(render(report, format.value), output, [list_file])


@app.command()
@_friendly
def share(list_file: Path = typer.Argument(..., metavar="LIST", help="Army list file.")):
    """Print the list as a share code: one line that is the whole list, for a message or a forum post.

    `listgen import CODE` turns it back into the list, with every value the checks and prices read (comments are
    not kept). Every roster prints the same code as a QR code, with the list's short hash.

    Example: listgen share armies/smle-german-section.yaml
    """
    from listgen.core.share import encode, list_hash

    report = _read(list_file)
    echo(encode(report.document.data, report.rules.code))
    echo(f"list {list_hash(report.document.data)}", err=True)


@app.command("import")
@_friendly
def import_(
    code: str = typer.Argument(..., metavar="CODE", help="A share code (LG1:...), or '-' to read it from stdin."),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write the list here instead of stdout."
    ),
):
    """Turn a share code (from `listgen share`, or scanned from a roster's QR code) back into a YAML list.

    A damaged or foreign code is refused with a plain message (exit code 2); an existing file is never
    overwritten.

    Put the code in single quotes: a code holds '$', which the shell changes inside double quotes.

    Example: listgen import 'LG1:SMLE:...' -o their-list.yaml

    Example: listgen share mine.yaml | listgen import - -o copy.yaml
    """
    from listgen.core.share import ShareCodeError, list_text, read_code
    from listgen.output.files import refuse_event_file, write_atomic

    if output is not None and not is_stdout(output):
        refuse_event_file(output)
    typed = code != "-"
    if not typed:
        code = read_code(sys.stdin)
    try:
        content = list_text(code)
    except ShareCodeError as exc:
        if typed and "$" not in code and code.startswith("LG"):  # the shell took every '$...' out of it
            raise ShareCodeError(
                f"{exc} (typed in double quotes, a code loses each '$' and what follows it to the shell: "
                "put it in single quotes, or pipe it: listgen share LIST | listgen import -)"
            ) from None
        raise
    if output is None or is_stdout(output):
        echo(content, nl=False)
        return
    if output.exists():
        _fail(f"{output}: already exists; not overwriting it")
    write_atomic(output, content)
    echo(f"wrote {output}")


@app.command()
@_friendly
def diff(
    first: Path = typer.Argument(..., metavar="A", help="The list as it was."),
    second: Path = typer.Argument(..., metavar="B", help="The list as it is."),
):
    """Show what changed from list A to list B: units added or removed, each value changed, and the points.

    Lines read '- ' removed, '+ ' added, '~ ' changed, in the list's own order; named entries (teams, squads,
    stands) are matched by name. Exit code 0 when the lists hold the same values, 1 when they differ.

    Example: listgen diff submitted.yaml played.yaml
    """
    from listgen.core.diff import compare

    lines = compare(_read(first), _read(second))
    echo_lines(lines or ["no change: the two lists hold the same values"])
    if lines:
        raise typer.Exit(1)
