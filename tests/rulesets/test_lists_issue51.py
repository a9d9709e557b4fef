"""Lists and prices, issue 51: each rule restated from the rules text, one broken per list."""

from __future__ import annotations

# --- Bounce into Action ------------------------------------------------------------------------------------------


def test_a_morale_number_held_at_9_says_the_cap_in_its_working():
    # Basic Morale: the morale number may "never be less than 1 or more than 9 at the start of a scenario"
    from listgen.rulesets.bounce_into_action.roster import _morale
    from listgen.rulesets.bounce_into_action.stats import morale

    said = _morale(*morale("recruits", "veteran", ["no-medical", "cant-kill-enemy", "poor-officers"]))  # 8+4 = 12
    assert said.startswith("9 (") and "never more than 9" in said
    low = _morale(*morale("special-forces", "novice", ["in-hma", "elite", "well-supplied"]))  # 2-3 = -1
    assert low.startswith("1 (") and "never less than 1" in low
    at = _morale(*morale("recruits", "veteran", ["no-medical"]))  # 8+1 = 9: at the cap, nothing held
    assert at.startswith("9 (") and "never" not in at
