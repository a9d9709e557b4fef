"""`listgen new`: a ruleset's commented starter list, from its package's starter.yaml.j2."""

from __future__ import annotations

from .. import rulesets


def starter_list(ruleset_slug: str) -> str:
    """A commented starter list for a ruleset, from its package's starter.yaml.j2 (a ruleset is one package)."""
    from importlib import resources

    from listgen.output.templating import environment

    ruleset = rulesets.get(ruleset_slug)
    source = (resources.files(ruleset.package) / "starter.yaml.j2").read_text(encoding="utf-8")
    return environment().from_string(source).render(ruleset=ruleset, weapons=ruleset.weapons())
