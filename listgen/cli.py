"""The command line: parse arguments, make one library call, print what it says, exit.

Exit codes (a contract): 0 all legal, 1 some list illegal, 2 unreadable input or bad usage.
Nothing heavy is imported here: renderers load inside the commands that render. A plain
``listgen validate`` does not even come here (see ``__main__.py``).
"""

from __future__ import annotations

import re
import sys
from enum import Enum
from pathlib import Path

import typer
from typer.core import TyperCommand

from listgen import __version__
from listgen.commands.printouts import PRINTOUTS
from listgen.core.exceptions import ContractError, ListgenError
from listgen.output import text
from listgen.output.console import echo, echo_lines
from listgen.output.files import is_stdout

from . import rulesets as registry

app = typer.Typer(
    name="listgen",
    help="Validate, price and print army lists for miniature wargames. Rulesets: "
    f"{', '.join(registry.slugs())} (`listgen rulesets` says more).\n\n"
    "Start with `listgen new smle -o mylist.yaml`, then `listgen validate mylist.yaml`.",
    no_args_is_help=True,
    add_completion=True,
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


class CardSize(str, Enum):
    nine_up = "nine-up"
    poker = "poker"
    tarot = "tarot"


class Hidden(str, Enum):
    a = "a"
    b = "b"
    none = "none"


class ExportFormat(str, Enum):
    md = "md"
    html = "html"
    bbcode = "bbcode"
    txt = "txt"


def _help_text(doc: str | None) -> str | None:
    """A docstring as --help shows it: each paragraph one line for the terminal to wrap (the help would
    otherwise break where the source does, and again where the terminal does); example lines kept as they are."""
    if not doc:
        return doc
    import inspect

    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(p if p.startswith(" ") else " ".join(p.split("\n")) for p in paragraphs)


def _friendly(command):
    """Turn listgen's own errors into 'listgen: error: ...' and exit code 2 (also under CliRunner)."""
    import functools

    command.__doc__ = _help_text(command.__doc__)

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except ContractError as exc:  # a bug of listgen's, never the list's: exit 3, as the README says
            _fail(f"internal error: {exc} (please report this)", text.INTERNAL_ERROR)
        except ListgenError as exc:
            _fail(str(exc))
        except BrokenPipeError:
            raise
        except OSError as exc:
            _fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))

    return wrapper


def _fail(message: str, code: int = 2):
    echo(f"listgen: error: {message}", err=True)
    raise typer.Exit(code)


def _finish(output: text.Output):
    """Print what a command has to say and leave with its exit code."""
    echo_lines(output.err, err=True)
    echo_lines(output.out)
    if output.code:
        raise typer.Exit(output.code)


def _read(path: Path):
    """Check one list; on unreadable input print the located errors and exit 2."""
    from listgen.core.validate import check_file

    report = check_file(str(path))
    if report.unreadable:
        _finish(text.Output([], text.input_errors([report]), text.UNREADABLE))
    return report


def _exit_for(report) -> None:
    """After printing a list: exit code 1 when it is not legal (the PDF is written all the same, stamped so)."""
    if not report.legal():
        echo(f"{report.file}: {text.verdict(report)}: see `listgen validate {report.file}`", err=True)
        raise typer.Exit(text.ILLEGAL)


def _output_file(value: str) -> Path:
    """-o FILE as a path; a name ending in '/' means a folder, which no such option takes (the trailing slash
    is lost once it is a Path, and the file would be written under the folder's name)."""
    if value.endswith(("/", "\\")) and value != "/":
        _fail(f"{value}: ends with '/', so names a folder; give a file name, e.g. {value}out.pdf")
    return Path(value)


def _emit(content: str, output: Path | None, inputs=()) -> None:
    """Text to standard output, or written to -o FILE (atomically, never over a list or an input)."""
    if output is None or str(output) == "-":
        echo(content, nl=False)
        return
    from listgen.output.files import check_output, write_atomic

    check_output(output, inputs)
    write_atomic(output, content)
    echo(f"wrote {output}")


def _ruleset(slug: str):
    try:
        return registry.get(slug)
    except ListgenError as exc:
        raise typer.BadParameter(str(exc), param_hint="RULESET") from exc


def _out(path: Path | None, default: str) -> Path:
    return path if path is not None else OUTPUT / default


def _stem(list_file: Path) -> str:
    """A list's file name without its suffix, for an output's name ('-', standard input, is 'stdin')."""
    return "stdin" if is_stdout(list_file) else list_file.stem


