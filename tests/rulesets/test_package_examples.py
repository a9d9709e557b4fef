"""The example lists a ruleset's package ships (``<package>/examples/*.yaml``, what the contract reads) are the
package's own; one that armies/ also holds, under the same name and for the same ruleset, is the same list (but for
armies/' editor line naming its schema), so that a list mended in one place is mended in the other too."""

import pytest
import yaml
from conftest import ARMIES, ROOT


def ruleset_of(path) -> object:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data.get("ruleset") if isinstance(data, dict) else None


def twins() -> list:
    """(shipped, armies/ twin) for every example a package ships that armies/ holds too (a renamed copy's example,
    for a ruleset of its own, has none)."""
    pairs = []
    for shipped in sorted((ROOT / "listgen" / "rulesets").glob("*/examples/*.yaml")):
        twin = ARMIES / shipped.name
        if twin.exists() and ruleset_of(twin) == ruleset_of(shipped):
            pairs.append((shipped, twin))
    return pairs


def without_schema_line(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if "$schema=" not in line)


@pytest.mark.parametrize("shipped,twin", twins(), ids=lambda p: p.name)
def test_an_example_armies_also_holds_is_the_same_list(shipped, twin):
    assert without_schema_line(shipped.read_text(encoding="utf-8")) == without_schema_line(
        twin.read_text(encoding="utf-8")
    ), f"{shipped.relative_to(ROOT)} and armies/{twin.name} differ: mend both"
