"""Every error listgen raises on purpose is a ListgenError; the CLI turns them into messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # findings imports nothing of this module, but naming it at run time is not needed
    from listgen.core.findings import Finding


class ListgenError(Exception):
    """Base of all listgen errors; never shown to a user as a traceback."""


class InputError(ListgenError):
    """Raised when an input file cannot be read as an army list (missing, too big, bad YAML).

    Carries the located finding that explains it, so the CLI can print
    ``file:line:column: error: message`` and exit with code 2.
    """

    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


class UnknownRulesetError(ListgenError):
    """Raised when a command names a ruleset listgen does not support."""


class RenderError(ListgenError):
    """Raised when a PDF or export cannot be produced; no partial file is left behind."""


class RenderTimeout(RenderError):
    """Raised when the page's printing worker takes longer than its bound for one printout (listgen serve): the
    worker is stopped and the user is told to print that list from the command line."""


class NotInRulesError(ListgenError):
    """Raised when a ruleset's text prints nothing to compute what was asked from (Noonday Sun's matchup: its text
    stops after movement, with no shooting, damage or weapons table): listgen says so rather than invent it."""


class OutputPathError(ListgenError):
    """Raised when an output path would overwrite an input list or cannot be written."""


class ContractError(ListgenError):
    """Raised when a ruleset breaks its contract with the core (a price its roster prints nowhere): a bug of
    listgen's, reported as an internal error (exit code 3), never printed as if all were well."""


class SettingError(ListgenError):
    """Raised when an environment setting listgen reads (SOURCE_DATE_EPOCH) holds a value it cannot use."""


class EditError(ListgenError):
    """Raised when the page asks for an edit that cannot be made (listgen serve): the list's text does not read,
    or the place or value named does not fit it. The page says so and changes nothing."""


class ServeError(ListgenError):
    """Raised when ``listgen serve`` cannot start: the folder is not there, or the port cannot be had."""


class SiteError(ListgenError):
    """Raised when ``listgen site`` cannot build the site: the folder of lists is not there, the Pyodide runtime
    cannot be had or is not the one pinned, or the output folder holds something that is not a listgen site."""