def _wrote(out, detail: str = "") -> None:
    """Say what was written, unless it went to standard output (which it would then corrupt)."""
    if not is_stdout(out):
        echo(f"wrote {out}" + (f" ({detail})" if detail else ""))


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

    from listgen.output.files import write_atomic

    from .commands.new import starter_list
    from .commands.schema import schema

    _ruleset(ruleset)
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
    large: bool = typer.Option(
        False, "--large", help="Large print, read at arm's length: everything half as large again (body text 11 pt)."
    ),
    combine: bool = typer.Option(
        False,
        "--combine",
        help="Off by default. Identical units combined under one heading ('3 x Rifle team') and identical figures on one line "
        "('4 x Rifle'), every figure still boxed; a leader, a casualty or an option that differs splits them.",
    ),
):
    """Print the roster PDF to play from: figures, weapons, tick boxes and the verdict.

    An illegal list still prints, stamped NOT LEGAL with its findings; the exit code is then 1, as for
    validate (0 legal, 2 unreadable).

    Examples:

      listgen roster armies/smle-german-section.yaml -o german.pdf

      listgen roster armies/smle-british-rifle-platoon.yaml --combine --large
    """
    from .commands.roster import roster_pdf, unprintable

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
    large: bool = typer.Option(
        False, "--large", help="Large print, read at arm's length: everything half as large again (body text 11 pt)."
    ),
    combine: bool = typer.Option(
        False,
        "--combine",
        help="Off by default. Identical units combined under one heading ('3 x Rifle team') and identical figures on one line "
        "('4 x Rifle'), every figure still boxed; a leader, a casualty or an option that differs splits them.",
    ),
):
    """Print unit cards: one card per team, squad, stand or platoon, with cut lines, three across and as many
    rows as the tallest card allows (9 to 18 a page).

    Each card: the unit's stats, weapons with range and effect, special rules and tick boxes, under the list's name and verdict.
    An illegal list still prints, NOT LEGAL on every card; the exit code is then 1, as for validate.

    Examples:

      listgen cards armies/smle-british-rifle-platoon.yaml -o platoon-cards.pdf

      listgen cards armies/smle-german-section.yaml --size poker
    """
    from .commands.cards import cards_pdf
    from .commands.roster import unprintable

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
    from .commands.reference import reference_pdf

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
    from . import rulesets

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
    from .commands.hit_tables import hit_tables as make
    from .commands.hit_tables import hit_tables_text

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
    large: bool = typer.Option(
        False, "--large", help="Large print, read at arm's length: everything half as large again."
    ),
):
    """Print the opponent's summary: one page of what you will face.

    Each of their units: its size and quality, its weapons, and what each weapon does to the unit of yours there
    are most of, in the open at each range band: the chance of at least one casualty (or knock-out) and the
    number expected, from the matchup (hit-tables --army MINE --against THEIRS has every target and cover).

    Example: listgen opponent armies/smle-british-rifle-platoon.yaml armies/smle-german-section.yaml
    """
    from .commands.opponent import opponent_pdf

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
    from .commands.build import build as run

    if not folder.exists():
        _fail(f"{folder}: no such file or folder")
    result = run(folder, output, paper.value, recursive=recursive)
    if not result.reports:
        _fail(f"{folder}: no .yaml lists found")
    _finish(text.build(result))


@app.command()
@_friendly
def site(
    folder: Path = typer.Argument(Path("."), metavar="[FOLDER]", help="Its lists become the site's examples."),
    output: Path = typer.Option(Path("public"), "-o", "--output", help="Folder for the site (made or replaced)."),
    pyodide: Path | None = typer.Option(
        None, "--pyodide", metavar="FILE", help="Pyodide's npm tarball, for a build without a network."
    ),
):
    """Write a static site that runs the page of `listgen serve` in each player's browser, nothing installed.

    listgen's own Python runs in the browser (Pyodide, in the site's service worker): the same builder,
    findings, points and PDFs as the command line, computed on the player's computer or phone. Lists are kept in
    the browser and never sent anywhere; after the first visit the site works offline. Copy the folder to any
    static host (a club's web space, GitHub Pages), or try it here with python -m http.server.

    FOLDER's lists become the site's examples. With an event pack (pack.yaml) in FOLDER, the site is the event's
    entry page: it checks each list against the event's limits and restrictions and gives the player a receipt
    (share code, QR code and hash) to send the organiser, who reads the codes back with listgen import.

    The Pyodide runtime (the npm registry's pyodide package, pinned by version and sha512) is downloaded once
    into ~/.cache/listgen; without a network, give the file with --pyodide.

    Example: listgen site armies -o public && python -m http.server -d public
    """
    from .commands.site import build_site

    built = build_site(folder, output, pyodide)
    kind = f"the entry page of {built.event}" if built.event else "a site"
    echo(
        f"wrote {kind} in {built.folder}: {len(built.files)} files, {built.size / 1e6:.1f} MB, {len(built.examples)} examples"
    )
    for what in built.left_out:
        echo(f"left out: {what}: an event's entries are never published")
    echo(f"try it: python -m http.server -d {built.folder}  (then open http://127.0.0.1:8000/)")


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

    from .commands.schema import schema as make

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
        from .commands.hit_tables import hit_tables as make

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


