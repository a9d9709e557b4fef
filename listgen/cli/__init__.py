"""The command line: parse arguments, make one library call, print what it says, exit.

One Typer app (``common.app``) with a module per group of commands, as mkdocs keeps one module per command: the
player's commands (``lists``), the page and the site (``page``), an event (``tournament``, whose rounds and moves
are ``rounds_app``), the club's ladder (``ladder``) and campaigns (``campaign``, a Typer app of its own joined with
``add_typer``). Exit codes (a contract): 0 all legal, 1 some list illegal, 2 unreadable input or bad usage, 3
listgen's own bug. Nothing heavy is imported here: renderers load inside the commands that render. A plain
``listgen validate`` does not even come here (see ``__main__.py``).
"""

from __future__ import annotations

# each module registers its commands on the app, in the order --help lists them
# isort: off
from . import lists  # noqa: F401
from . import page  # noqa: F401
from . import tournament  # noqa: F401
from . import ladder  # noqa: F401
from . import campaign  # noqa: F401

# isort: on
from .common import app
from .tournament import rounds_app

__all__ = ["app", "rounds_app"]
