"""S.M.L.E. and ...In the Noonday Sun in a campaign: the same words in both texts, so one mechanism, each bound to
its own tables and sections by its package's ``campaign`` module.

What the texts give: casualties are "dead or seriously wounded figures" (light wounds are carried); casualty
replacements are Green ("1 Green New recruits & casualty replacements"); a team's quality is "the majority or
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


@dataclass(frozen=True)
class TeamCampaign:
    """One text's campaign: its qualities (lowest first) and where each rule is printed."""

    qualities: Sequence[str]
    ref_quality: str
    ref_casualties: str
    noun: str  # what the text calls the element with figures: "team" or "unit"
    casualty_die: int | None = None  # figures lost are counted, not rolled

    @property
    def notes(self) -> tuple[str, ...]:
        return (
            f"Casualties are dead or seriously wounded figures ({self.ref_casualties}): a casualty recorded leaves "
            f"the {self.noun}; light wounds are carried and not recorded.",
            f"Replacements arrive Green ({self.ref_quality}: 'New recruits & casualty replacements').",
            f"A {self.noun}'s quality is re-derived from its figures' ({self.ref_quality}): the quality more than half "
            "hold, else the average level, Elite rounded up and others down. listgen reads 'majority or average' so.",
            "Promotion is the umpire's: the text says figures 'may well make it up' but not when.",
            "A battle is recorded for the history; the text gives no experience by battles.",
        )

    def units(self, data: dict) -> dict[str, dict]:
        return {entry["name"]: entry for entry in _with_figures(data)}

    def start(self, entry: dict) -> Unit:
        return Unit(figures={entry["quality"]: _figures(entry)})

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
        entry, unit, line, figures = (
            self.units(data)[name],
            units[name],
            event.get("line") or 0,
            event.get("figures") or 1,
        )
        lines = entry["figures"]
        if not 0 <= line < len(lines):
            raise CampaignError(f"'{entry['name']}' has figures lines 0 to {len(lines) - 1}, not {line}", "line")
        lines[line]["count"] = lines[line].get("count", 1) + figures
        unit.figures[REPLACEMENT] = unit.figures.get(REPLACEMENT, 0) + figures
        said = [f"{figures} replacement{'s' if figures > 1 else ''} arrive Green ({self.ref_quality})"]
        return said + self._derive(entry, unit)

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

    def status(self, entry: dict, unit: Unit) -> str:
        held = ", ".join(f"{n} {q}" for q, n in unit.figures.items() if n)
        lost = unit.casualties.get("dead or seriously wounded", 0)
        return f"{entry['name']}: {entry['quality']} ({held}), {_figures(entry)} figures, casualties: {lost}"

    def track(self, entry: dict, unit: Unit) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
        held = ", ".join(f"{n} {q}" for q, n in unit.figures.items() if n)
        lost = unit.casualties.get("dead or seriously wounded", 0)
        return [("Figures", held), ("Casualties so far", str(lost))], []


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
