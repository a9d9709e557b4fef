"""Names in any script print, or their owner is told which characters will not."""

from conftest import BASE

from listgen.commands.roster import unprintable
from listgen.core.validate import check_text
from listgen.render import glyphs, pdf


def test_cjk_and_emoji_names_print_in_a_bundled_font():
    pdf.register_fonts()
    for text in ("第一小隊", "第一小队", "제1분대", "🐻 Bears"):
        assert glyphs.unprintable(text, pdf.FONT) == [], text
        assert "<font name=" in glyphs.mark_up(text, pdf.FONT)


def test_a_character_no_font_has_is_reported_with_file_line_and_field(invoke, tmp_path):
    text = BASE.replace("name: Test section", 'name: "Test \\U000F0001 section"')
    report = check_text(text, "odd.yaml")
    lines = unprintable(report)
    assert lines == [
        "odd.yaml:2: name 'Test \\U000f0001 section': no embedded font prints U+F0001; it prints as an empty box"
    ]
    listing = tmp_path / "odd.yaml"
    listing.write_text(text, encoding="utf-8")
    result = invoke("roster", listing, "-o", tmp_path / "odd.pdf")
    assert result.exit_code == 0 and "U+F0001" in result.output


def test_plain_latin_greek_and_cyrillic_need_no_fallback():
    pdf.register_fonts()
    assert glyphs.mark_up("Żołnierze Königstiger Ελλάδα Красная", pdf.FONT).count("<font") == 0


def test_a_fallback_font_not_downloaded_yet_is_said(monkeypatch, tmp_path):
    """listgen site fetches the CJK and emoji fonts at the first printout: one it could not get (offline) is
    reported as such, never a crash."""
    import pytest

    from listgen.core.exceptions import RenderError
    from listgen.render import glyphs

    monkeypatch.setattr(glyphs, "_cmaps", {})  # nothing loaded yet
    monkeypatch.setattr(glyphs.pdfmetrics, "getRegisteredFontNames", lambda: [])
    (tmp_path / "listgen" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(glyphs.resources, "files", lambda _package: tmp_path / "listgen")
    with pytest.raises(RenderError, match="has not downloaded yet"):
        glyphs._cmap("LG-CJK", "WenQuanYiMicroHei.ttc", 0)
