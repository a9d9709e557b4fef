"""A campaign log's seals: each event carries a SHA-256 chained over the log before it, from the campaign's
heading (its name, format, ruleset, seed and each force's name and starting list's hash), so that an edit to an
event, an event removed, inserted or moved, or ids renumbered breaks the chain at the first event it touches.

A seal makes an edit evident, not impossible: it is no signature (the campaign has no secret, and anyone can
compute a SHA-256), and an edit that removes the last events leaves a shorter chain that still holds, which is why
`status`, tonight's lists and the campaign roster print the last seal beside the event it follows
(docs/campaigns.md says so).

Files written before seals (format 1) carry none: their events are read as written, and the first event written
after them carries a seal chained over them all, so from then on they are sealed too.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from listgen.core.findings import Path

SEALED_FORMAT = 2  # format 2: the heading and every event carry a seal; format 1: written before seals
ADVICE = (
    "a campaign's log is only added to: put the file back as listgen wrote it (from a copy of it) and cancel an "
    "event with a new one (`listgen campaign undo ID`); to keep a hand edit on purpose, `listgen campaign reseal` "
    "records it as an event. listgen adds nothing else to a log that does not match its seals"
)


class Broken(Exception):
    """Where the chain breaks: the path in the file to report at and what is wrong there."""

    def __init__(self, where: Path, message: str):
        super().__init__(message)
        self.where, self.message = where, message


@dataclass
class Chain:
    """A log's chain as read: the seal after its last event (the heading's when it has none), how many events were
    written before seals, and the places where its seals break that no reseal event keeps (0 the heading, else an
    event's place, 1 first)."""

    last: str
    unsealed: int = 0
    broken: tuple[int, ...] = ()


def _canonical(value: object) -> bytes:
    # the values as YAML read them, in the file's order; a date and its text are one (default=str)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8")


def heading_seal(data: dict[str, Any]) -> str:
    forces = data.get("forces")
    forces = forces if isinstance(forces, list) else []
    heading = {
        "campaign": data.get("campaign"),
        "format": data.get("format", 1),
        "ruleset": data.get("ruleset"),
        "seed": data.get("seed"),
        "forces": [[f.get("name"), f.get("hash")] if isinstance(f, dict) else f for f in forces],
    }
    return hashlib.sha256(b"listgen campaign\n" + _canonical(heading)).hexdigest()


def event_seal(before: str, event: dict[str, Any]) -> str:
    """An event's seal: the seal before it and the event's own keys and values (all but its seal)."""
    body = {k: v for k, v in event.items() if k != "seal"}
    return hashlib.sha256(before.encode("ascii", "replace") + b"\n" + _canonical(body)).hexdigest()


def verify(data: dict[str, Any]) -> Chain:
    """Follow the chain from the heading through every event of a campaign file's data (already read as a campaign
    file). The breaks no later reseal event keeps are the chain's `broken` (0 the heading, else an event's place,
    1 first); a reseal event that does not name exactly the breaks before it is Broken there."""
    sealed = data.get("format", 1) >= SEALED_FORMAT
    before = heading_seal(data)
    broken: list[int] = []
    if sealed:
        if data.get("seal") is None:
            raise Broken(("format",), "a campaign of format 2 carries its heading's seal ('seal:'), and this has none")
        if data["seal"] != before:
            broken.append(0)
        before = str(data["seal"])
    chain = Chain(before)
    events = data.get("log") or []
    for i, event in enumerate(events):
        stored = event.get("seal")
        computed = event_seal(before, event)
        if stored is None and not sealed and i == chain.unsealed:
            chain.unsealed += 1  # written before seals: covered by the first seal after it
        elif event.get("kind") == "reseal":
            if stored != computed:
                raise break_at(events, i + 1)
            _kept(events, i, broken)
            broken = []
        elif stored != computed:
            broken.append(i + 1)
        before = computed if stored is None else str(stored)
    chain.last, chain.broken = before, tuple(broken)
    return chain


def check(data: dict[str, Any]) -> Chain:
    """The chain, Broken at its first break that no reseal keeps."""
    chain = verify(data)
    if chain.broken:
        raise break_at(data.get("log") or [], chain.broken[0])
    return chain


def _kept(events: list[Any], i: int, broken: list[int]) -> None:
    """A reseal event keeps exactly the breaks before it since the last reseal, each named by its place."""
    named = events[i].get("breaks") or []
    if sorted(named) != broken:
        if broken and broken[0] not in named:
            raise break_at(events, broken[0])
        raise Broken(
            ("log", i, "breaks"),
            f"this reseal names the breaks {named}, but the log before it breaks at {broken or 'no place'}",
        )


def break_at(events: list[Any], place: int) -> Broken:
    if place == 0:
        return Broken(
            ("seal",),
            "the campaign's heading (its name, format, ruleset, seed or a force's name or starting hash) does not "
            "match its seal: it was changed after the campaign began",
        )
    event = events[place - 1]
    if event.get("seal") is None:
        return Broken(
            ("log", place - 1),
            f"event {event.get('id')} has no seal: listgen seals each event it writes, so this one was added or "
            "changed by hand",
        )
    return Broken(
        ("log", place - 1),
        f"event {event.get('id')} does not match its seal: this event, or the log before it, was edited after "
        "listgen wrote it (a value changed, an event removed, inserted or moved, or ids renumbered)",
    )
