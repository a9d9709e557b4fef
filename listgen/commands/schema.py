"""`listgen schema`: the JSON Schema of a ruleset's list format, or of tournament packs."""

from __future__ import annotations

from .. import rulesets


def schema(name: str) -> dict:
    """The JSON Schema of a ruleset's list format, or of tournament packs when name is 'pack'."""
    from listgen.core.model import json_schema

    if name == "results":
        from listgen.events.results import results_schema

        return results_schema()
    if name == "pack":
        from listgen.events.pack import Pack

        return json_schema(Pack, "listgen tournament pack", "https://listgen.invalid/schema/pack.json")
    ruleset = rulesets.get(name)
    return json_schema(
        ruleset.army_model,
        f"{ruleset.title} army list (listgen)",
        f"https://listgen.invalid/schema/{ruleset.slug}.json",
    )
