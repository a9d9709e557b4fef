"""What changed between two versions of a list: units added, removed and changed, each value, and the points.

Entries of a list that carry a name (teams, squads, stands...) are matched by name, so a unit moved or one
added before it does not show every later one as changed; others are matched by position. Lines follow the
list's own order: the first list's, with what the second adds where it stands there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from listgen.core.findings import Path
from listgen.core.value import show

if TYPE_CHECKING:
    from listgen.core.validate import ListReport


def _named(items: list[object]) -> bool:
    names = [i.get("name") for i in items if isinstance(i, dict)]
    return len(names) == len(items) and all(isinstance(n, (str, int)) for n in names) and len(set(names)) == len(names)


def _where(path: Path, names: dict[Path, object]) -> str:
    """('sections', 0, 'teams', 1, 'quality') -> "section 'A Section' > team 'Bren' > quality": an entry by its
    name where it has one (else its number, from 1), under the name of its list in the singular."""
    shown: list[str] = []
    for i, part in enumerate(path):
        if isinstance(part, int) and shown:
            label = names.get(path[: i + 1])
            kind = shown.pop()
            one = kind[:-1] if kind.endswith("s") and not kind.endswith("ss") else kind
            shown.append(f"{one} '{label}'" if label is not None else f"{one} {part + 1}")
        else:
            shown.append(str(part).replace("_", " "))
    return " > ".join(shown) or "(the list)"


def _brief(value: object) -> str:
    if isinstance(value, dict):
        name = value.get("name")
        return f"'{name}'" if name is not None else "{...}"
    if isinstance(value, list):
        return f"[{len(value)} entries]"
    return repr(value) if isinstance(value, str) else str(value)


def changes(a: object, b: object, path: Path = (), names: dict[Path, object] | None = None) -> list[str]:
    """Lines, '- ' removed, '+ ' added, '~ ' changed, for each difference between two lists' data."""
    names = {} if names is None else names
    out: list[str] = []
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            here = path + (key,)
            if key not in b:
                out.append(f"- {_where(here, names)}: {_brief(a[key])} removed")
            elif key not in a:
                out.append(f"+ {_where(here, names)}: {_brief(b[key])} added")
            else:
                out += changes(a[key], b[key], here, names)
        return out
    if isinstance(a, list) and isinstance(b, list):
        if _named(a) and _named(b):
            old = {item["name"]: (i, item) for i, item in enumerate(a)}
            new = {item["name"]: (i, item) for i, item in enumerate(b)}
            for name in list(old) + [n for n in new if n not in old]:
                i, item = old.get(name) or new[name]
                here = path + (i,)
                names[here] = name
                if name not in new:
                    out.append(f"- {_where(here, names)}: removed")
                elif name not in old:
                    out.append(f"+ {_where(path + (new[name][0],), names)}: added")
                else:
                    out += changes(item, new[name][1], here, names)
            return out
        for i in range(max(len(a), len(b))):
            here = path + (i,)
            if i >= len(b):
                out.append(f"- {_where(here, names)}: {_brief(a[i])} removed")
            elif i >= len(a):
                out.append(f"+ {_where(here, names)}: {_brief(b[i])} added")
            else:
                out += changes(a[i], b[i], here, names)
        return out
    if a != b or type(a) is not type(b):
        out.append(f"~ {_where(path, names)}: {_brief(a)} -> {_brief(b)}")
    return out


def points_changes(report_a: ListReport, report_b: ListReport) -> list[str]:
    """Each unit whose cost changed (matched by name), then the totals."""
    va, vb = report_a.valuation, report_b.valuation
    if va is None or vb is None:
        return []
    old = {c.name: c.total for c in va.units}
    new = {c.name: c.total for c in vb.units}
    out: list[str] = []
    for name in list(old) + [n for n in new if n not in old]:
        if old.get(name) != new.get(name):
            before = show(old[name]) if name in old else "-"
            after = show(new[name]) if name in new else "-"
            out.append(f"  {name}: {before} -> {after} {vb.unit}")
    if va.total != vb.total:
        delta = vb.total - va.total
        out.append(f"  total: {show(va.total)} -> {show(vb.total)} {vb.unit} ({'+' if delta > 0 else ''}{show(delta)})")
    return out


def compare(report_a: ListReport, report_b: ListReport) -> list[str]:
    """The lines `listgen diff` prints for two readable lists."""
    assert report_a.document is not None and report_b.document is not None  # readable lists: each has its text
    lines = changes(report_a.document.data, report_b.document.data)
    points = points_changes(report_a, report_b)
    if points:
        lines += ["points:"] + points
    return lines
