"""Every finding code is in the manual (docs/findings.md, written from the source by docs/findings_reference.py), as
the command reference is held to --help: a code added without its page turns this red (issue 49)."""

import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_findings_page_is_the_sources_own():
    reference = runpy.run_path(str(ROOT / "docs" / "findings_reference.py"))
    committed = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    assert committed == reference["reference"](), (
        "docs/findings.md is stale: python docs/findings_reference.py > docs/findings.md"
    )


def test_every_code_a_list_or_an_event_can_meet_is_on_the_page():
    """The control is independent of the page's writer: every string in listgen's source shaped as a code (or a
    ruleset's prefix and a code, f"{code}-POINTS-LIMIT") is looked for on the page, as a user would look it up."""
    page = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    sources = runpy.run_path(str(ROOT / "docs" / "findings_reference.py"))["sources"]()  # listgen's own packages
    source = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    shaped = set(re.findall(r"""["']([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)["']""", source)) - {"LG-CJK", "W-D-L"}
    codes = {c for c in shaped if not re.fullmatch(r"R\d+-T\d+-\w+", c)}  # a slip's code in a help text
    prefixed = set(re.findall(r"""f["']\{[^}\n]+\}(-[A-Z0-9-]+)["']""", source))
    assert len(codes) > 100 and prefixed
    missing = sorted(c for c in codes if f"`{c}`" not in page) + sorted(p for p in prefixed if f"`*{p}`" not in page)
    assert not missing, f"docs/findings.md does not name {missing}"
    shown = set(re.findall(r"^\| `([^`]+)` \|", page, re.M))
    assert shown == codes | {f"*{p}" for p in prefixed}  # and names no code the source does not have
