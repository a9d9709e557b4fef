"""The house's layers (issues 40, 49): listgen's packages by concern, one layer each, each importing only from the
layers below it, and no circle of imports between modules. Read from the source with ast, so a lazy import inside
a function counts for the layers and for circles alike (it is still a dependency); a name imported for the type
checker only (``if TYPE_CHECKING:``) counts for the layers, not for circles, since it is never imported.

    __main__                    the `listgen` command (a plain validate without typer)
    cli                         the command line (typer)
    web                         the page and the site's Python
    commands                    what a command does, a module per command
    events                      a club's event and a campaign
    render                      PDFs, handed what they draw (and what a printout holds: render/printed.py)
    output                      files written and found safely, text for a terminal, templates
    rulesets                    each ruleset's package
    core                        the engine, and the contract and registry of rulesets it knows them by
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "listgen"
LAYERS = tuple(
    (part,) for part in ("core", "rulesets", "output", "render", "events", "commands", "web", "cli", "__main__")
)
LAYER = {part: n for n, parts in enumerate(LAYERS) for part in parts}


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _target(name: str) -> str:
    """The module an imported name lives in: the longest prefix that is one of listgen's modules."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(module: str, at_import_time: bool = False, typing_only: bool = True) -> set[str]:
    """listgen's modules that a module imports: all of them, or only those imported when it is imported; with
    or without those named for the type checker only."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if at_import_time and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if (at_import_time or not typing_only) and _is_type_checking(child):
                continue
            if isinstance(child, ast.ImportFrom):
                base = package[: len(package) - child.level + 1] if child.level else []
                head = ".".join(base + ([child.module] if child.module else []))
                names = [f"{head}.{alias.name}" for alias in child.names]
            elif isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            else:
                names = []
            found.update(_target(n) for n in names if n.split(".")[0] == "listgen")
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found - {module}


def _part(module: str) -> str:
    """The package (or top module) of listgen a module belongs to: 'core', 'web', 'cli'... ('' for listgen)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _above(module: str, imported: set[str]) -> list[str]:
    mine = LAYER.get(_part(module), len(LAYERS))
    return sorted(t for t in imported if _part(t) and LAYER[_part(t)] > mine)


def test_every_module_is_in_a_layer():
    assert {_part(m) for m in MODULES} - {""} == set(LAYER), "a new package: give it its layer here and in the docs"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_and_those_below(module):
    above = _above(module, _imports(module, at_import_time=False))
    assert not above, f"{module} imports from a layer above its own: {above}"


def _check_circle(graph: dict) -> None:
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError("import circle: " + " -> ".join(path[path.index(n) :] + [n]))
            if n not in state:
                walk(n)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            walk(m)


def test_no_circle_of_imports_at_import_time():
    _check_circle({m: _imports(m, at_import_time=True) for m in MODULES})


def test_no_circle_of_imports_even_inside_functions():
    _check_circle({m: _imports(m, typing_only=False) for m in MODULES})


def test_every_package_is_a_layer_of_its_own():
    assert all(len(parts) == 1 for parts in LAYERS)


def test_the_gate_sees_a_layer_broken_and_a_circle():
    """The control: the checks find what they look for: a render module reaching up to an event (as the slips
    once did for their codes) and two modules importing each other."""
    assert _above("listgen.render.rounds_pdf", {"listgen.events.rounds", "listgen.core.odds"}) == [
        "listgen.events.rounds"
    ]
    with pytest.raises(AssertionError, match="import circle: a -> b -> a"):
        _check_circle({"a": {"b"}, "b": {"a"}, "c": {"a"}})


def test_the_developers_guide_names_every_module():
    """The Layout in docs/developers.md is checked, not trusted: every module of listgen's own packages (a
    ruleset's modules are the contract's, described once for all) is named there."""
    guide = (PACKAGE.parent / "docs" / "developers.md").read_text(encoding="utf-8")
    unnamed = [
        str(path.relative_to(PACKAGE))
        for module, path in MODULES.items()
        if path.name != "__init__.py"
        and not (_part(module) == "rulesets" and len(module.split(".")) > 3)
        and f"{path.name}`" not in guide
    ]
    assert not unnamed, f"docs/developers.md does not name {unnamed}"
