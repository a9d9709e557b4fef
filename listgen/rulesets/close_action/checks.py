"""Close Action checks: squads, officers, support weapons and spotters, infantry only."""

from __future__ import annotations

from listgen.core.findings import Findings, did_you_mean, unknown

from . import tables as T
from .army import CloseActionList, squad_size


def _weapon(out: Findings, slug: str, path, allowed, where: str):
    if slug in allowed:
        return
    if slug.lower() in T.INFANTRY_ONLY:
        out.error("CA-INFANTRY-ONLY", f"'{slug}': {T.INFANTRY_NOTE}", path, T.REF_INTRO)
    elif slug.lower() in T.SUPPORT_WEAPONS:
        out.error(
            "CA-SUPPORT-AS-PERSONAL",
            f"'{slug}' is a support weapon: {T.SUPPORT_ATTACHED_NOTE}: list it under a squad's support_weapons",
            path,
            T.REF_INTRO,
        )
    elif slug.lower() == "grenade":
        out.error(
            "CA-GRENADE-AS-WEAPON",
            "any man may throw a grenade (a 5-6 on 1D6); do not list it as his weapon",
            path,
            T.REF_FIRING,
        )
    else:
        out.error("INPUT-UNKNOWN-WEAPON", unknown(where, slug, list(allowed), T.ALIASES), path, T.REF_FIRE_TABLE)


def _officers_to_players(army: CloseActionList, out: Findings) -> None:
    """'Each player in the game should also receive a personality figure that acts as an officer': the count is
    CA-OFFICERS'; the text asks no names, so officers without 'player:' are one player's each. Names matter only
    where they give one player two officers."""
    seen: dict = {}
    for i, officer in enumerate(army.officers):
        if not officer.player:
            continue
        if officer.player.casefold() in seen:
            out.error(
                "CA-OFFICER-PLAYER",
                f"{officer.player} has two officers ({seen[officer.player.casefold()]} and {officer.name}); "
                "each player receives one",
                ("officers", i, "player"),
                T.REF_INTRO,
            )
        else:
            seen[officer.player.casefold()] = officer.name


def check(army: CloseActionList, out: Findings, valuation) -> None:
    for key in ("vehicles", "guns"):
        if getattr(army, key):
            out.error("CA-INFANTRY-ONLY", f"{key} in a Close Action list: {T.INFANTRY_NOTE}", (key,), T.REF_INTRO)
    if len(army.officers) != army.players:
        out.error(
            "CA-OFFICERS",
            f"each player receives one officer: {army.players} player"
            f"{'s' * (army.players != 1)} and {len(army.officers)} officer"
            f"{'s' * (len(army.officers) != 1)}",
            ("officers",),
            T.REF_INTRO,
        )
    for i, officer in enumerate(army.officers):
        _weapon(out, officer.weapon, ("officers", i, "weapon"), T.PERSONAL_WEAPONS, "weapon")
    _officers_to_players(army, out)
    spotters: dict = {}
    # the figures a spotter can be: squad leaders, officers, and men listed one to a line under a name (role)
    figures = (
        {sq.leader.name for sq in army.squads if sq.leader}
        | {o.name for o in army.officers}
        | {m.role for sq in army.squads for m in sq.men if m.role and m.count == 1}
    )
    for s, squad in enumerate(army.squads):
        path = ("squads", s)
        n = squad_size(squad)
        if not T.SQUAD_MEN[0] <= n <= T.SQUAD_MEN[1]:
            out.error(
                "CA-SQUAD-SIZE",
                f"squad '{squad.name}' has {n} {'man' if n == 1 else 'men'}; squads are 6-12 men ({T.SQUAD_NOTE})",
                path,
                T.REF_INTRO,
            )
        if squad.leader is None:
            out.error(
                "CA-SQUAD-LEADER",
                f"squad '{squad.name}' has no squad leader: 'squads of 6-12 men, each "
                "commanded by a squad leader'; give it 'leader: {name: ..., weapon: ...}'",
                path,
                T.REF_INTRO,
            )
        else:
            _weapon(out, squad.leader.weapon, path + ("leader", "weapon"), T.PERSONAL_WEAPONS, "weapon")
        if squad.grade is None:
            out.error(
                "CA-SQUAD-GRADE",
                f"squad '{squad.name}' has no morale grade: 'Each squad should have a "
                "morale grade of veteran, steady, or green'; give it 'grade:'",
                path,
                T.REF_INTRO,
            )
        for m, men in enumerate(squad.men):
            _weapon(out, men.weapon, path + ("men", m, "weapon"), T.PERSONAL_WEAPONS, "weapon")
        _support_weapons(out, squad, path, figures, spotters)


def _support_weapons(out, squad, path, figures: set, spotters: dict) -> None:
    """A squad's support weapons: each one the text prints; a mortar with one spotter of its own, a figure of the
    list (Firing); no spotter for any other."""
    for w, support in enumerate(squad.support_weapons):
        where = path + ("support_weapons", w)
        _weapon(out, support.weapon, where + ("weapon",), T.SUPPORT_WEAPONS, "support weapon")
        if support.weapon == "mortar":
            if not support.spotter:
                out.error(
                    "CA-MORTAR-SPOTTER",
                    f"mortar in '{squad.name}' has no spotter: 'Nominate one spotter "
                    "figure per mortar at the start of the game'; name one of the squad's men with "
                    "'spotter: NAME' on this support weapon",
                    where,
                    T.REF_FIRING,
                )
            elif support.spotter not in figures:
                out.error(
                    "CA-SPOTTER-UNKNOWN",
                    f"the mortar's spotter '{support.spotter}' is no figure of this "
                    f"list{did_you_mean(support.spotter, sorted(figures))}: name a squad leader, an officer, "
                    "or a man listed alone with that role ({count: 1, role: NAME})",
                    where + ("spotter",),
                    T.REF_FIRING,
                )
            elif support.spotter in spotters:
                out.error(
                    "CA-MORTAR-SPOTTER",
                    f"'{support.spotter}' already spots for another mortar; one spotter figure per mortar",
                    where + ("spotter",),
                    T.REF_FIRING,
                )
            else:
                spotters[support.spotter] = where
        elif support.spotter:
            out.warning(
                "CA-SPOTTER-UNUSED",
                f"only mortars have spotters; the {support.weapon} in '{squad.name}' cannot use '{support.spotter}'",
                where + ("spotter",),
                T.REF_FIRING,
            )
