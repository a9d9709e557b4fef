"""S.M.L.E. advice for evening a scenario, in the text's own terms (SMLE Unit Points Costs, Scenarios)."""

from __future__ import annotations

from listgen.core.balance import units_to_even
from listgen.core.dice import rating
from listgen.core.value import show

from . import stats
from . import tables as T
from .army import all_individuals, all_teams

OBJECTIVES = (
    "The text: 'It is not necessary that forces be balanced, but objectives should be.' For uneven "
    "forces, A Target Rich Environment suggests: The Magnificent Seven (better troops, equipment or "
    "heroes for the smaller side), Multiple Signals (the smaller side defends prepared positions with "
    "plenty of cover), Commando (the larger side disperses to guard several objectives) or Ambush! (the "
    "smaller side sets up hidden)."
)


def _attack_ratings(army) -> set:
    found = set()
    for _p, team, _k in all_teams(army):
        found |= {w.rating for w in stats.team_weapons(team) if w.rating}
        if team.grenades:
            found.add(T.WEAPONS["hand-grenade"].rating)
        if team.rpg:
            found.add(T.WEAPONS["bazooka"].rating)
    for _p, leader, _r in all_individuals(army):
        w = stats.weapon(leader.weapon)
        if w and w.rating:
            found.add(w.rating)
    return found


def vehicle_rule(army, opponent) -> list:
    """'If one side has vehicles, then the other side should have some means of stopping them.'"""
    lines = []
    attacks = [rating(r) for r in _attack_ratings(opponent)]
    for _p, team, _k in all_teams(army):
        if team.vehicle is None:
            continue
        armour = stats.vehicle_armour(team.vehicle)
        if armour is None:
            continue
        dice = T.VEHICLE_ARMOUR[armour][0]
        lowest = rating(dice).counts[0][0]
        # a vehicle kill needs double the armour: can any weapon's best roll reach double its lowest roll?
        if not any(a.counts[-1][0] > lowest and a.counts[-1][0] >= 2 * lowest for a in attacks):
            lines.append(
                f"{opponent.name} has no weapon that can knock out {team.vehicle.name} (armour {dice}): the text "
                "says a side facing vehicles should have some means of stopping them (give it bazookas, "
                "RPG/LAW, an AT rifle or a gun)."
            )
    return lines


def advice(army_a, value_a, army_b, value_b, balance) -> list:
    lines = []
    diff = abs(value_a.total - value_b.total)
    weak, strong = balance.weaker, balance.stronger
    weak_army = army_a if weak.label == "A" else army_b
    if diff:
        n = units_to_even(diff, T.POINTS_TEAM)
        lines.append(
            f"Give {weak.label} about {n} more basic team{'s' * (n != 1)} (12 points each: light armour, 1D "
            f"weapons), or take as many from {strong.label}."
        )
        teams = sum(1 for _ in all_teams(weak_army))
        spare = max(0, teams - weak_army.prepared_positions)
        pp = min(n, spare)
        if pp:
            lines.append(
                f"Or give {weak.label} {pp} prepared position{'s' * (pp != 1)} ({pp * T.POINTS_PREPARED_POSITION} "
                "points, 12 each; each holds one team in relative comfort and security)."
            )
        if (
            not (army_a.sets_up_hidden or army_b.sets_up_hidden)
            and balance.ratio
            and max(balance.ratio, 1 / balance.ratio) >= 1.5
        ):
            lines.append(
                f"Or let {weak.label} set up hidden: x2 (at least) for the side that hides, worth "
                f"{show(weak.value.total)} more to it here."
            )
    lines.append(OBJECTIVES)
    lines += [f"A vs B vehicles: {line}" for line in vehicle_rule(army_a, army_b)]
    lines += [f"B vs A vehicles: {line}" for line in vehicle_rule(army_b, army_a)]
    return lines
