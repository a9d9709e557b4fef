"""The force as a tree: each part of a list once, with its path, built once per list from the list's model.

Every ruleset declares its list as ``model.Model`` classes whose fields hold other models (a platoon its
sections, a section its teams); the tree follows those declarations, so the core builds it alike for every
ruleset, with nothing written per ruleset. A node's ``kind`` is its model's class name, in the rules' words
(``Platoon``, ``Section``, ``Team``, ``Vehicle``), its ``role`` the field that holds it (``command_team``,
``support_teams``). Once the list is priced, each part carries what it costs (``Node.costs``, ``Node.cost``):
the rosters, the text's subtotals and the page's form read a part's price off its node. A part found by path
is found with ``Node.at``; what goes over a force in order walks ``Node.walk``. ``ListReport.force`` holds the
list's tree, built once and priced once.
"""

from __future__ import annotations

import contextlib
import contextvars
import weakref
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from listgen.core.findings import Path
from listgen.core.model import Model

if TYPE_CHECKING:
    from listgen.core.value import UnitCost, Valuation


class Node:
    """One part of a force: where it stands, what it is, its values as the list gives them, and its parts.
    Immutable (a plain slotted class rather than a frozen dataclass: `listgen validate` builds one per list, and
    dataclasses would cost its start-up the import of inspect)."""

    __slots__ = ("path", "kind", "role", "name", "values", "children", "costs", "_walked", "__weakref__")
    path: Path
    kind: str  # the model's class name: 'Platoon', 'Team'
    role: str  # the field holding it: 'platoons', 'command_team' ('' for the list itself)
    name: str  # its name, '' for a part that has none
    values: Any  # the checked model (read-only, as every Model is)
    children: tuple[Node, ...]
    # what it is priced at, in pricing order: the costs at its path and at a place in it that is no part of its
    # own (a stand's assault armour, the force's prepared positions); () until the list is priced (Node.priced)
    costs: tuple[UnitCost, ...]
    _walked: tuple[Node, ...] | None  # walked(): found the first time it is asked for

    def __init__(
        self,
        path: Path,
        kind: str,
        role: str,
        name: str,
        values: Any,
        children: tuple[Node, ...] = (),
        costs: tuple[UnitCost, ...] = (),
    ):
        put = object.__setattr__  # every field set by name: a check builds a node per part of the list, twice
        put(self, "path", path)
        put(self, "kind", kind)
        put(self, "role", role)
        put(self, "name", name)
        put(self, "values", values)
        put(self, "children", children)
        put(self, "costs", costs)
        put(self, "_walked", None)

    def __setattr__(self, field: str, value: Any) -> None:
        raise AttributeError(f"a Node is immutable: cannot set {field!r}")

    def __delattr__(self, field: str) -> None:
        raise AttributeError(f"a Node is immutable: cannot delete {field!r}")

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, field) for field in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Node(path={self.path!r}, kind={self.kind!r}, role={self.role!r}, name={self.name!r})"

    def walk(self) -> Iterator[Node]:
        """This node and every node under it, in the list's order: a 500-unit list is walked a dozen times a
        check, so the order is found once (the tree is immutable) and kept."""
        return iter(self.walked())

    def walked(self) -> tuple[Node, ...]:
        """This node and every node under it, in the list's order, found once."""
        walked = self._walked
        if walked is None:
            flat: list[Node] = []
            stack = [self]
            while stack:
                node = stack.pop()
                flat.append(node)
                stack.extend(reversed(node.children))
            walked = tuple(flat)
            object.__setattr__(self, "_walked", walked)
        return walked

    def at(self, path: Path) -> Node | None:
        """The node standing at path, or None where no part of the force does."""
        node: Node | None = self
        while node is not None and node.path != path:
            node = next((c for c in node.children if path[: len(c.path)] == c.path), None)
        return node

    @property
    def cost(self) -> UnitCost | None:
        """What this part costs: the cost priced at its own path (the last, where a unit is priced more than
        once), or None where nothing is priced at it."""
        own = self.costs_at(self.path)
        return own[-1] if own else None

    def costs_at(self, path: Path) -> list[UnitCost]:
        """The costs this part carries that were priced at path (its own, or a place in it: its assault armour)."""
        return [cost for cost in self.costs if tuple(cost.path) == path]

    def all_costs(self) -> Iterator[UnitCost]:
        """Every cost in this part and the parts under it, in the list's order."""
        for node in self.walk():
            yield from node.costs

    def priced(self, valuation: Valuation) -> Node:
        """This tree with each of the valuation's costs hung on the part it prices: a new tree (this one is left
        as it is). A cost priced at a place that is no part of its own hangs on the part holding that place."""
        places = {node.path for node in self.walk()}
        hung: dict[Path, list[UnitCost]] = {}
        for cost in valuation.units:
            path = tuple(cost.path)
            while path and path not in places:
                path = path[:-1]
            hung.setdefault(path, []).append(cost)
        return self._hung(hung)

    def _hung(self, hung: dict[Path, list[UnitCost]]) -> Node:
        children = tuple(child._hung(hung) for child in self.children)
        return Node(self.path, self.kind, self.role, self.name, self.values, children, tuple(hung.get(self.path, ())))


_FIELDS = ("path", "kind", "role", "name", "values", "children", "costs")


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


def priced(army: Model, valuation: Valuation) -> Node:
    """The list's tree priced by its valuation, and from now on the tree every part that asks for the list's
    (``of``) is given, while anything holds it (its ListReport does)."""
    tree = of(army).priced(valuation)
    _built[id(army)] = tree
    return tree


# While ``building_shared`` holds: each part's tree, by (its model's id, its path, its role) -> (the model, the
# tree). Lists that share most of their models (the catalogue's copies, read with model.reading_shared) build what
# they share once: a Node is immutable, so one serves every tree that holds it.
_BUILT: contextvars.ContextVar[dict[tuple[int, Path, str], tuple[Model, Node]] | None] = contextvars.ContextVar(
    "listgen_force_built", default=None
)


@contextlib.contextmanager
def building_shared() -> Iterator[None]:
    """Within it, a part's tree built before (the same model at the same path, in the same role) is not built again."""
    token = _BUILT.set({} if _BUILT.get() is None else _BUILT.get())
    try:
        yield
    finally:
        _BUILT.reset(token)


def _node(values: Model, path: Path, role: str) -> Node:
    built = _BUILT.get()
    if built is None:
        return _new_node(values, path, role)
    hit = built.get((id(values), path, role))
    if hit is not None and hit[0] is values:
        return hit[1]
    node = _new_node(values, path, role)
    built[(id(values), path, role)] = (values, node)  # the model held: its id is not another's meanwhile
    return node


def _new_node(values: Model, path: Path, role: str) -> Node:
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
