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


def test_a_long_rule_line_is_cut_on_its_card():
    """Issue 25: long text on hundreds of units made cards take tens of seconds; a card prints the start of a
    long rule line and sends the player to the roster, which prints it whole."""
    from dataclasses import replace

    from conftest import BASE

    from listgen.commands.roster import printed_roster
    from listgen.core.validate import check_text
    from listgen.render.cards_pdf import CARD_RULE, _for_card

    essay = "Note: " + " ".join(["word"] * 240)
    unit = next(u for u in printed_roster(check_text(BASE, "t.yaml")).units if u.title.endswith("Rifles"))
    card = _for_card(replace(unit, rules=[*unit.rules, essay]))
    cut = card.rules[-1]
    assert cut.endswith("... (continued in the roster)") and len(cut) <= CARD_RULE + 40
    assert cut.startswith("Note: word word") and " wor ..." not in cut  # cut where a word ends
    short = _for_card(replace(unit, rules=[*unit.rules, essay[:CARD_RULE]]))
    assert short.rules[-1] == essay[:CARD_RULE]  # exactly at the bound: whole


def test_a_word_too_long_for_its_column_shrinks_no_further_than_the_least_size():
    from listgen.render import roster_pdf

    table = roster_pdf._box_table(["Figure"], [["X" * 400]], [], set(), 120, roster_pdf.CARD)
    cell = table._cellvalues[1][0]
    assert cell.style.fontSize >= roster_pdf.LEAST_WORD
