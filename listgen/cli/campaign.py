"""`listgen campaign ...`: a force that remembers its battles (events/campaign.py)."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from listgen.output import text
from listgen.output.console import echo, echo_lines

from .common import (
    Paper,
    _friendly,
    _ruleset,
    _wrote,
    app,
)

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
    note: str | None = typer.Option(
        None, "--note", help="The battle's note: what happened, who played, where (2,000 characters at most)."
    ),
):
    """Record a battle in one command: every unit under fire (fire received and fired in anger) and every unit
    wounded. In Bounce into Action each is an action toward Experienced (1), Seasoned (15) and Veteran (30), a
    wounded unit's two; a battle of several actions for a unit is FORCE/UNIT*N. S.M.L.E. and Noonday keep it as
    history. A note keeps the battle's story (what happened, who played, where): the report, the page and the
    campaign report PDF print it.

    Example: listgen campaign battle campaign.yaml --date 2026-11-26 --scenario "The ford" --result "GF win" --under-fire Militia/Settlers --wounded "GF/1 Platoon fire teams" --note "At the club: Sam (Militia), Jo (GF)"
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
            "note": note,
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


@campaign_app.command("replace", short_help="S.M.L.E./Noonday: replacements take casualties' places, Green.")
@_friendly
def campaign_replace(
    campaign: Path = CAMPAIGN,
    force: str = typer.Argument(..., help="The force."),
    unit: str = typer.Argument(..., help="The team or unit."),
    figures: int = typer.Option(1, "--figures", min=1, max=100, help="How many replacements."),
    line: int | None = typer.Option(
        None,
        "--line",
        min=0,
        max=99,
        help="The figures line, as the team started (0, first), whose casualties they replace (asked when the "
        "team lost figures of more than one line).",
    ),
    quality: str | None = typer.Option(
        None, "--quality", help="green (the default), or trained in an Elite team or unit."
    ),
):
    """Casualty replacements take the places of a team's casualties (the figures line each was lost from, never
    more than it lost), Green ('1 Green New recruits & casualty replacements'), or Green or Trained in an Elite
    team ('Green or Trained Elite ... could represent recruits or casualty replacements in an Elite unit'); the
    team's quality is re-derived: the majority, else the average (Elite round up; others round down).

    Example: listgen campaign replace campaign.yaml Platoon "1 Section rifle group" --figures 2
    """
    _campaign_add(
        campaign,
        {"kind": "replace", "force": force, "unit": unit, "figures": figures, "line": line, "quality": quality},
    )


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


@campaign_app.command("reseal", short_help="Keep a hand edit of the log on purpose, as an event.")
@_friendly
def campaign_reseal(
    campaign: Path = CAMPAIGN,
    why: str = typer.Option(..., "--why", help="Why the hand edit is kept, in the log."),
):
    """Every event carries a seal chained over the log before it, so a hand edit of the log is refused where it
    breaks. To keep one on purpose, a reseal event records where the log broke its seals and why, and seals the
    log as it now reads; the history says so.

    Example: listgen campaign reseal campaign.yaml --why "event 3's die was typed 7 for 2"
    """
    _campaign_add(campaign, {"kind": "reseal", "why": why})


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
def campaign_report(
    campaign: Path = CAMPAIGN,
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        metavar="FILE.pdf",
        help="Print the campaign report PDF here (each force battle by battle) instead of the history.",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper size of the PDF."),
):
    """The campaign's history: every event and what it changed, each change citing its rule. With -o, the
    campaign report PDF: each force battle by battle (its casualties, replacements, promotions and what changed
    in its list), each battle's note, and each force as it stands.

    Example: listgen campaign report campaign.yaml -o campaign-report.pdf
    """
    if output is not None:
        from listgen.commands.campaign_report import campaign_report_pdf

        pages = campaign_report_pdf(campaign, output, paper.value)
        _wrote(output, f"{pages} page{'s' if pages != 1 else ''}")
        return
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
