"""Exports: golden files for each format, HTML escaping, and StrictUndefined templates.

To refresh the golden files after a deliberate change: LISTGEN_REGEN_GOLDEN=1 pytest tests/core/test_export.py
"""

import os
import re

import jinja2
import pytest
from conftest import ARMIES, BASE, ROOT

from listgen.commands.export import FORMATS, context, render
from listgen.core.validate import check_file, check_text
from listgen.output import templating

GOLDEN = ROOT / "tests" / "golden"
CASES = [("smle-partisan-band.yaml", fmt) for fmt in FORMATS] + [
    ("close-action-us-rifle-squads.yaml", "md"),
    ("noonday-zulu-impi.yaml", "txt"),
]


@pytest.mark.parametrize("name,fmt", CASES, ids=[f"{n}-{f}" for n, f in CASES])
def test_golden(name, fmt):
    text = render(check_file(str(ARMIES / name)), fmt)
    golden = GOLDEN / f"{name.removesuffix('.yaml')}.{fmt}"
    if os.environ.get("LISTGEN_REGEN_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_html_escapes_what_it_prints():
    hostile = BASE.replace("name: Test section", 'name: "<script>alert(1)</script> & Sons"')
    html = render(check_text(hostile, "x.yaml"), "html")
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons" in html


def test_markdown_keeps_tables_intact():
    text = render(
        check_text(BASE.replace("{count: 4, weapon: rifle}", "{count: 4, weapon: rifle, role: a|b}"), "x.yaml"), "md"
    )
    assert "a\\|b" in text


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_real_environment_is_strict(fmt):
    """A template naming a value it is not given fails instead of printing blank (StrictUndefined)."""
    values = context(check_file(str(ARMIES / "smle-german-section.yaml")))
    del values["points"]
    with pytest.raises(jinja2.UndefinedError):
        templating.render(FORMATS[fmt], **values)


def test_cli_export_to_file(invoke, tmp_path):
    out = tmp_path / "list.html"
    result = invoke("export", ARMIES / "smle-german-section.yaml", "--format", "html", "-o", out)
    assert result.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert invoke("export", ARMIES / "smle-german-section.yaml", "--format", "pdf").exit_code == 2


HOSTILE = BASE.replace(
    "name: Test section",
    'name: "<img src=x onerror=alert(1)> [evil](javascript:alert(1)) [url=javascript:x]y[/url] [img]z[/img]"',
).replace("points_limit: 100", 'points_limit: 100\nnotes: "fine\\n# Injected heading\\n[/list][b]bold[/b]"')


def test_markdown_neither_runs_nor_links_what_a_list_says():
    text = render(check_text(HOSTILE, "x.yaml"), "md")
    assert "<img" not in text and "&lt;img src=x onerror=alert(1)&gt;" in text
    assert not re.search(r"(?<!\\)\]\(javascript:", text) and "\\[evil\\](javascript:alert(1))" in text
    assert "\n# Injected" not in text  # a line break in the notes cannot start a heading


def test_bbcode_has_no_tags_but_its_own():
    text = render(check_text(HOSTILE, "x.yaml"), "bbcode")
    for tag in ("[url=javascript", "[img]", "[/list][b]", "[/url]"):
        assert tag not in text
    assert "［url=javascript:x］y［/url］" in text


def test_text_export_keeps_one_line_per_entry():
    text = render(check_text(HOSTILE, "x.yaml"), "txt")
    assert "\n# Injected" not in text and "fine # Injected heading" in text


def test_a_name_is_one_line(tmp_path):
    report = check_text(BASE.replace("name: Test section", 'name: "Test\\n\\u001b[31mLEGAL"'), "x.yaml")
    f = next(f for f in report.findings if f.code == "INPUT-BAD-VALUE")
    assert "line break or a control character" in f.message and report.unreadable


def test_markdown_prints_no_emphasis_from_a_name():
    from listgen.output.templating import markdown, markdown_cell

    for text in ("**bold**", "_em_", "~~struck~~", "*one*"):
        for escape in (markdown, markdown_cell):
            shown = escape(text)
            assert all(shown[i - 1] == "\\" for i, c in enumerate(shown) if c in "*_~"), (text, shown)