class _TournamentCommand(TyperCommand):
    """`listgen tournament`'s help ends with a Commands box of the rounds' subcommands (pair, result, standings),
    as Typer draws one for a group: `tournament PACK` itself stays the entry check it always was."""

    def format_help(self, ctx, formatter) -> None:
        super().format_help(ctx, formatter)
        group = typer.main.get_command(rounds_app)
        commands = [group.get_command(ctx, name) for name in group.list_commands(ctx)]  # type: ignore[attr-defined]
        try:
            from typer import rich_utils

            rich_utils._print_commands_panel(
                name="Commands (after the deadline; each has --help)",
                commands=commands,
                markup_mode=self.rich_markup_mode or "rich",
                console=rich_utils._get_rich_console(),
                cmd_len=max(len(c.name or "") for c in commands),
            )
        except (ImportError, AttributeError, TypeError):  # Typer drawing no boxes, or drawing them otherwise
            echo("Commands (after the deadline; each has --help):")
            for command in commands:
                echo(f"  {command.name:<10} {(command.help or '').splitlines()[0]}")


@app.command(cls=_TournamentCommand)
@_friendly
def tournament(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    entries: list[Path] = typer.Argument(
        None, metavar="[LIST_OR_DIR]...", help="Entries (default: the pack's 'lists:' folder)."
    ),
    output: Path = typer.Option(OUTPUT / "tournament", "-o", "--output", help="Folder for the results."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    receipts: bool = typer.Option(False, "--receipts", help="Also write receipts/: one page per entry to sign."),
    lock: bool = typer.Option(False, "--lock", help="Lock the event: record every entry's hash (PACK.lock.json)."),
):
    """Check every entry of a club event against its ruleset and the pack; report and print the booklet.

    Writes results.csv and results.json (spreadsheets), report.pdf (one line per player for the
    notice board) and booklet.pdf (every roster in player order), swapped into the folder together
    once all are written. A broken entry is reported and the others still checked. Exit code 0 when
    every list passes, 1 when any fails, 2 when an entry cannot be read or the pack is unusable.
    `listgen schema pack` describes the pack format.

    After the deadline: `listgen tournament pair PACK`, `listgen tournament result PACK CODE SCORE SCORE` and
    `listgen tournament standings PACK` run the rounds (each has --help).

    A player entered twice is an error on both entries. --receipts writes a one-page receipt per entry (verdict,
    findings, points, the list's hash and QR code) for the player to sign. --lock, at the deadline, records each
    entry's hash, verdict and values beside the pack (PACK.lock.json); every later run compares against it and
    reports each entry changed since (and what changed), entered after, or missing.

    Examples:

      listgen tournament armies/tournament/pack.yaml -o output/tournament --receipts

      listgen tournament armies/tournament/pack.yaml --lock
    """
    from listgen.events.rounds_files import event_lock

    with event_lock(str(pack), "check of the entries"):
        _tournament(pack, entries, output, paper, receipts, lock)


def _tournament(pack: Path, entries: list[Path], output: Path, paper: Paper, receipts: bool, lock: bool) -> None:
    from listgen.events.tournament import PackError, check_entries, entry_paths, lock_path, open_pack, read_lock, write
    from listgen.events.tournament import lock as lock_event

    try:
        event = open_pack(str(pack))
    except PackError as exc:
        _finish(text.Output([], [f.format(exc.file) for f in exc.findings], text.UNREADABLE))
    paths = entry_paths(event, str(pack), entries or ())
    locked = read_lock(str(pack))
    if lock and locked is not None:
        _fail(f"{lock_path(str(pack))}: the event is locked already; delete the lock file to lock it again")
    with _progress("Checking lists", len(paths)) as tick:
        result = check_entries(event, str(pack), paths, tick, locked)
    result.receipts = receipts
    with _progress("Printing rosters", len(result.entries)) as tick:
        written = write(result, output, paper.value, tick)
    if not result.entries:
        _fail("no entries found")
    if lock:
        from listgen.events.rounds_files import read_state, with_secret

        written.append(lock_event(result))
        with_secret(str(pack), read_state(str(pack)))  # the key of every slip's code, made with the lock
    _finish(text.tournament(result, written))


# `listgen tournament pair|result|standings ...`: the rounds after the deadline. `tournament PACK` stays the list
# check it always was; __main__ sends these three words here.
rounds_app = typer.Typer(
    name="listgen tournament",
    help="Run an event's rounds: pair a round, record a slip's result, print the standings.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@rounds_app.command("pair", short_help="Pair the next round: the round file, pairings and result slips.")
@_friendly
def tournament_pair(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    round_: int | None = typer.Option(None, "--round", "-r", min=1, help="The round to pair (default: the next)."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the printouts."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    seed: int | None = typer.Option(None, "--seed", help="Round 1's draw from this number instead of the pack's."),
):
    """Pair a round: Swiss by event points from the results so far (round 1 at random from the pack's seed, or
    with clubs apart), no rematch where any pairing avoids it, the bye to the lowest ranked who has had none.

    Writes the round file beside the pack (results/round-N.yaml: the pairings, a score to fill in per table, each
    slip's code) and, in the output folder, round-N-pairings.pdf (by table and by name), .csv and .json, and
    round-N-slips.pdf (a result slip per table with its code and QR code). A round is paired once: delete its
    file to pair it again. The pack's 'rounds:' sets the seed, scoring, tie-breakers, clubs, fixed tables, drops.

    Example: listgen tournament pair armies/tournament/pack.yaml --round 1
    """
    from dataclasses import replace

    from listgen.events.rounds_files import event_lock, open_event, pair_round, with_secret

    with event_lock(str(pack), "pair"):
        event = open_event(str(pack))
        on_file, earlier = event.rounds()
        if not on_file and not event.secret:  # the first pairing keys the event's slip codes
            event = replace(event, state=with_secret(str(pack), event.state))
        if seed is not None:
            event = replace(event, pack=event.pack.replace(rounds=event.rules.replace(seed=seed)))
        pairing, written = pair_round(event, round_, output, paper.value)
    left = " (left out of the pairing: the pack says entries: exclude)" if event.rules.entries == "exclude" else ""
    for note in event.notes:
        echo(f"note: {note}{left}")
    for note in earlier + pairing.notes:
        echo(f"note: {note}")
    for table, players in pairing.games:
        echo(f"table {table:>3}: {players[0]} v {players[1]}" if table else f"bye:       {players[0]}")
    for path in written:
        echo(f"wrote {path}")


@rounds_app.command("result", short_help="Record a table's result from its slip's code (or a forfeit, or a sheet).")
@_friendly
def tournament_result(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    code: str | None = typer.Argument(None, metavar="[CODE]", help="The slip's code, e.g. R2-T5-K7QM."),
    first: int | None = typer.Argument(None, metavar="[SCORE]", help="The first player's score, as on the slip."),
    second: int | None = typer.Argument(None, metavar="[SCORE]", help="The second player's score."),
    forfeit: str | None = typer.Option(
        None, "--forfeit", metavar="PLAYER", help="PLAYER forfeits (a no-show): 0 to the pack's forfeit_score."
    ),
    sheet: Path | None = typer.Option(
        None, "--sheet", metavar="FILE.csv", help="A whole round's results: code, score, score a line."
    ),
):
    """Record a table's result from its slip: the code (typed, or scanned off the slip's QR code) and both scores,
    in the slip's order. A code typed wrong, of another round or event, or a table recorded already with another
    result is a plain error and changes nothing (to change a result, edit the round file).

    --forfeit PLAYER records a forfeit or no-show (no scores): that player scores 0, the other the pack's
    forfeit_score (1 unless it says), a win. --sheet FILE.csv records a whole round from one sheet, every line
    checked first: all recorded, or none.

    Example: listgen tournament result armies/tournament/pack.yaml R1-T2-K7QM 12 4

    Example: listgen tournament result armies/tournament/pack.yaml R1-T3-PQ7M --forfeit "Dave Dodd"

    Example: listgen tournament result armies/tournament/pack.yaml --sheet round-3.csv
    """
    from listgen.events.rounds_files import event_lock, open_event, record, record_sheet

    scores = (first, second)
    if sheet is not None:
        if code is not None or forfeit is not None:
            _fail("--sheet takes the codes and scores from the sheet: give no CODE, SCORE or --forfeit with it")
    elif code is None:
        _fail("give a slip's CODE and both SCOREs, CODE --forfeit PLAYER, or --sheet FILE.csv")
    elif forfeit is not None and (first is not None or second is not None):
        _fail("a forfeit has no scores: the pack's forfeit_score and 0 are recorded")
    elif forfeit is None and (first is None or second is None):
        _fail(f"{code}: give both players' scores, in the slip's order (or --forfeit PLAYER)")
    with event_lock(str(pack), "result"):
        event = open_event(str(pack))
        if sheet is not None:
            echo_lines(record_sheet(event, sheet))
        else:
            assert code is not None
            echo(record(event, code, None if forfeit else (scores[0], scores[1]), forfeit))


@rounds_app.command("drop", short_help="Drop a player after a round: paired in no later round.")
@_friendly
def tournament_drop(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player, as his list names him."),
    after: int | None = typer.Option(
        None, "--after", min=0, help="The last round he plays (default: the last paired)."
    ),
):
    """Drop a player: he is paired in no round after --after (the last round paired, unless given) and the
    standings mark him. Kept beside the pack (PACK.event.json): no edit of the pack.

    Example: listgen tournament drop armies/tournament/pack.yaml "Pam Pike" --after 3
    """
    from listgen.events.rounds_files import drop, event_lock, open_event

    with event_lock(str(pack), "drop"):
        echo(drop(open_event(str(pack)), player, after))


@rounds_app.command("admit", short_help="Admit a re-submitted or late list into the lock.")
@_friendly
def tournament_admit(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player whose list is admitted."),
):
    """Admit a player's list as it is now: a list re-submitted after the lock, or a late entry. Its hash and
    values join the lock (PACK.lock.json) with the date; every later check reports it 'admitted', not changed or
    late. The list must read.

    Example: listgen tournament admit armies/tournament/pack.yaml "Alice Archer"
    """
    from listgen.events.rounds_files import admit, event_lock, open_event

    with event_lock(str(pack), "admit"):
        echo(admit(open_event(str(pack)), player))


@rounds_app.command("swap", short_help="Swap the opponents of two tables of a round, before results.")
@_friendly
def tournament_swap(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    round_: int = typer.Argument(..., metavar="ROUND", min=1, help="The round."),
    first: int = typer.Argument(..., metavar="TABLE", min=1, help="One table."),
    second: int = typer.Argument(..., metavar="TABLE", min=1, help="The other table."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the printouts."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Swap the opponents of two tables before either has a result: the first table's second player and the
    second table's change places. Refused where it makes a rematch, moves a player off his fixed table, or puts
    clubmates together in a round 1 that keeps clubs apart. The round file is written anew, each table's code is its
    new players' (the old slips' codes no longer record), and the round's pairings and slips are printed again.

    Example: listgen tournament swap armies/tournament/pack.yaml 2 3 5
    """
    from listgen.events.rounds_files import event_lock, open_event, swap

    with event_lock(str(pack), "swap"):
        said, written = swap(open_event(str(pack)), round_, first, second, output, paper.value)
    echo_lines(said)
    for path in written:
        echo(f"wrote {path}")


@rounds_app.command("add", short_help="Enter a player by command: his list into the entries, admitted.")
@_friendly
def tournament_add(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player, as his list names him."),
    list_file: Path = typer.Argument(..., metavar="LIST", help="His list."),
):
    """Enter a player after the deadline: his list (read as any list is; its 'player:' must name him) is copied
    into the pack's entries folder under a name made from his, never over a file there, and, if the event is
    locked, admitted into the lock. He is paired from the next round.

    Example: listgen tournament add armies/tournament/pack.yaml "Quinn Quill" quinn.yaml
    """
    from listgen.events.rounds_files import add, event_lock

    with event_lock(str(pack), "add"):
        said = add(str(pack), player, list_file)
    echo_lines(said)


class EventFormat(str, Enum):
    json = "json"
    csv = "csv"
    t3 = "t3"


@rounds_app.command("export", short_help="Write the whole event: players, games, standings.")
@_friendly
def tournament_export(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    format: EventFormat = typer.Option(EventFormat.json, "--format", "-f", help="json, csv or t3."),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write here instead of stdout."
    ),
):
    """Write the event for a ranking or a club ladder: json (the event, its players with stable ids, club, list
    hash and verdict, drops; every game with its scores, result, bye and forfeit; the standings: `listgen schema
    results` describes it), csv (a line a player a game) or t3 (a line a player: placing, first name, last name,
    army, the per-player layout national rankings take).

    Example: listgen tournament export armies/tournament/pack.yaml --format json -o event.json
    """
    from listgen.events.rounds_files import event_lock, export_text, open_event

    with event_lock(str(pack), "export"):
        text_out = export_text(open_event(str(pack)), format.value)
    _emit(text_out, output)


@rounds_app.command("standings", short_help="Print the standings after the last finished round.")
@_friendly
def tournament_standings(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the standings."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Print the standings after the last round with every result in: event points and the pack's tie-breakers in
    its order (wins, points difference, strength of schedule, extended SoS, head to head; byes count in neither
    SoS nor difference), each player's list verdict and hash beside the name.

    Writes standings-round-N.pdf, .csv and .json in the output folder.

    Example: listgen tournament standings armies/tournament/pack.yaml
    """
    from listgen.events.rounds_files import event_lock, open_event, write_standings

    with event_lock(str(pack), "standings"):
        event = open_event(str(pack))
        _, notes = event.rounds()
        rows, written = write_standings(event, output, paper.value)
    for note in notes:
        echo(f"note: {note}")
    for row in rows:
        dropped = f", dropped after round {row['dropped_after']}" if row["dropped_after"] is not None else ""
        echo(f"{row['rank']:>3}. {row['player']}: {row.get('points', '')} points ({row['list']}{dropped})")
    for path in written:
        echo(f"wrote {path}")


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
    from listgen.output.files import write_atomic

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


class LadderFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"
    pdf = "pdf"


@app.command()
@_friendly
def ladder(
    exports: list[Path] = typer.Argument(
        ..., metavar="EXPORTS...", help="Events' results (listgen tournament export --format json), or folders of them."
    ),
    config: Path | None = typer.Option(
        None, "--ladder", "-l", metavar="LADDER.yaml", help="The ladder file: its name, events, aliases, league table."
    ),
    previous: Path | None = typer.Option(
        None,
        "--previous",
        metavar="LADDER.json",
        help="The last ladder (--format json): say what an older event re-rates.",
    ),
    format: LadderFormat = typer.Option(LadderFormat.text, "--format", "-f", help="text, json, csv or pdf."),
    output: str | None = typer.Option(
        None, "--output", "-o", help="Write here (default: standard output; the PDF: output/ladder.pdf)."
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter (the PDF)."),
):
    """A club's ladder from a season of events: each player's rating and its uncertainty, games, wins, draws and
    losses, events, last played and the change at the last event; a league-points table when the ladder file asks.

    Ratings are openskill's Plackett-Luce (mu, sigma), ranked by mu - 3 sigma. Events are rated in date order
    whatever order they are named in, so the same files always give the same ladder. Byes, forfeits and games not
    played move no rating; draws do. Players fewer games than the ladder's minimum are shown apart, provisional.

    Example: listgen ladder events/ --ladder ladder.yaml --format pdf
    """
    import datetime
    import json

    from listgen.events import ladder as season
    from listgen.output.files import print_date

    made = season.read_ladder_file(str(config)) if config is not None else None
    today = datetime.date.fromisoformat(print_date())
    events = season.read_season([str(p) for p in exports], today, made.events if made is not None else None)
    before = _previous_ladder(previous) if previous is not None else None
    data = season.ladder_data(season.make_ladder(events, made, before))
    data["provisional_below"] = made.provisional_below if made is not None else 5
    if format is LadderFormat.pdf:
        from listgen.output.files import check_output
        from listgen.render import rounds_pdf

        out = _output_file(output) if output is not None else OUTPUT / "ladder.pdf"
        check_output(out, exports)
        pages = rounds_pdf.ladder(data, out, paper.value, f"listgen · {data['ladder']} · printed {print_date()}")
        _wrote(out, f"{pages} page{'s' if pages != 1 else ''}")
        return
    shown = {"json": lambda d: json.dumps(d, indent=2, ensure_ascii=False) + "\n", "csv": season.ladder_csv}
    _emit(shown.get(format.value, season.ladder_text)(data), _output_file(output) if output else None, exports)


def _previous_ladder(path: Path) -> dict:
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _fail(f"{path}: not a ladder written with --format json ({exc})")
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        _fail(f"{path}: not a ladder written with --format json (it has no 'events')")
    return data


@app.command()
@_friendly
def serve(
    target: Path = typer.Argument(
        Path("."), metavar="[LIST_OR_DIR]", help="A folder of lists (default: this one), or a list to open."
    ),
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="Port to listen on; 0 for any free port."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on. Anything but 127.0.0.1 lets other computers reach the page."
    ),
    no_browser: bool = typer.Option(False, "--no-browser", help="Print the address; do not open a browser."),
):
    """Build, check, print and save lists in your browser: a page on this computer, a form over the YAML.

    The page lists the lists in the folder and starts new ones from each ruleset's starter. Add, remove,
    duplicate and reorder units and choose their values from the ruleset's own choices; after every change it
    shows the findings as validate gives them (beside the unit each is about), the points with their working,
    and the verdict. The YAML is beside the form and either can be edited. It previews and downloads the roster,
    cards, reference sheet and hit tables, and saves back to the file, keeping your comments; it will not
    overwrite a file changed on disk since it was opened without asking.

    The address printed carries a key: only a browser that opened it can use the page. Ctrl+C stops the server.

    Examples:

      listgen serve armies/

      listgen serve my-platoon.yaml --port 0 --no-browser
    """
    from listgen.web.serve import run

    run(target, port=port, host=host, open_browser=not no_browser, echo=echo)


def _version(value: bool):
    if value:
        echo(f"listgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."
    ),
):
    """Validate, price and print army lists for miniature wargames."""


# `listgen campaign ...`: a force that remembers its battles (events/campaign.py)
campaign_app = typer.Typer(
    name="campaign",
    help="Keep a campaign: forces that remember their battles, by the texts' own ladders and tables. "
    "One file holds the starting lists and a log that is only added to; `apply` writes the forces as they stand.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(campaign_app)
CAMPAIGN = typer.Argument(..., metavar="CAMPAIGN.yaml", help="The campaign's file.")


def _campaign_add(path: Path, event: dict) -> None:
    from listgen.events.campaign import add

    echo_lines(add(path, {k: v for k, v in event.items() if v not in (None, [], {})}))


def _by_force(values: list[str], option: str) -> dict[str, list[str]]:
    """FORCE/UNIT values grouped by force (a unit's name may hold '/'; a force's name is what comes first)."""
    out: dict[str, list[str]] = {}
    for value in values:
        times = 1
        if re.fullmatch(r".*\*\d{1,2}", value):  # FORCE/UNIT*3: three actions in this battle
            value, _, n = value.rpartition("*")
            times = int(n)
            if not 1 <= times <= 30:
                raise typer.BadParameter(f"'{value}*{n}': from 1 to 30 actions in one battle", param_hint=option)
        force, slash, unit = value.partition("/")
        if not slash or not force.strip() or not unit.strip():
            raise typer.BadParameter(f"'{value}': give FORCE/UNIT, e.g. 'Militia/Settlers'", param_hint=option)
        out.setdefault(force.strip(), []).extend([unit.strip()] * times)
    return out


@campaign_app.command("new", short_help="Start a campaign from legal lists, one per force.")
@_friendly
def campaign_new(
    ruleset: str = typer.Argument(..., metavar="RULESET", help="bounce-into-action, smle or noonday-sun."),
    force: list[str] = typer.Option(..., "--force", metavar="NAME=LIST.yaml", help="A force and its starting list."),
    name: str = typer.Option("Campaign", "--name", help="The campaign's name."),
    seed: int | None = typer.Option(None, "--seed", min=0, max=2**31, help="What listgen's dice roll from."),
    output: Path = typer.Option(
        ..., "-o", "--output", metavar="CAMPAIGN.yaml", help="The file to start (never overwritten)."
    ),
):
    """Start a campaign: each force's list checked (legal, of the ruleset), hashed and kept in the file with the
    campaign's seed. Close Action and Sol Prime give no campaign rules for a force, so they have no campaign.

    Example: listgen campaign new bounce-into-action --force Militia=armies/bounce-militia-defence.yaml --force GF=armies/bounce-gf-hma-company.yaml -o campaign.yaml
    """
    from listgen.events.campaign import new as start

    _ruleset(ruleset)
    forces: dict[str, Path] = {}
    for value in force:
        key, eq, list_file = value.partition("=")
        if not eq or not key.strip() or not list_file:
            raise typer.BadParameter(f"'{value}': give NAME=LIST.yaml", param_hint="--force")
        if key.strip() in forces:
            raise typer.BadParameter(f"'{key.strip()}' is named twice", param_hint="--force")
        forces[key.strip()] = Path(list_file)
    echo_lines(start(ruleset, name, forces, seed, output))


@campaign_app.command("battle", short_help="Record a battle: its result and who was under fire.")
@_friendly
def campaign_battle(
    campaign: Path = CAMPAIGN,
    date: str | None = typer.Option(None, "--date", help="When, e.g. 2026-11-26."),
    scenario: str | None = typer.Option(None, "--scenario", help="The scenario played."),
    result: str | None = typer.Option(None, "--result", help="Who won, in your words."),
    under_fire: list[str] = typer.Option(
        [], "--under-fire", metavar="FORCE/UNIT", help="A unit that received fire and fired back."
    ),
    wounded: list[str] = typer.Option(
        [], "--wounded", metavar="FORCE/UNIT", help="A unit wounded (Bounce: counts as two actions)."
    ),
):
    """Record a battle in one command: every unit under fire (fire received and fired in anger) and every unit
    wounded. In Bounce into Action each is an action toward Experienced (1), Seasoned (15) and Veteran (30), a
    wounded unit's two; a battle of several actions for a unit is FORCE/UNIT*N. S.M.L.E. and Noonday keep it as
    history.

    Example: listgen campaign battle campaign.yaml --date 2026-11-26 --scenario "The ford" --result "GF win" --under-fire Militia/Settlers --wounded "GF/1 Platoon fire teams"
    """
    _campaign_add(
        campaign,
        {
            "kind": "battle",
            "date": date,
            "scenario": scenario,
            "result": result,
            "under_fire": _by_force(under_fire, "--under-fire"),
            "wounded": _by_force(wounded, "--wounded"),
        },
    )


@campaign_app.command("casualty", short_help="Record a casualty (Bounce: rolled on Infantry Casualties).")
@_friendly
def campaign_casualty(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    unit: str = typer.Argument(..., help="The stand, team or unit."),
    die: int | None = typer.Option(
        None, "--die", min=0, max=9, help="Bounce: the d10 rolled, read 0-9 (else listgen rolls it)."
    ),
    figures: int | None = typer.Option(None, "--figures", min=1, max=100, help="S.M.L.E./Noonday: figures lost (1)."),
    quality: str | None = typer.Option(None, "--quality", help="S.M.L.E./Noonday: the quality of the figures lost."),
    line: int | None = typer.Option(
        None, "--line", min=0, max=99, help="S.M.L.E./Noonday: the figures line (0, first)."
    ),
):
    """Record a casualty. Bounce into Action: one casualty at the aid post, its result from the Infantry
    Casualties row of the stand's armour (the die typed, or rolled from the campaign's seed and recorded).
    S.M.L.E. and Noonday: figures dead or seriously wounded leave the team, whose quality is re-derived.

    Example: listgen campaign casualty campaign.yaml GF "1 Platoon fire teams" --die 7
    """
    _campaign_add(
        campaign,
        {
            "kind": "casualty",
            "force": force,
            "unit": unit,
            "die": die,
            "figures": figures,
            "quality": quality,
            "line": line,
        },
    )


@campaign_app.command("regroup", short_help="Bounce: group ineffective stands into one effective stand.")
@_friendly
def campaign_regroup(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    stands: list[str] = typer.Argument(
        ..., metavar="STAND...", help="Two or more ineffective stands (a name twice for two of its stands)."
    ),
    hits_left: list[int] = typer.Option(
        ..., "--hits-left", min=0, max=200, help="Each stand's hits remaining, in order."
    ),
):
    """Group ineffective stands at the aid post into one effective stand (Hit Effects: Infantry): similar stands,
    whose row's Re-groups? says Yes, with at least the hits to be destroyed remaining between them.

    Example: listgen campaign regroup campaign.yaml GF "1 Platoon fire teams" "1 Platoon fire teams" --hits-left 2 --hits-left 2
    """
    _campaign_add(campaign, {"kind": "regroup", "force": force, "stands": stands, "hits_left": hits_left})


@campaign_app.command("replace", short_help="S.M.L.E./Noonday: replacements arrive Green.")
@_friendly
def campaign_replace(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    unit: str = typer.Argument(..., help="The team or unit."),
    figures: int = typer.Option(1, "--figures", min=1, max=100, help="How many replacements."),
    line: int | None = typer.Option(None, "--line", min=0, max=99, help="The figures line they join (0, first)."),
):
    """Casualty replacements join a team Green ('1 Green New recruits & casualty replacements'), and the team's
    quality is re-derived: the majority, else the average (Elite round up; others round down).

    Example: listgen campaign replace campaign.yaml Platoon "1 Section rifle group" --figures 2
    """
    _campaign_add(campaign, {"kind": "replace", "force": force, "unit": unit, "figures": figures, "line": line})


@campaign_app.command("promote", short_help="An umpire's promotion, with the reason.")
@_friendly
def campaign_promote(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    unit: str = typer.Argument(..., help="The stand, team or unit."),
    to: str = typer.Option(..., "--to", help="Bounce: an experience or training; S.M.L.E./Noonday: a quality."),
    why: str = typer.Option(..., "--why", help="The umpire's reason, kept in the log."),
    figures: int | None = typer.Option(
        None, "--figures", min=1, max=100, help="S.M.L.E./Noonday: how many figures (all)."
    ),
    quality: str | None = typer.Option(
        None, "--quality", help="S.M.L.E./Noonday: the quality they rise from (the lowest)."
    ),
):
    """What the texts leave to the players (when S.M.L.E.'s figures 'make it up to Veteran') is the umpire's:
    recorded as an umpire's decision with its reason.

    Example: listgen campaign promote campaign.yaml Platoon "1 Section rifle group" --to veteran --figures 1 --why "held the bridge"
    """
    _campaign_add(
        campaign,
        {"kind": "promote", "force": force, "unit": unit, "to": to, "why": why, "figures": figures, "quality": quality},
    )


@campaign_app.command("undo", short_help="Cancel an event by a new one.")
@_friendly
def campaign_undo(
    campaign: Path = CAMPAIGN,
    event: int = typer.Argument(..., metavar="EVENT", min=1, help="The id of the event to cancel."),
):
    """Cancel an event: a new event naming it, so the log keeps both (undo an undo to restore the event).

    Example: listgen campaign undo campaign.yaml 4
    """
    _campaign_add(campaign, {"kind": "undo", "cancels": event})


@campaign_app.command("status", short_help="Each unit now: actions, experience, morale, casualties.")
@_friendly
def campaign_status(campaign: Path = CAMPAIGN):
    """Each force's units as the log leaves them, and how listgen reads the text where it is open.

    Example: listgen campaign status campaign.yaml
    """
    from listgen.events.campaign import status

    echo_lines(status(campaign))


@campaign_app.command("report", short_help="The history, event by event, each change citing its rule.")
@_friendly
def campaign_report(campaign: Path = CAMPAIGN):
    """The campaign's history: every event and what it changed, each change citing its rule.

    Example: listgen campaign report campaign.yaml
    """
    from listgen.events.campaign import report

    echo_lines(report(campaign))


@campaign_app.command("apply", short_help="Write each force as it stands tonight, as listgen lists.")
@_friendly
def campaign_apply(
    campaign: Path = CAMPAIGN,
    output: Path = typer.Option(..., "-o", "--output", metavar="DIR", help="The folder the lists are written to."),
):
    """Replay the log onto the starting lists and write each force as it stands: a listgen list, checked as any
    (exit 1 if one is not legal: a team below its size after casualties is a finding, as ever). Print a roster
    of one with `listgen roster`.

    Example: listgen campaign apply campaign.yaml -o tonight/
    """
    from listgen.events.campaign import apply_to

    lines, reports = apply_to(campaign, output)
    echo_lines(lines)
    if not all(r.legal() for r in reports):
        raise typer.Exit(text.ILLEGAL)


@campaign_app.command("roster", short_help="A force's roster as it stands, with each unit's campaign track.")
@_friendly
def campaign_roster(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    output: Path | None = typer.Option(
        None, "-o", "--output", metavar="FILE.pdf", help="Where (output/CAMPAIGN-FORCE-roster.pdf)."
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper size."),
):
    """A force's roster as the log leaves it, checked as any list, each unit with its campaign track: in Bounce into
    Action the actions fought and a box for each still to fight to Veteran (Experienced 1, Seasoned 15, Veteran
    30); in S.M.L.E. and Noonday the figures by quality.

    Example: listgen campaign roster campaign.yaml Militia -o militia-tonight.pdf
    """
    from listgen.events.campaign import roster, slug_of

    out = output or Path("output") / f"{campaign.stem}-{slug_of(force, set())}-roster.pdf"
    pages, report = roster(campaign, force, out, paper.value)
    _wrote(out, f"{pages} page{'s' if pages != 1 else ''}")
    if not report.legal():
        echo(
            f"{force}: {text.verdict(report)}: `listgen campaign apply {campaign} -o DIR` writes it as a list for "
            "`listgen validate` to say why",
            err=True,
        )
        raise typer.Exit(text.ILLEGAL)
