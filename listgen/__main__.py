"""The ``listgen`` command (also ``python -m listgen``).

Validation runs on every save in an editor and over every list of a club, so it has to start
in about the time Python takes to load YAML; the command-line framework alone (typer) takes
longer than that. A plain ``listgen validate [--format text|json] [--strict] LIST...`` is
therefore read here and run at once; anything else (help, other commands, a mistake) goes
to the full command line in ``cli/`` (``cli/lists.py``), which also defines ``validate`` with the same meaning.
No traceback ever reaches a user.
"""

from __future__ import annotations

import sys

# Every option of `listgen validate` (cli/lists.validate) as this reader takes it: option -> what it sets. A test
# compares this table with the options cli.validate declares, so an option added to one is added to both.
VALIDATE_OPTIONS = {"--format": "format", "-f": "format", "--strict": "strict"}
FORMATS = ("text", "json")


# `listgen tournament WORD ...`: the event's rounds and moves after the deadline (cli.rounds_app); `tournament PACK`
# stays the entry check
ROUNDS = ("pair", "result", "standings", "drop", "admit", "add", "export", "swap", "void", "serve")


def plain_validate(args: list):
    """(files, format, strict) when args are a validate command this reader understands; else None."""
    if not args or args[0] != "validate":
        return None
    files: list[str] = []
    fmt: str | None = "text"
    strict, options = False, True
    rest = iter(args[1:])
    for arg in rest:
        if options and arg == "--":
            options = False
        elif options and VALIDATE_OPTIONS.get(arg) == "strict":
            strict = True
        elif options and VALIDATE_OPTIONS.get(arg) == "format":
            fmt = next(rest, None)
        elif options and arg.startswith("--format="):
            fmt = arg.partition("=")[2]
        elif options and arg.startswith("-f") and not arg.startswith("--"):
            fmt = arg[2:]
        elif options and arg.startswith("-") and arg != "-":
            return None  # --help, a typo...: the full command line explains
        else:
            files.append(arg)
    if fmt not in FORMATS or not files:
        return None
    return files, fmt, strict


def validate(files, fmt: str, strict: bool) -> int:
    from listgen.core.validate import check_file_isolated
    from listgen.output import text
    from listgen.output.console import echo_lines

    result = text.validation([check_file_isolated(f) for f in files], fmt, strict)
    echo_lines(result.err, err=True)
    echo_lines(result.out)
    return result.code


def collect_less() -> None:
    """A printout makes hundreds of thousands of short-lived objects (flowables, text fragments, lines), few of
    them in cycles: at CPython's default (a collection every 700 allocations) the collector ran thousands of times
    over a heap that only grows, about a seventh of a 100-entry tournament lock. Every command but a plain
    validate (which makes few) collects every 50,000."""
    import gc

    gc.set_threshold(50_000, 20, 100)


def _no_terminal_controls(args: list) -> None:
    """Refuse an argument holding a terminal control (ESC, BEL) or a bidi override: the command line's own
    usage errors quote arguments as given, and such a character would act on the terminal, not print."""
    from listgen.core.exceptions import ListgenError
    from listgen.core.sanitize import is_unsafe, one_line

    for number, arg in enumerate(args, start=1):
        if is_unsafe(arg):
            shown = one_line(arg if len(arg) <= 80 else arg[:77] + "...")
            raise ListgenError(f"argument {number} ({shown}) holds a control character; type it without")


def main(args=None) -> int:
    args = sys.argv[1:] if args is None else list(args)
    from listgen.core.exceptions import ListgenError
    from listgen.output.console import echo

    try:
        from listgen.output.dates import source_date_epoch

        source_date_epoch()  # refused plainly before anything reads it (reportlab does, deep inside)
        _no_terminal_controls(args)
        plain = plain_validate(args)
        if plain is not None:
            return validate(*plain)
        collect_less()
        if args[:1] == ["tournament"] and args[1:2] and args[1] in ROUNDS:
            from .cli import rounds_app

            return rounds_app(args=args[1:], prog_name="listgen tournament")
        from .cli import app

        return app(args=args, prog_name="listgen")
    except ListgenError as exc:
        from listgen.core.sanitize import one_line

        echo(f"listgen: error: {one_line(str(exc))}", err=True)
        return 2
    except KeyboardInterrupt:
        echo("listgen: interrupted", err=True)
        return 130
    except SystemExit:
        raise
    except BrokenPipeError:
        from listgen.output.console import reader_left

        reader_left()
    except Exception as exc:  # a bug: say so plainly, without a traceback
        echo(f"listgen: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
        from listgen.output.text import INTERNAL_ERROR

        return INTERNAL_ERROR


if __name__ == "__main__":
    sys.exit(main())
