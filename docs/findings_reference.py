"""Write docs/findings.md, every finding code listgen reports, from the source (`python docs/findings_reference.py >
docs/findings.md`), as docs/cli.md is written from --help. tests/cli/test_findings_reference.py checks that the
committed page is the one this writes and that every code the source holds is on it, so that a code a user meets
in `validate` or an event's messages can always be looked up.

A code is found where it is reported (``out.error("SMLE-TEAM-SIZE", message, ...)``: its severity and message,
the message's variable parts shown as "…") or where a table holds it beside its message (a tuple of code, message
and rule). A code built from a ruleset's prefix (``f"{code}-POINTS-LIMIT"``) is listed once, as ``*-POINTS-LIMIT``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "listgen"
CODE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")
NOT_CODES = {"LG-CJK", "W-D-L"}  # a font's name, a column's heading
SEVERITIES = {"error": "error", "warning": "warning", "info": "info"}
AREAS = {  # a code's first word -> where it comes from, as the page groups them
    "INPUT": "Reading a list (every ruleset)",
    "DATA": "Reading a list (every ruleset)",
    "LISTGEN": "listgen itself",
    "SMLE": "S.M.L.E.",
    "NS": "...In the Noonday Sun",
    "CA": "Close Action",
    "BIA": "Bounce into Action",
    "SP": "Sol Prime",
    "PACK": "A tournament pack and its entries",
    "TOURNAMENT": "A tournament pack and its entries",
    "ROUND": "An event's rounds and results",
    "RESULTS": "An event's exported results (the ladder reads them)",
    "LADDER": "A ladder file",
    "CAMPAIGN": "A campaign",
    "*": "Every ruleset (the code starts with the ruleset's own prefix: SMLE-, NS-, CA-, BIA-, SP-)",
}


def _text(node: ast.AST | None) -> str:
    """A message as written: its literal parts, '…' for what is filled in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text(node.left) + _text(node.right)
    return "…"


def _code_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
        return None if node.value in NOT_CODES else node.value
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.FormattedValue):
        rest = "".join(v.value for v in node.values[1:] if isinstance(v, ast.Constant))
        if len(node.values) == 2 and CODE.fullmatch("X" + rest):
            return "*" + rest
    return None


def _severity(call: ast.Call, at: int) -> str:
    """error, warning or info: the method's name (out.error), a severity named before the code (ERROR), or the
    loader's and the events' own ways of refusing (a located error, exit 2)."""
    if isinstance(call.func, ast.IfExp):  # (out.error if exact else out.warning)(...)
        return "error or warning"
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name in SEVERITIES:
        return SEVERITIES[name]
    for arg in call.args[:at]:
        word = (ast.unparse(arg).rsplit(".", 1)[-1]).strip("'\"").lower()
        if word in SEVERITIES:
            return word
    return "error" if name in ("_fail", "fail", "Finding") else ""


def built_in() -> set[str]:
    """The ruleset packages pyproject.toml registers (its entry points of `listgen.rulesets`): this page is listgen's
    own manual, and a ruleset added as a package of its own (a club's, a test's copy) says its codes itself."""
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split('[project.entry-points."listgen.rulesets"]', 1)[1].split("\n[", 1)[0]
    return set(re.findall(r'"listgen\.rulesets\.(\w+)"', section))


def sources() -> list[Path]:
    """listgen's own source files: every module but those of a ruleset package pyproject.toml does not register."""
    known = built_in()
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "rulesets" and len(parts) > 2 and parts[1] not in known:
            continue
        out.append(path)
    return out


def findings() -> dict[str, dict]:
    """code -> {severity, message, module}: the first place each is reported (or held beside its message)."""
    found: dict[str, dict] = {}
    for path in sources():
        module = str(path.relative_to(PACKAGE.parent))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                at = next((i for i, arg in enumerate(node.args) if _code_of(arg) is not None), None)
                code = _code_of(node.args[at]) if at is not None else None
                if at is not None and code is not None and code not in found:
                    message = _text(node.args[at + 1]) if len(node.args) > at + 1 else ""
                    found[code] = {"severity": _severity(node, at), "message": message, "module": module}
            elif isinstance(node, (ast.Tuple, ast.List)) and node.elts:
                code = _code_of(node.elts[0])
                if code is not None and code not in found and len(node.elts) > 1:
                    found[code] = {"severity": "", "message": _text(node.elts[1]), "module": module}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # anything else holding a code
            code = _code_of(node)
            if code is not None and code not in found:
                found[code] = {"severity": "", "message": "", "module": module}
    return found


def reference() -> str:
    found = findings()
    out = [
        "# Finding codes",
        "",
        "Every problem listgen reports carries a code (`file:line:column: error: message [CODE] (rule)`), and every",
        'code is here, with the module that reports it and its message as written there ("…" stands for what is',
        "filled in: a name, a number). A code starting with a ruleset's prefix is that ruleset's rule; `*-` codes are",
        "reported for every ruleset under its own prefix (`SMLE-POINTS-LIMIT`, `CA-POINTS-LIMIT`...). This page is",
        "written from the source by `docs/findings_reference.py`; a test holds it to the code.",
        "",
    ]
    groups: dict[str, list[str]] = {}
    for code in sorted(found):
        head = "*" if code.startswith("*") else code.split("-")[0]
        groups.setdefault(AREAS.get(head, "Other"), []).append(code)
    for area in sorted(
        groups, key=lambda a: list(dict.fromkeys(AREAS.values())).index(a) if a in AREAS.values() else 99
    ):
        out += [f"## {area}", "", "| code | severity | message | reported by |", "|---|---|---|---|"]
        for code in groups[area]:
            item = found[code]
            message = " ".join(item["message"].split()).replace("|", "/") or "(see the module)"
            out.append(f"| `{code}` | {item['severity'] or '-'} | {message} | `{item['module']}` |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(reference(), end="")
