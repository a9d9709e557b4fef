"""What a player reads at the table: each ruleset's playsheet says what its text says, restated here."""

from __future__ import annotations

from listgen.rulesets.close_action.sheet import reference as close_action_sheet
from listgen.rulesets.noonday_sun.sheet import reference as noonday_sheet


def _said(sheet) -> str:
    return " ".join(" ".join(block.text + block.notes) for block in sheet.blocks)


def test_close_action_support_weapons_may_still_change_facing_after_firing():
    # Firing, Moving after Shooting: "Support weapons may not move after they fire except to change to a new facing."
    said = _said(close_action_sheet())
    assert "Support weapons may not move after firing." not in said
    assert "except to change to a new facing" in said and "Small arms and grenades do not hinder movement" in said


def test_close_action_firing_says_heads_head_to_head_and_blind_fire():
    said = _said(close_action_sheet())
    assert "Any figures whose heads are in the BZ are targets" in said  # Grenades
    assert "Measure ranges head-to-head between figures" in said  # Firing, Procedure
    assert "blind fire" in said and "referee" in said  # Eligible Targets: "referee-moderated games ... blind fire"


def test_close_action_command_control_and_a_dropped_off_support_weapon():
    said = _said(close_action_sheet())
    # Command Control: "The men in a squad may not move unless ... However, they may fire and change facing."
    assert "they may fire and change facing" in said
    # Introduction: "A player may 'drop off' a support weapon but it will then have movement problems unless an
    # officer or its squad leader is nearby (see Movement)"
    assert "drop off" in said and "squad leader" in said


def test_noonday_sheet_veterans_prone_one_double_move_and_wandering_leaders():
    said = _said(noonday_sheet())
    # 4. Movement, Taking Cover: "Veterans normally end their move lying prone"
    assert "Veterans normally end their move lying prone" in said
    # 3. Movement Options, Double Move: "Generally, troops may only make one double move in each round."
    assert "one double move in each round" in said
    # Separation Anxiety: "heroes and leaders may wander off on their own without penalty, but their remaining unit or
    # group suffers the separation modifier until they return"
    assert "wander off on their own without penalty" in said and "until they return" in said


def test_smle_sheet_walks_its_movement_as_the_text_does():
    # S.M.L.E. shares these three sentences with Noonday Sun: Double Move "Generally troops may only make one double
    # move in each round"; Taking Cover "Veterans normally end their move lying prone"; Separation Anxiety "Heroes
    # and Leaders may wander off on their own without penalty, but their remaining team or group suffers the
    # separation modifier until they return."
    from listgen.rulesets.smle.sheet import reference as smle_sheet

    said = _said(smle_sheet())
    assert "one double move in each round" in said
    assert "Veterans normally end their move lying prone" in said
    assert "wander off on their own without penalty" in said and "until they return" in said


def test_bounce_sheet_walks_orders_and_air_defence_as_the_text_does():
    from listgen.rulesets.bounce_into_action.sheet import reference as bounce_sheet

    said = _said(bounce_sheet())
    # Changing Orders: "Orders can be changed only by a senior officer ... an officer must spend an entire turn doing
    # nothing else ... [the officers receiving them] similarly must do nothing for the turn in which they receive"
    assert "changed only by a senior officer" in said and "an entire turn doing nothing else" in said
    # Air Defence: "Orbital to Air is not allowed except for very slow aircraft"
    assert "Orbital to air only against very slow aircraft" in said
    # Air Defence Systems: firing "regardless of lock on being achieved (although the player can opt not to fire ...)"
    assert "fire whether or not lock-on is achieved" in said
    # Lock-on: "Aircraft which are on the ground cannot be engaged as air targets and instead count as ground vehicles"
    assert "on the ground are ground vehicles" in said
    # "the order of firing is by manoeuvrability, then pilot ability, speed, or highest die roll"
    assert "by manoeuvrability, then pilot ability, speed, or highest die" in said


def test_sol_prime_sheet_walks_artillery_morale_and_fortifications_as_the_text_does():
    from listgen.rulesets.sol_prime.sheet import reference as sol_sheet

    said = _said(sol_sheet())
    # Artillery: Calling in Fire: "All leaders qualify as AFO's ... A suppressed AFO may not function as an observer";
    # "the fire is completely canceled & those batteries may not have fire called into them until the player's next
    # turn"; "the fire will automatically hit at the beginning of the next cycle"
    assert "suppressed AFO" in said and "until the player's next turn" in said and "next cycle" in said
    # Counterbattery Fire: "The firing Platoon will be taken off of Overwatch whether the counterbattery fire is
    # successful or not."
    assert "off Overwatch whether it succeeds or not" in said
    # Unit Morale: "the Leader modifier if a friendly leader is within 4 inches"; Platoon Morale: rally "the Platoon
    # must be activated & may not perform any other activities"
    assert 'leader within 4"' in said and "may not perform any other activities" in said
    # Fortifications: "Crews that man fortification weapons do not need to check morale"; "A simple fortified wall
    # may be extended out up to 2" from a pillbox or other fortification at no cost."
    assert "do not check morale" in said and 'up to 2" from a pillbox' in said


def test_smle_sheet_walks_close_assault_and_explosives_as_the_text_does():
    from listgen.rulesets.smle.sheet import reference as smle_sheet

    said = _said(smle_sheet())
    # Close Assault: "If the defending unit has not made an attack this round, they may be able to make an Opportunity
    # Fire attack ... before it moves into contact. Remove any casualties from the active team before continuing"
    assert "Opportunity Fire before contact" in said and "casualties removed first" in said
    # "Pair up the attackers and defenders so that each figure faces at least one opponent ... Where two or more
    # opponents face a figure, roll one die for each figure"
    assert "each figure faces at least one opponent" in said
    # Explosive Effect Weapons: "If it has any adds to its attack they only apply to the target figure or model at the
    # point of impact."
    assert "adds apply only at the point of impact" in said


# --- what the sheets say of rules and scale ---------------------------------------------------------------------


def test_the_close_action_playsheet_gives_the_rules_a_player_needs_at_the_table():
    from listgen.rulesets import get

    sheet = get("close-action").reference(None)
    text = " ".join(t for b in sheet.blocks for t in b.text)
    for said in (
        "visible to the firer at the start of the move",  # Eligible Targets
        "Isolated figures test individually",  # Morale Procedure
        "a BZ counts only with a man of the squad in it",  # Blast Zone Effects
        "or leave the game table",  # Rout
        "may break off on their next active move",  # Breaking Off
    ):
        assert said in text, said


def test_the_bounce_sheet_reads_the_scale_as_the_text_does():
    from listgen.rulesets.bounce_into_action import tables as T

    assert "an infantry company of up to 100" in T.SCALE_NOTE and "100 infantry stands" not in T.SCALE_NOTE


def test_the_noonday_sheet_gives_doors_opportunity_fire_company_figures_and_random_quality():
    from listgen.rulesets import get

    text = " ".join(t for b in get("noonday-sun").reference(None).blocks for t in b.text)
    for said in (
        "the door bursts open and the unit ends its move in a heap",  # 5. Opening a Door: rushing
        "Once one figure opens it, the rest of the unit passes freely",
        "Close or Advance without a Direct Fire attack may make Opportunity Fire",  # 3. Movement Options
        "treat each unit or base as one figure",  # 5. Groups: company games
        "1 Green, 2-4 Trained, 5-6 Veteran; the section leader rolls with +1",  # 6. Troop Quality
        "a figure carrying a heavy weapon (e.g. HMG)",  # 3. Encumbered Movement, and how listgen reads it
    ):
        assert said in text, said
