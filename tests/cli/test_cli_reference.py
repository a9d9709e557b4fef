"""The command reference (docs/cli.md) is written from the commands' own --help by docs/cli_reference.py: a
change to a command's usage, help or options that is not written into the page turns this red."""

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_command_reference_is_the_commands_own():
    reference = runpy.run_path(str(ROOT / "docs" / "cli_reference.py"))["reference"]()
    committed = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert committed == reference, "docs/cli.md is stale: python docs/cli_reference.py > docs/cli.md"
    for command in ("listgen validate", "listgen tournament pair", "listgen tournament export", "listgen site"):
        assert f"## {command}\n" in committed


def test_the_manual_links_every_page_it_has():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    assert pages and all(page in nav for page in pages)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 150 and all(f"(docs/{page})" in readme for page in pages if page != "index.md")
