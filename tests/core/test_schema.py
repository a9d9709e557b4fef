"""The JSON Schemas editors use: complete, described, and committed beside the examples that name them."""

import json
import re

import pytest
import yaml
from conftest import ARMIES, BASE

from listgen.commands.schema import schema
from listgen.rulesets import get, slugs

NAMES = [*slugs(), "pack"]
# the schemas committed beside the examples, for editors' modelines (a ruleset that is one package has none)
COMMITTED = sorted(p.name.removesuffix(".schema.json") for p in (ARMIES / "schemas").glob("*.schema.json"))


def properties(data):
    for name, obj in {"(top)": data, **data.get("$defs", {})}.items():
        for key, prop in obj.get("properties", {}).items():
            yield f"{name}.{key}", prop


@pytest.mark.parametrize("name", NAMES)
def test_every_property_is_described_and_never_null(name):
    for where, prop in properties(schema(name)):
        assert prop.get("description"), where
        assert prop.get("default", 0) is not None and "null" not in json.dumps(prop.get("type", "")), where


@pytest.mark.parametrize("name", COMMITTED)
def test_the_committed_schema_is_current(name):
    """armies/schemas/*.schema.json are what the examples' modelines name; regenerate with
    `listgen schema NAME -o armies/schemas/NAME.schema.json` after changing a model."""
    committed = json.loads((ARMIES / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert committed == schema(name)


def test_every_examples_modeline_resolves():
    for path in [*ARMIES.rglob("*.yaml")]:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        target = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert target and (path.parent / target.group(1)).resolve().is_file(), path


@pytest.mark.parametrize(
    "ruleset,field,good,typo",
    [
        ("smle", "weapon", "lmg", "bren"),
        ("smle", "weapon", "at-gun-57mm", "gun-57"),
    ],
)
def test_editors_flag_weapon_typos(ruleset, field, good, typo):
    jsonschema = pytest.importorskip("jsonschema")
    data = yaml.safe_load(BASE)
    validator = jsonschema.Draft202012Validator(schema(ruleset))
    data["sections"][0]["teams"][1]["figures"][0][field] = good
    assert not list(validator.iter_errors(data))
    data["sections"][0]["teams"][1]["figures"][0][field] = typo
    assert list(validator.iter_errors(data))


@pytest.mark.parametrize("name", slugs())
def test_weapon_fields_list_their_names(name):
    """An editor completes every weapon the ruleset names (Noonday Sun's text has no weapons table: none)."""
    text = json.dumps(schema(name))
    weapons = get(name).weapons()
    assert not weapons or '"enum"' in text
    assert [w for w in weapons if f'"{w}"' not in text] == []


def test_a_ruleset_with_a_weapons_table_names_them():
    assert get("smle").weapons() and "rifle" in get("smle").weapons() and "rifle" in json.dumps(schema("smle"))
