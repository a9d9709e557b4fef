"""The rulesets built into listgen, one package each (``smle``, ``noonday_sun``, ...), registered in pyproject.toml
as entry points of the group ``listgen.rulesets``. What a ruleset's package subclasses and the registry live in
``listgen.core.rulesets`` (the core never imports a ruleset); they are named here too, where a ruleset's package,
built in or a club's own, imports them from (``from listgen.rulesets import Ruleset``)."""

from listgen.core.rulesets import ENTRY_POINTS, Ruleset, get, registered, slug_of, slugs

__all__ = ["ENTRY_POINTS", "Ruleset", "get", "registered", "slug_of", "slugs"]
