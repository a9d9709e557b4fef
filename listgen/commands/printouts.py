"""The one registry of printouts: every PDF listgen prints for a list, by name.

The command line, ``build``, the page's printing worker, its JSON API (``/api/render/<name>``) and the page's
print buttons all read this table, so a new printout is a renderer, its command module and one row here (and its
CLI command, for the options only it takes). The order is the order the page shows the buttons in.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol

if TYPE_CHECKING:
    from listgen.core.validate import ListReport
    from listgen.output.files import Target

# list: printed for one list (build prints it for every list); ruleset: for a ruleset, tailored to a list when
# given one (build prints it once for each ruleset used); pair: for a list against an opponent's (the page's
# matchup form; never in build); folder: for a folder as a whole (the club's ladder, from its ladder.yaml and
# the exports that names), drawn by a FolderDraw; never in build (`listgen ladder` prints it);
# campaign: for a campaign file (the campaign's page; never in build)
Scope = Literal["list", "ruleset", "pair", "folder", "campaign"]


class Draw(Protocol):
    """Prints into out: (ruleset slug, target, paper, the list's report or None, the opponent's or None) -> pages."""

    def __call__(
        self, slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, /
    ) -> int | None: ...


class FolderDraw(Protocol):
    """Prints into out what a folder holds as a whole: (the folder, target, paper) -> pages; ListgenError (located)
    when the folder's files cannot make it."""

    def __call__(self, folder: Path, out: Target, paper: str, /) -> int | None: ...


class Printout(NamedTuple):
    name: str  # the command's name, the API's /api/render/<name>, the file name's suffix
    title: str  # the page's button
    scope: Scope
    draw: Draw | FolderDraw  # a FolderDraw for the scope "folder", a Draw for the others
    # the options its draw takes as keywords, each a yes or no: "large" (large print), "combine" (identical units
    # combined); a caller asks for them through ``printed`` (a printout without one prints as it always does)
    options: tuple[str, ...] = ()
    holds: str = ""  # a folder's printout: the file the folder must hold for it (the page offers it then)

    def file_name(self, stem: str) -> str:
        """The file a printout of a list (or a ruleset) is written to: 'NAME-roster.pdf'."""
        return f"{stem}-{self.name}.pdf"

    def printed(
        self, slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, **options: bool
    ) -> int | None:
        """Drawn with the options asked for that it takes (``options``); the others are not its to take."""
        assert self.scope != "folder"  # a folder's printout is printed_for_folder
        draw: Any = self.draw
        return draw(slug, out, paper, report, against, **{k: v for k, v in options.items() if k in self.options and v})

    def printed_for_folder(self, folder: Path, out: Target, paper: str) -> int | None:
        """A folder's printout (the scope "folder") drawn from what the folder holds."""
        assert self.scope == "folder"
        draw: Any = self.draw
        return draw(folder, out, paper)


def _roster(
    slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, **options: bool
) -> int:
    from .roster import roster_pdf

    assert report is not None  # a list's printout: the registry's callers pass one (scope "list")
    return roster_pdf(report, out, paper, **options)


def _cards(
    slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, **options: bool
) -> int:
    from .cards import cards_pdf

    assert report is not None
    return cards_pdf(report, out, paper, large=options.get("large", False), combine=options.get("combine", False))


def _reference(slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None) -> int:
    from .reference import reference_pdf

    return reference_pdf(slug, out, report, paper)


def _hit_tables(slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None):
    from .hit_tables import hit_tables

    return hit_tables(slug, out, report, "pdf", paper)


def _matchup(slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None):
    from .hit_tables import hit_tables

    assert report is not None and against is not None
    return hit_tables(slug, out, report, "pdf", paper, against)


def _opponent(
    slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, **options: bool
) -> int:
    from .opponent import opponent_pdf

    assert report is not None and against is not None
    return opponent_pdf(report, against, out, paper, **options)


def _ladder(folder: Path, out: Target, paper: str) -> int:
    """The club's ladder of a folder holding a ladder file (events.ladder.LADDER_FILE), as `listgen ladder --ladder
    FOLDER/ladder.yaml --format pdf` prints it."""
    import datetime

    from listgen.events import ladder as season
    from listgen.output.files import print_date
    from listgen.render import rounds_pdf

    data = season.folder_ladder(folder, datetime.date.fromisoformat(print_date()))
    return rounds_pdf.ladder(data, out, paper, f"listgen · {data['ladder']} · printed {print_date()}")


def _campaign_report(
    slug: str, out: Target, paper: str, report: ListReport | None, against: ListReport | None, **options: Any
) -> int:
    from .campaign_report import campaign_report_pdf

    path, text = options["campaign"]  # a campaign's printout is handed the campaign file's name and text
    return campaign_report_pdf(path, out, paper, text)


def print_campaign(name: str, path: Path, text: str, out: Target, paper: str = "a4") -> int | None:
    """A campaign's printout (scope "campaign") of the campaign file at path, whose text is already read."""
    draw: Any = PRINTOUTS[name].draw
    return draw("", out, paper, None, None, campaign=(path, text))


PRINTOUTS: dict[str, Printout] = {
    p.name: p
    for p in (
        Printout("roster", "Roster", "list", _roster, ("large", "combine")),
        Printout("cards", "Cards", "list", _cards, ("large", "combine")),
        Printout("reference", "Reference", "ruleset", _reference),
        Printout("hit-tables", "Hit tables", "ruleset", _hit_tables),
        Printout("matchup", "Matchup sheet", "pair", _matchup),
        Printout("opponent", "Opponent's summary", "pair", _opponent, ("large",)),
        Printout("ladder", "Club ladder", "folder", _ladder, holds="ladder.yaml"),  # events.ladder.LADDER_FILE
        Printout("campaign-report", "Campaign report", "campaign", _campaign_report),
    )
}


def of_scope(scope: Scope) -> list[Printout]:
    """The printouts printed for a list, for a ruleset, for a pair of lists or for a campaign, in the registry's
    order."""
    return [p for p in PRINTOUTS.values() if p.scope == scope]
