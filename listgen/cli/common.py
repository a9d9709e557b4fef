"""What every command of the command line shares: the app, its options' kinds, and turning listgen's own errors into
"listgen: error: ..." and an exit code (a contract: 0 all legal, 1 some list illegal, 2 unreadable input or bad
usage, 3 listgen's own bug)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from listgen import __version__
from listgen import rulesets as registry
from listgen.core.exceptions import ContractError, ListgenError
from listgen.output import text
from listgen.output.console import echo, echo_lines
from listgen.output.files import is_stdout

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

# the printouts' own options, one declaration for every command that takes them (roster, cards, opponent)
LARGE = typer.Option(
    False, "--large", help="Large print, read at arm's length: everything half as large again (body text 11 pt)."
)
COMBINE = typer.Option(
    False,
    "--combine",
    help="Off by default. Identical units combined under one heading ('3 x Rifle team') and identical figures on one "
    "line ('4 x Rifle'), every figure still boxed; a leader, a casualty or an option that differs splits them.",
)


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
