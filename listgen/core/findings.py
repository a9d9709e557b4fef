"""The finding: one thing a check has to say about a list, with where and why."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from listgen.core.sanitize import one_line

ERROR = "error"
WARNING = "warning"
INFO = "info"
INTERNAL = "LISTGEN-INTERNAL"  # the code of a finding that listgen itself failed on a list (a bug, never the list's)

Path = tuple[str | int, ...]  # keys and indexes from the document root, e.g. ("platoons", 0, "sections", 1)
Locate = Callable[[Path], "tuple[int, int] | None"]  # path -> (line, column) in the document, or None


def path_text(path: Path) -> str:
    """('platoons', 0, 'leader') -> 'platoons[0].leader' (the form shown to users)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class Finding(NamedTuple):
    """One thing to say about a list.

    severity: error | warning | info; code: stable, e.g. SMLE-TEAM-SIZE (INPUT-* codes mean the file
    could not be read as a list); path: keys and indexes to the value; line, column: 1-based;
    ref: the rules section, e.g. "S.M.L.E. Teams".
    """

    severity: str
    code: str
    message: str
    path: Path = ()
    line: int | None = None
    column: int | None = None
    ref: str | None = None

    @property
    def is_input_error(self) -> bool:
        return self.severity == ERROR and self.code.startswith("INPUT-")

    def as_dict(self) -> dict[str, Any]:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "path": path_text(self.path),
            "line": self.line,
            "column": self.column,
            "ref": self.ref,
        }

    def format(self, file: str) -> str:
        """The compiler-style line: file:line:column: severity: message [code] (ref)."""
        where = one_line(str(file))
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: {self.severity}: {self.message} [{self.code}]"
        if self.ref:
            text += f" ({self.ref})"
        return text


class Findings:
    """Collects findings for one document, placing each at its YAML line and column."""

    def __init__(self, locate: Locate | None = None, lenient: bool = False) -> None:
        self.locate = locate  # path -> (line, column) or None
        self.items: list[Finding] = []
        self.lenient = lenient  # the model reads what it can of a broken list (model.recover_army)
        # recovering: list path (as written) -> the indexes, as written, of the entries kept (the others left out)
        self.kept: dict[Path, list[int]] = {}
        # recovering: the places (as written) where a required value that did not read stands in, so that its unit
        # and what holds it still read; no finding may rest on such a place (validate._checks_despite)
        self.stood_in: list[Path] = []

    def add(self, severity: str, code: str, message: str, path: Path = (), ref: str | None = None) -> None:
        line = column = None
        if self.locate is not None:
            where = self.locate(tuple(path))
            if where:
                line, column = where
        self.items.append(Finding(severity, code, one_line(message), tuple(path), line, column, ref))

    def error(self, code: str, message: str, path: Path = (), ref: str | None = None) -> None:
        self.add(ERROR, code, message, path, ref)

    def warning(self, code: str, message: str, path: Path = (), ref: str | None = None) -> None:
        self.add(WARNING, code, message, path, ref)

    def info(self, code: str, message: str, path: Path = (), ref: str | None = None) -> None:
        self.add(INFO, code, message, path, ref)

    def relocated(self, translate: Callable[[Path], Path], locate: Locate | None) -> list[Finding]:
        """The findings with each path passed through translate, and placed by locate at its line and column."""
        out = Findings(locate)
        for f in self.items:
            out.add(f.severity, f.code, f.message, translate(f.path), f.ref)
        return out.items

    def extend(self, findings: Iterable[Finding]) -> None:
        self.items.extend(findings)

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def unknown(
    what: str, word: str, names: Iterable[str], aliases: dict[str, tuple[str, str]] | None = None, more: str = ""
) -> str:
    """The message for a name the tables do not have: a suggestion by meaning (the text's own examples,
    e.g. a Bren is its LMG) or else by spelling, then every valid name."""
    key = "".join(c for c in str(word).lower() if c.isalnum())
    if aliases and key in aliases:
        target, why = aliases[key]
        hint = f" (did you mean '{target}'? {why})"
    else:
        hint = did_you_mean(word, names)
    return f"unknown {what} '{word}'{hint}; the {what}s are: {', '.join(names)}{more}"


def did_you_mean(word: str, names: Iterable[object]) -> str:
    """' (did you mean 'figures'?)' for the nearest choice, or '' when nothing is near."""
    import difflib

    choices = [str(c) for c in names]
    near = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)  # equivalent mutant (constant): near[0] alike
    return f" (did you mean '{near[0]}'?)" if near else ""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 figure', '2 figures': a count with its noun in the number the count asks for."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def possessive(name: str) -> str:
    """A name's possessive as printed: "Sharpshooters'", "Lt. Example's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
