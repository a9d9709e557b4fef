"""Write docs/cli.md, the command reference, from the commands themselves (their usage, help and options), as
datasette and sqlite-utils do: `python docs/cli_reference.py > docs/cli.md`. tests/cli/test_cli_reference.py
checks that the committed page is the one this writes, so the reference never drifts from `--help`."""

from __future__ import annotations

import typer

from listgen import rulesets as registry
from listgen.cli import app, rounds_app


def _rows(command, ctx) -> list[str]:
    rows = []
    for param in command.get_params(ctx):
        if param.name == "help" or getattr(param, "hidden", False):
            continue
        record = param.get_help_record(ctx)
        if record is None:  # an argument: its metavar and its help
            name = param.human_readable_name
            help_text = getattr(param, "help", "") or ""
        else:
            name, help_text = record
        rows.append(f"| `{name}` | {help_text.replace('|', '/')} |")
    return rows


def _section(title: str, command, parent) -> list[str]:
    ctx = typer.Context(command, info_name=title.split()[-1], parent=parent)
    usage = command.get_usage(ctx).replace("Usage: ", "")
    help_text = (command.help or "").strip()
    out = [f"## {title}", "", "```text", usage, "```", "", help_text, ""]
    rows = _rows(command, ctx)
    if rows:
        out += ["| argument or option | what it is |", "|---|---|", *rows, ""]
    return out


def reference() -> str:
    main = typer.main.get_command(app)
    root = typer.Context(main, info_name="listgen")
    lines = ["# Command reference", "", "Written from the commands' own `--help` by `docs/cli_reference.py`.", ""]
    lines += [(main.help or "").strip(), ""]
    for name in main.list_commands(root):
        command = main.get_command(root, name)
        lines += _section(f"listgen {name}", command, root)
        if isinstance(command, typer.core.TyperGroup):  # a group (campaign): each of its commands too
            group = typer.Context(command, info_name=name, parent=root)
            for sub in command.list_commands(group):
                lines += _section(f"listgen {name} {sub}", command.get_command(group, sub), group)
    rounds = typer.main.get_command(rounds_app)
    tournament = typer.Context(rounds, info_name="tournament", parent=root)
    for name in rounds.list_commands(tournament):
        lines += _section(f"listgen tournament {name}", rounds.get_command(tournament, name), tournament)
    text = "\n".join(lines).rstrip("\n") + "\n"
    # the rulesets installed are named where a help lists them; the reference says where to find them, so that a
    # ruleset package added (the copied sixth ruleset of the tests too) changes no page outside its package
    return text.replace(", ".join(registry.slugs()), "the rulesets `listgen rulesets` lists")


if __name__ == "__main__":
    print(reference(), end="")
