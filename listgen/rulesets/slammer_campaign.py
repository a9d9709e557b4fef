"""S.M.L.E. and ...In the Noonday Sun in a campaign: the same words in both texts, so one mechanism, each bound to
its own tables and sections by its package's ``campaign`` module.

What the texts give: casualties are "dead or seriously wounded figures" (light wounds are carried); casualty
replacements are Green ("1 Green New recruits & casualty replacements"), or Trained in an Elite team ("Green or
Trained Elite ... could represent recruits or casualty replacements in an Elite unit"); a replacement takes a
casualty's place (its figures line), never more than the team lost; a team's quality is "the majority or
average level of the figures in the team (Elite round up; Others round down)". When figures learn ("If they
survive long enough and learn they may well make it up to Veteran Elite") is not given: a promotion is an
umpire's event. A battle changes nothing by itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from listgen.core.campaign import CampaignError, Unit
from listgen.rulesets.slammer import team_quality

REPLACEMENT = "green"
ELITE_REPLACEMENTS = ("green", "trained")  # "Green or Trained Elite ... casualty replacements in an Elite unit"


@dataclass(frozen=True)
class TeamCampaign:
    """One text's campaign: its qualities (lowest first) and where each rule is printed."""

    qualities: Sequence[str]
    ref_quality: str
    ref_casualties: str
    ref_elite: str
    noun: str  # what the text calls the element with figures: "team" or "unit"
    casualty_die: int | None = None  # figures lost are counted, not rolled
    replaces: bool = True  # casualty replacements, Green (or Trained in an Elite team)

    @property
    def promotions(self) -> tuple[str, ...]:
        """An umpire's promotion names a quality."""
        return tuple(self.qualities)

    @property
    def notes(self) -> tuple[str, ...]:
        return (
            f"Casualties are dead or seriously wounded figures ({self.ref_casualties}): a casualty recorded leaves "
            f"the {self.noun}; light wounds are carried and not recorded.",
            f"Replacements arrive Green ({self.ref_quality}: 'New recruits & casualty replacements'), or Green or "
            f"Trained in an Elite {self.noun} ({self.ref_elite}: 'Green or Trained Elite ... could represent recruits "
            "or casualty replacements in an Elite unit').",
            f"A replacement takes a casualty's place: the figures line it was lost from (asked when the {self.noun} "
            f"lost figures of more than one line, each named by its place in the starting list), never more than the "
            f"{self.noun} has lost and not yet replaced.",
            f"A {self.noun}'s quality is re-derived from its figures' ({self.ref_quality}): the quality more than half "
            "hold, else the average level, Elite rounded up and others down. listgen reads 'majority or average' so.",
            "Promotion is the umpire's: the text says figures 'may well make it up' but not when.",
            "A battle is recorded for the history; the text gives no experience by battles.",
        )

    def units(self, data: dict) -> dict[str, dict]:
        return {entry["name"]: entry for entry in _with_figures(data)}

    def start(self, entry: dict) -> Unit:
        return Unit(figures={entry["quality"]: _figures(entry)}, lines=[_kind_of(line) for line in entry["figures"]])

    def battle(self, entry: dict, unit: Unit, under_fire: int, wounded: int) -> list[str]:
        return []

    def _derive(self, entry: dict, unit: Unit) -> list[str]:
        was = entry["quality"]
        quality, why = team_quality(unit.figures, self.qualities, entry.get("motivation") == "elite")
        entry["quality"] = quality
        changed = f"{was} -> {quality}" if quality != was else f"stays {quality}"
        return [f"{self.noun} quality {changed}: {why} ({self.ref_quality})"]

    def regroup(self, data: dict, names: list[str], hits_left: list[int], units: dict[str, Unit]) -> list[str]:
        raise CampaignError("the text gives no regrouping: record casualties and replacements", "kind")

    def casualty(self, data: dict, name: str, units: dict[str, Unit], event: dict) -> list[str]:
        entry, unit, line = self.units(data)[name], units[name], event.get("line") or 0
        figures, quality = event.get("figures") or 1, event.get("quality")
        lines = entry["figures"]
        if not 0 <= line < len(lines):
            raise CampaignError(f"'{entry['name']}' has figures lines 0 to {len(lines) - 1}, not {line}", "line")
        quality = quality or (
            entry["quality"] if unit.figures.get(entry["quality"]) else max(unit.figures, key=lambda q: unit.figures[q])
        )
        if unit.figures.get(quality, 0) < figures:
            raise CampaignError(
                f"'{entry['name']}' has {unit.figures.get(quality, 0)} {quality} figures, not {figures}", "figures"
            )
        count = lines[line].get("count", 1)
        if count < figures:
            raise CampaignError(f"line {line} of '{entry['name']}' has {count} figures, not {figures}", "figures")
        if _figures(entry) == figures:
            raise CampaignError(
                f"that is every figure of '{entry['name']}': take the {self.noun} off its list by hand at the next "
                "campaign (listgen keeps at least one figure)",
                "figures",
            )
        unit.figures[quality] -= figures
        started = _started_as(unit, lines[line])
        if started == len(unit.lines):  # a line the list did not start with: its own from here
            unit.lines.append(_kind_of(lines[line]))
        unit.lost[started] = unit.lost.get(started, 0) + figures
        unit.casualties["dead or seriously wounded"] = unit.casualties.get("dead or seriously wounded", 0) + figures
        if count == figures:
            del lines[line]
        else:
            lines[line]["count"] = count - figures
        said = [
            f"{figures} {quality} figure{'s' if figures > 1 else ''} dead or seriously wounded ({self.ref_casualties})"
        ]
        return said + self._derive(entry, unit)

    def replace(self, data: dict, name: str, units: dict[str, Unit], event: dict) -> list[str]:
        """Replacements take the places of casualties: the figures line each was lost from (re-made if the line
        went), Green, or Green or Trained in an Elite unit."""
        entry, unit = self.units(data)[name], units[name]
        figures, started = event.get("figures") or 1, self._replaced_line(entry, unit, event.get("line"))
        quality = self._replacement_quality(entry, event.get("quality"))
        if figures > unit.lost[started]:
            raise CampaignError(
                f"'{name}' has lost {_n(unit.lost[started])} of {_line(unit, started)} not yet replaced, not "
                f"{figures}: a replacement takes a casualty's place",
                "figures",
            )
        lines = entry["figures"]
        now = next((i for i, line in enumerate(lines) if _kind_of(line) == unit.lines[started]), None)
        if now is None:  # the line went with its last figure: made again in its place
            now = sum(1 for line in lines if _started_as(unit, line) < started)
            lines.insert(now, {"count": 0, **unit.lines[started]})
        lines[now]["count"] = lines[now].get("count", 1) + figures
        unit.lost[started] -= figures
        unit.figures[quality] = unit.figures.get(quality, 0) + figures
        said = [
            f"{figures} replacement{'s' if figures > 1 else ''} arrive{'' if figures > 1 else 's'} {quality.capitalize()}"
            f" ({self.ref_quality if quality == REPLACEMENT else self.ref_elite}), taking the place of "
            f"{'casualties' if figures > 1 else 'a casualty'} of {_line(unit, started)}"
        ]
        return said + self._derive(entry, unit)

    def _replaced_line(self, entry: dict, unit: Unit, line: int | None) -> int:
        """The starting list's figures line the replacements take: the one casualties left, or the one named."""
        lost = {i: n for i, n in sorted(unit.lost.items()) if n}
        choices = "; ".join(f"{_line(unit, i)}: {_n(n)} lost" for i, n in lost.items())
        if not lost:
            raise CampaignError(
                f"'{entry['name']}' has no casualty to replace: a replacement takes a casualty's place "
                f"({self.ref_quality}: 'casualty replacements')",
                "figures",
            )
        if line is None and len(lost) > 1:
            raise CampaignError(
                f"'{entry['name']}' lost figures of {len(lost)} lines: say which line the replacements take, by its "
                f"place in the starting list (--line N): {choices}",
                "line",
            )
        if line is not None and line not in lost:
            raise CampaignError(
                f"line {line} of '{entry['name']}' (as it started) has no casualty to replace: {choices}", "line"
            )
        return next(iter(lost)) if line is None else line

    def _replacement_quality(self, entry: dict, quality: str | None) -> str:
        elite = entry.get("motivation") == "elite"
        allowed = ELITE_REPLACEMENTS if elite else (REPLACEMENT,)
        if quality is None or quality in allowed:
            return quality or REPLACEMENT
        raise CampaignError(
            f"replacements arrive Green ({self.ref_quality}), or Green or Trained in an Elite {self.noun} "
            f"({self.ref_elite}: 'Green or Trained Elite ... could represent recruits or casualty replacements in an "
            f"Elite unit'); '{entry['name']}' is {'Elite: green or trained' if elite else 'not Elite: green'}, "
            f"not {quality}",
            "quality",
        )

    def promote(self, data: dict, name: str, units: dict[str, Unit], event: dict) -> list[str]:
        entry, unit, to = self.units(data)[name], units[name], event["to"]
        figures, quality = event.get("figures"), event.get("quality")
        if to not in self.qualities:
            raise CampaignError(f"'{to}' is no troop quality ({', '.join(self.qualities)})", "to")
        quality = quality or min((q for q in unit.figures if unit.figures[q]), key=self.qualities.index)
        n = unit.figures.get(quality, 0) if figures is None else figures
        if not 0 < n <= unit.figures.get(quality, 0):
            raise CampaignError(
                f"'{entry['name']}' has {unit.figures.get(quality, 0)} {quality} figures, not {n}", "figures"
            )
        unit.figures[quality] -= n
        unit.figures[to] = unit.figures.get(to, 0) + n
        return [f"{n} {quality} figure{'s' if n > 1 else ''} -> {to} (umpire's decision)"] + self._derive(entry, unit)

    def status(self, data: dict, entry: dict, unit: Unit) -> str:
        held = ", ".join(f"{n} {q}" for q, n in unit.figures.items() if n)
        lost = unit.casualties.get("dead or seriously wounded", 0)
        return f"{entry['name']}: {entry['quality']} ({held}), {_figures(entry)} figures, casualties: {lost}"

    def track(self, entry: dict, unit: Unit) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
        held = ", ".join(f"{n} {q}" for q, n in unit.figures.items() if n)
        lost = unit.casualties.get("dead or seriously wounded", 0)
        return [("Figures", held), ("Casualties so far", str(lost))], []


def _kind_of(line: dict) -> dict:
    """A figures line without its count: what a figure of it is."""
    return {k: v for k, v in line.items() if k != "count"}


def _started_as(unit: Unit, line: dict) -> int:
    """The starting list's line a figures line is (the first alike; one made by a replacement is its own)."""
    kind = _kind_of(line)
    return next((i for i, start in enumerate(unit.lines) if start == kind), len(unit.lines))


def _line(unit: Unit, i: int) -> str:
    kind = unit.lines[i]
    what = " ".join(str(kind[k]) for k in ("weapon", "role") if k in kind) or "figures"
    return f"line {i} ({what})"


def _n(n: int) -> str:
    return f"{n} figure{'s' if n != 1 else ''}"


def _figures(entry: dict) -> int:
    return sum(line.get("count", 1) for line in entry["figures"])


def _with_figures(value) -> Iterator[dict]:
    """Every element of a list with a name, a quality and figures (teams, units), in the list's order."""
    if isinstance(value, dict):
        if "name" in value and "quality" in value and isinstance(value.get("figures"), list):
            yield value
        for child in value.values():
            yield from _with_figures(child)
    elif isinstance(value, list):
        for child in value:
            yield from _with_figures(child)
