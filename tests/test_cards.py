"""The cards command: a PDF of unit cards from a list, and what build writes beside each roster."""

import pytest
from conftest import ARMIES


def test_cards_writes_a_pdf(invoke, tmp_path):
    out = tmp_path / "cards.pdf"
    result = invoke("cards", ARMIES / "smle-german-section.yaml", "-o", out, "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF") and "1 page; legal" in result.output


def test_cards_of_an_unreadable_list_exit_2_and_write_nothing(invoke, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: smle\nname: [unclosed\n")
    out = tmp_path / "cards.pdf"
    result = invoke("cards", bad, "-o", out)
    assert result.exit_code == 2 and not out.exists()


@pytest.mark.slow
def test_build_writes_cards_beside_each_roster(invoke, tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "german.yaml").write_bytes((ARMIES / "smle-german-section.yaml").read_bytes())
    result = invoke("build", folder, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "german-cards.pdf").read_bytes().startswith(b"%PDF")
