"""The force as a tree: each part of a list once, with its path, built once per list from the list's model.

Every ruleset declares its list as ``model.Model`` classes whose fields hold other models (a platoon its
sections, a section its teams); the tree follows those declarations, so the core builds it alike for every
ruleset, with nothing written per ruleset. A node's ``kind`` is its model's class name, in the rules' words
(``Platoon``, ``Section``, ``Team``, ``Vehicle``), its ``role`` the field that holds it (``command_team``,
``support_teams``). What hangs on a force by path (today a group's subtotal and name, found for the text, the
roster's headings and the page's form) is found with ``Node.at``; what goes over a force in order walks
``Node.walk``. ``ListReport.force`` builds it once per list.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from listgen.core.findings import Path
from listgen.core.model import Model


class Node:
    """One part of a force: where it stands, what it is, its values as the list gives them, and its parts.
    Immutable (a plain slotted class rather than a frozen dataclass: `listgen validate` builds one per list, and
    dataclasses would cost its start-up the import of inspect)."""

    __slots__ = ("path", "kind", "role", "name", "values", "children", "__weakref__")
    path: Path
    kind: str  # the model's class name: 'Platoon', 'Team'
    role: str  # the field holding it: 'platoons', 'command_team' ('' for the list itself)
    name: str  # its name, '' for a part that has none
    values: Any  # the checked model (read-only, as every Model is)
    children: tuple[Node, ...]

    def __init__(self, path: Path, kind: str, role: str, name: str, values: Any, children: tuple[Node, ...] = ()):
        for field, value in zip(_FIELDS, (path, kind, role, name, values, children)):
            object.__setattr__(self, field, value)

    def __setattr__(self, field: str, value: Any) -> None:
        raise AttributeError(f"a Node is immutable: cannot set {field!r}")

    def __delattr__(self, field: str) -> None:
        raise AttributeError(f"a Node is immutable: cannot delete {field!r}")

    def _key(self) -> tuple:
        return tuple(getattr(self, field) for field in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Node(path={self.path!r}, kind={self.kind!r}, role={self.role!r}, name={self.name!r})"

    def walk(self) -> Iterator[Node]:
        """This node and every node under it, in the list's order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def at(self, path: Path) -> Node | None:
        """The node standing at path, or None where no part of the force does."""
        node: Node | None = self
        while node is not None and node.path != path:
            node = next((c for c in node.children if path[: len(c.path)] == c.path), None)
        return node


_FIELDS = ("path", "kind", "role", "name", "values", "children")


def force_tree(army: Model) -> Node:
    """The tree of a checked list: a node for every model held in a field of another, alone or in a list."""
    return _node(army, (), "")


# the trees built, by the list they are of, for as long as something holds them (a ListReport does)
_built: weakref.WeakValueDictionary[int, Node] = weakref.WeakValueDictionary()


def of(army: Model) -> Node:
    """The tree of a list: the same one for every part that asks while anything holds it (a ListReport holds its
    list's), so that a list is walked as one tree, built once."""
    tree = _built.get(id(army))
    if tree is None or tree.values is not army:  # never another list's that stood at the same address
        tree = force_tree(army)
        _built[id(army)] = tree
    return tree


def _node(values: Model, path: Path, role: str) -> Node:
    children: list[Node] = []
    for field in type(values).fields():
        held = getattr(values, field, None)
        if isinstance(held, Model):
            children.append(_node(held, path + (field,), field))
        elif isinstance(held, list):
            children += [
                _node(item, path + (field, i), field) for i, item in enumerate(held) if isinstance(item, Model)
            ]
    name = getattr(values, "name", None) if "name" in type(values).fields() else None
    return Node(path, type(values).__name__, role, name if isinstance(name, str) else "", values, tuple(children))
