"""A campaign: forces that remember their battles. One file, ``campaign.yaml``, holds the campaign's ruleset, its
forces as they started (each a listgen list, checked and hashed when the campaign began) and a log of events that
is only ever added to: battles, casualties, regroupings, replacements, promotions, and undos (a new event naming
the one it cancels). Every command that adds an event rereads the file under one writer's lock, replays the whole
log with the new event, and writes the old bytes with the event added after them, atomically: an event the rules
refuse writes nothing, and nothing already in the file is ever rewritten.

What an event changes is each ruleset's (its package's ``campaign.RULES``, ``core.campaign.CampaignRules``); a
text that gives no campaign rules (Close Action, Sol Prime's forces) has no campaign.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from listgen import rulesets
from listgen.core.campaign import CampaignError, CampaignRules, Unit
from listgen.core.exceptions import InputError, ListgenError
from listgen.core.findings import Findings, Locate, did_you_mean
from listgen.core.model import Field, LongText, Model, Name, Number, OneOf, parse_army
from listgen.events.campaign_seal import ADVICE, SEALED_FORMAT, Broken, Chain, check, event_seal, heading_seal, verify

if TYPE_CHECKING:
    from listgen.core.loader import Document
    from listgen.core.validate import ListReport

KINDS = ("battle", "casualty", "regroup", "replace", "promote", "undo", "reseal")
# the keys each kind of event takes (besides id, kind and date): any other is an error at its line, as an unknown
# key of a list is, never a value silently ignored
KIND_KEYS = {
    "battle": {"scenario", "result", "under_fire", "wounded", "note"},
    "casualty": {"force", "unit", "die", "rolled", "figures", "quality", "line"},
    "regroup": {"force", "stands", "hits_left"},
    "replace": {"force", "unit", "figures", "line", "quality"},
    "promote": {"force", "unit", "to", "why", "figures", "quality"},
    "undo": {"cancels"},
    "reseal": {"breaks", "why"},
}
EVERY_KIND_KEYS = {"id", "kind", "date", "seal"}
MAX_EVENTS = 10_000  # a campaign of a battle a week for years has hundreds; past this the file is not a campaign
MAX_FORCES = 20
NOTE_MOST = 2000  # characters of a battle's note (LongText's bound): a page of narrative, who played, where
FORMAT = SEALED_FORMAT
HEADER = (
    "# A listgen campaign: the forces as they started and every event since, in order. Add events with\n"
    "# `listgen campaign ...` and cancel one with `listgen campaign undo ID`: an event is never edited.\n"
)


class CampaignFileError(ListgenError):
    """A campaign file that cannot be read or an event that cannot be added: located, nothing written (exit 2)."""


class Force(Model):
    """A force as it started the campaign."""

    name: Name = Field(description="The force's name in the campaign's commands.")
    hash: Name = Field(description="The starting list's hash (share.list_hash): an edit to it is refused.")
    list: dict[Name, object] = Field(description="The starting list, as listgen read it.")


class Event(Model):
    """One event of the log. Which keys an event has depends on its kind."""

    id: Annotated[int, Number(ge=1, le=MAX_EVENTS)] = Field(description="1, 2, 3... in the order written.")
    kind: Annotated[str, OneOf(KINDS)] = Field(description="What happened.")
    date: datetime.date | Name | None = None
    scenario: Name | None = None
    result: Name | None = None
    under_fire: dict[Name, list[Name]] = Field(default_factory=dict, description="force -> units under fire.")
    wounded: dict[Name, list[Name]] = Field(default_factory=dict, description="force -> units wounded.")
    note: LongText | None = Field(None, description="A battle's note: what happened, who played, where.")
    force: Name | None = None
    unit: Name | None = None
    die: Annotated[int, Number(ge=0, le=9)] | None = Field(None, description="The casualty's d10, read 0-9.")
    rolled: bool = Field(False, description="listgen rolled the die from the campaign's seed.")
    figures: Annotated[int, Number(ge=1, le=100)] | None = None
    quality: Name | None = None
    line: Annotated[int, Number(ge=0, le=99)] | None = None
    stands: list[Name] = Field(default_factory=list)
    hits_left: list[Annotated[int, Number(ge=0, le=200)]] = Field(default_factory=list)
    to: Name | None = None
    why: LongText | None = None
    cancels: Annotated[int, Number(ge=1, le=MAX_EVENTS)] | None = None
    breaks: list[Annotated[int, Number(ge=0, le=MAX_EVENTS)]] = Field(
        default_factory=list, description="A reseal's: where the log broke its seals (0 the heading, 1 event 1...)."
    )
    seal: Name | None = Field(None, description="SHA-256 of the log before it and the event (campaign_seal.py).")


class CampaignFile(Model):
    """A campaign file."""

    campaign: Name = Field(description="The campaign's name.")
    format: Annotated[int, Number(ge=1, le=SEALED_FORMAT)] = Field(
        FORMAT, description="The file's format: 2, sealed; 1, written before seals."
    )
    ruleset: Name = Field(description="The ruleset every force is a list of.")
    seed: Annotated[int, Number(ge=0, le=2**31)] = Field(description="What listgen's dice are rolled from.")
    forces: list[Force] = Field(min_length=1, max_length=MAX_FORCES)
    seal: Name | None = Field(None, description="SHA-256 of the heading: name, format, ruleset, seed, forces' hashes.")
    log: list[Event] | None = Field(None, description="The events, oldest first; only ever added to.")


@dataclass
class ForceNow:
    """A force as the log leaves it: its list and a record per unit."""

    name: str
    data: dict[str, Any]
    units: dict[str, Unit]


@dataclass
class Campaign:
    """A campaign file read and replayed: the forces now and, per event, what it changed."""

    path: Path
    text: str
    file: CampaignFile
    rules: CampaignRules
    forces: dict[str, ForceNow]
    chain: Chain
    history: list[tuple[Event, list[str]]] = field(default_factory=list)
    # read with story=True: each force's list as it stood before each battle (by the battle's id), to say what
    # changed
    before: dict[int, dict[str, dict[str, Any]]] | None = None

    @property
    def events(self) -> list[Event]:
        return list(self.file.log or [])

    def next_id(self) -> int:
        return max((e.id for e in self.events), default=0) + 1


def rules_of(slug: str) -> CampaignRules:
    """A ruleset's campaign rules, or the plain answer that its text gives none."""
    ruleset = rulesets.get(slug)
    found = ruleset.campaign()
    if found is None:
        raise CampaignFileError(
            f"{ruleset.title} gives no campaign rules for a force (its text has no experience, casualty or "
            "replacement rules to keep): listgen keeps campaigns of bounce-into-action, smle and noonday-sun"
        )
    return found


def _located(path: Path, doc_locate: Locate | None, where: tuple[str | int, ...], message: str) -> CampaignFileError:
    out = Findings(locate=doc_locate)
    out.error("CAMPAIGN-EVENT", message, where)
    return CampaignFileError(out.items[0].format(str(path)))


def read(path: Path, breaks_kept: bool = False, *, text: str | None = None, story: bool = False) -> Campaign:
    """Read a campaign file, check its seals and replay its log; a located CampaignFileError for anything that
    does not read, that breaks the seals or that the rules refuse (`breaks_kept`: a break of the seals is the
    campaign's `chain.broken`, for a reseal to keep). `text`: the file's text, already read (the page's printer
    is handed it); `story`: keep each force as it stood before each battle (``Campaign.before``)."""
    from listgen.core.loader import MAX_BYTES, parse, read_text

    try:
        if text is None:
            text = read_text(str(path))  # read once: the text kept is the text replayed
        elif len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise CampaignFileError(f"{path}: larger than a campaign file may be ({MAX_BYTES // 1024} KiB)")
        doc = parse(text, str(path))
    except InputError as exc:
        raise CampaignFileError(exc.finding.format(str(path))) from None
    out = Findings(locate=doc.locate)
    if not isinstance(doc.data, dict):
        raise _located(path, doc.locate, (), "a campaign file is a mapping starting with 'campaign:'")
    parsed = parse_army(CampaignFile, doc.data, out)
    if parsed is None:
        raise CampaignFileError("\n".join(f.format(str(path)) for f in out.items))
    if parsed.ruleset not in rulesets.slugs():
        raise _located(
            path,
            doc.locate,
            ("ruleset",),
            f"unknown ruleset '{parsed.ruleset}'{did_you_mean(parsed.ruleset, rulesets.slugs())}",
        )
    try:
        chain = verify(doc.data) if breaks_kept else check(doc.data)
    except Broken as broken:
        raise _located(path, doc.locate, broken.where, f"{broken.message}; {ADVICE}") from None
    campaign = Campaign(path, text, parsed, rules_of(parsed.ruleset), {}, chain, before={} if story else None)
    for i, force in enumerate(parsed.forces):
        campaign.forces[force.name] = _start(path, doc.locate, i, force, parsed.ruleset, campaign.rules)
    _keys_of_their_kind(path, doc, parsed)
    _replay(campaign, doc.locate)
    return campaign


def _keys_of_their_kind(path: Path, doc: Document, parsed: CampaignFile) -> None:
    """Each event holds only the keys its kind takes (a casualty's die on a battle would be read by nothing)."""
    for i, (raw, event) in enumerate(zip(doc.data.get("log") or [], parsed.log or [])):
        allowed = KIND_KEYS[event.kind] | EVERY_KIND_KEYS
        for key in raw:
            if key not in allowed:
                raise _located(
                    path,
                    doc.locate,
                    ("log", i, key),
                    f"a {event.kind} event takes no '{key}' (it takes {', '.join(sorted(allowed))})",
                )


def _start(path: Path, locate: Locate, i: int, force: Force, slug: str, rules: CampaignRules) -> ForceNow:
    from listgen.core.share import list_hash
    from listgen.core.validate import check_text

    if list_hash(force.list) != force.hash:
        raise _located(
            path,
            locate,
            ("forces", i, "list"),
            f"the starting list of '{force.name}' was changed after the campaign began (its hash was {force.hash}): a campaign's forces are changed by events, not edits",
        )
    report = check_text(_dump(force.list), f"{path}:forces/{force.name}")
    if report.unreadable or report.army is None or report.ruleset != slug:
        raise _located(
            path,
            locate,
            ("forces", i, "list"),
            f"the starting list of '{force.name}' is not a {slug} list listgen reads",
        )
    data = copy.deepcopy(force.list)
    return ForceNow(force.name, data, {name: rules.start(entry) for name, entry in rules.units(data).items()})


def _cancelled(events: list[Event]) -> dict[int, int]:
    """Event id -> the id of the undo that cancels it. Read from the last event back: an undo that is itself
    cancelled cancels nothing, so undoing an undo restores its event."""
    cancelled: dict[int, int] = {}
    for event in reversed(events):
        if event.kind == "undo" and event.id not in cancelled and event.cancels is not None:
            cancelled[event.cancels] = event.id
    return cancelled


def _replay(campaign: Campaign, locate: Locate) -> None:
    events = campaign.events
    seen: set[int] = set()
    for i, event in enumerate(events):
        if event.id in seen or (seen and event.id < max(seen)):
            raise _located(
                campaign.path,
                locate,
                ("log", i, "id"),
                f"event ids go 1, 2, 3... in the order written: {event.id} after {max(seen)}",
            )
        seen.add(event.id)
        if event.kind == "undo" and (event.cancels is None or event.cancels not in seen or event.cancels == event.id):
            raise _located(
                campaign.path, locate, ("log", i, "cancels"), "an undo names an earlier event's id: cancels: ID"
            )
    cancelled = _cancelled(events)
    for i, event in enumerate(events):
        if event.id in cancelled:
            campaign.history.append((event, [f"cancelled by event {cancelled[event.id]}"]))
            continue
        if campaign.before is not None and event.kind == "battle":
            campaign.before[event.id] = {name: _copied(force.data) for name, force in campaign.forces.items()}
        try:
            said = apply(campaign, event)
        except CampaignError as exc:
            raise _located(campaign.path, locate, ("log", i, exc.field), exc.message) from None
        campaign.history.append((event, said))


def _copied(value: Any) -> Any:
    """A list's data copied (mappings, lists and plain values, as the loader gives them): what deepcopy does for
    them, in a fifth of its time (a campaign's story copies each force at each battle)."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


def _force(campaign: Campaign, name: str | None, key: str = "force") -> ForceNow:
    if name is None:
        raise CampaignError(f"a {key} is named: {key}: NAME", key)
    if name not in campaign.forces:
        raise CampaignError(f"no force '{name}' in this campaign{did_you_mean(name, list(campaign.forces))}", key)
    return campaign.forces[name]


def _unit(campaign: Campaign, force: ForceNow, name: str | None, key: str = "unit") -> str:
    units = campaign.rules.units(force.data)
    if name is None:
        raise CampaignError(f"a {key} is named: {key}: NAME", key)
    if name not in units:
        raise CampaignError(f"no unit '{name}' in '{force.name}' now{did_you_mean(name, list(units))}", key)
    return name


def apply(campaign: Campaign, event: Event) -> list[str]:
    """What one event changes (in place), as lines citing their rules."""
    rules = campaign.rules
    if event.kind == "battle":
        return _battle(campaign, event)
    if event.kind == "undo":
        return [f"cancels event {event.cancels}"]
    if event.kind == "reseal":
        return _reseal(event)
    force = _force(campaign, event.force)
    plain = {k: getattr(event, k) for k in ("die", "figures", "quality", "line", "to")}
    if event.kind == "regroup":
        names = [_unit(campaign, force, n, "stands") for n in event.stands]
        said = rules.regroup(force.data, names, list(event.hits_left), force.units)
        return [f"{force.name}: {line}" for line in said]
    name = _unit(campaign, force, event.unit)
    if event.kind == "casualty":
        if rules.casualty_die is not None and event.die is None:
            raise CampaignError(
                f"a casualty's d{rules.casualty_die} is recorded: die: 0-{rules.casualty_die - 1}", "die"
            )
        said = rules.casualty(force.data, name, force.units, plain)
    elif event.kind == "replace":
        said = rules.replace(force.data, name, force.units, plain)
    else:  # promote
        if event.to is None or not event.why:
            raise CampaignError(
                "a promotion is the umpire's: give what to (to:) and why (why:)", "to" if event.to is None else "why"
            )
        said = rules.promote(force.data, name, force.units, plain)
    _drop_gone(campaign, force)
    return [f"{force.name} / {name}: {line}" for line in said]


def _reseal(event: Event) -> list[str]:
    if not event.why:
        raise CampaignError("a reseal keeps a hand edit on purpose: say why (why:)", "why")
    where = ", ".join("the heading" if n == 0 else f"event {n}" for n in event.breaks)
    return [f"the log as it then read kept on purpose: it broke its seals at {where or 'no place'}"]


def _battle(campaign: Campaign, event: Event) -> list[str]:
    said = []
    for key in ("under_fire", "wounded"):
        for force_name, names in getattr(event, key).items():
            force = _force(campaign, force_name, key)
            for name in names:
                _unit(campaign, force, name, key)
    for force_name in dict.fromkeys([*event.under_fire, *event.wounded]):
        force = campaign.forces[force_name]
        fired, hurt = event.under_fire.get(force_name, []), event.wounded.get(force_name, [])
        for name in dict.fromkeys([*fired, *hurt]):
            entry = campaign.rules.units(force.data)[name]
            lines = campaign.rules.battle(entry, force.units[name], fired.count(name), hurt.count(name))
            said += [f"{force.name} / {name}: {line}" for line in lines or ["under fire (kept as history)"]]
    return said or ["recorded (no unit under fire named)"]


def _drop_gone(campaign: Campaign, force: ForceNow) -> None:
    present = campaign.rules.units(force.data)
    for name in list(force.units):
        if name not in present:
            force.units[name].gone = True


# --- writing ------------------------------------------------------------------------------------------------


def _dump(value: object) -> str:
    import yaml

    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=120)


@contextlib.contextmanager
def _one_writer(path: Path, doing: str) -> Iterator[None]:
    """The campaign file's lock (`.NAME.writing` beside it) held while a command reads and writes it: a second
    waits 10 s, then is told who is writing, and writes nothing."""
    from listgen.output.files import Busy, one_writer

    try:
        with one_writer(path.parent / f".{path.name}.writing", f"listgen campaign {doing}\n", wait=10):
            yield
    except Busy as busy:
        raise CampaignFileError(
            f"{path}: {busy or 'another listgen'} is writing this campaign; run again when it has finished "
            "(nothing was written)"
        ) from None


def new(slug: str, name: str, forces: dict[str, Path], seed: int | None, out: Path) -> list[str]:
    """Start a campaign: each force's list checked (legal, of the ruleset) and hashed; the file written once."""
    rules_of(slug)
    with _one_writer(out, "new"):
        return _new(slug, name, forces, seed, out)


def _new(slug: str, name: str, forces: dict[str, Path], seed: int | None, out: Path) -> list[str]:
    from listgen.core.share import list_hash
    from listgen.core.validate import check_file
    from listgen.output.files import write_atomic

    if out.exists() or out.is_symlink():
        raise CampaignFileError(f"{out}: exists; a campaign is started once (add events to it, or name another file)")
    if not forces:
        raise CampaignFileError("name each force: --force NAME=LIST.yaml (one or more)")
    if len(forces) > MAX_FORCES:
        raise CampaignFileError(f"a campaign holds at most {MAX_FORCES} forces, not {len(forces)}")
    started = []
    for force, list_file in forces.items():
        report = check_file(str(list_file))
        if report.unreadable:
            raise CampaignFileError("\n".join(f.format(str(list_file)) for f in report.findings))
        if report.ruleset != slug:
            raise CampaignFileError(
                f"{list_file}: a {report.ruleset} list, not {slug}: every force of a campaign is of its ruleset"
            )
        if not report.legal():
            raise CampaignFileError(
                f"{list_file}: not legal (see `listgen validate {list_file}`): a campaign starts from legal lists"
            )
        assert report.document is not None  # read, so its document is held
        started.append({"name": force, "hash": list_hash(report.document.data), "list": report.document.data})
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    from listgen.core.loader import parse

    body: dict[str, Any] = {"campaign": name, "format": FORMAT, "ruleset": slug, "seed": seed, "forces": started}
    body["seal"] = heading_seal(parse(_dump(body), str(out)).data)  # sealed as it will be read
    write_atomic(out, HEADER + _dump(body) + "log:\n")
    return [f"started {out}: {name}, {slug}, {len(started)} forces ({', '.join(forces)}), seed {seed}"]


def add(path: Path, event: dict[str, Any]) -> list[str]:
    """Add one event (without its id) to a campaign: replayed with the log first; written only if the rules
    accept it, sealed, after the file's own bytes, atomically, one writer at a time. A log that does not match
    its seals is refused; a reseal event is the one event added to it."""
    from listgen.core.loader import parse
    from listgen.output.files import write_atomic

    with _one_writer(path, event["kind"]):
        campaign = read(path, breaks_kept=event["kind"] == "reseal")
        event = {"id": campaign.next_id(), **event}
        if event["kind"] == "reseal":
            if not campaign.chain.broken:
                raise CampaignFileError(f"{path}: the log matches its seals: nothing to reseal (nothing written)")
            event["breaks"] = list(campaign.chain.broken)
        die = campaign.rules.casualty_die
        if event["kind"] == "casualty" and die is not None and event.get("die") is None:
            roll = random.Random(f"{campaign.file.seed}:{event['id']}").randrange(die)
            event = {**event, "die": roll, "rolled": True}
        event["seal"] = event_seal(campaign.chain.last, parse(_dump([event]), str(path)).data[0])  # as read back
        added = campaign.text + ("" if campaign.text.endswith("\n") else "\n") + _dump([event])
        after = _reread(path, added)
        if [e.id for e in after.events] != [e.id for e in campaign.events] + [event["id"]]:
            raise CampaignFileError(
                f"{path}: 'log:' is not the file's last key, so an event cannot be added after it (nothing written)"
            )
        write_atomic(path, added)
    event_obj, said = after.history[-1]
    return [f"event {event_obj.id}: {event_obj.kind}"] + [f"  {line}" for line in said]


def _reread(path: Path, text: str) -> Campaign:
    """The campaign as it would read with `text` in place of its file: written beside it, read, removed."""
    import os
    import tempfile

    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".adding", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            campaign = read(Path(name))
        except CampaignFileError as exc:  # the file read before, so it is the new event that is refused
            said = re.sub(r"^.*?:\d+:\d+: error: ", "", str(exc).replace(name, str(path)))
            raise CampaignFileError(f"{path}: the event was not added: {said} (nothing was written)") from None
        campaign.path = path
        return campaign
    finally:
        os.unlink(name)


def slug_of(name: str, taken: set[str]) -> str:
    """A file name for a force, from its campaign name: letters, digits and dashes; never a path."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "force"
    candidate, n = stem, 1
    while candidate in taken:
        n += 1
        candidate = f"{stem}-{n}"
    taken.add(candidate)
    return candidate


def apply_to(path: Path, out: Path) -> tuple[list[str], list[ListReport]]:
    """Write each force as the log leaves it into `out` as a listgen list, and check each: (lines, reports)."""
    from listgen.core.validate import check_text
    from listgen.output.files import write_atomic
    from listgen.output.text import verdict

    campaign = read(path)
    out.mkdir(parents=True, exist_ok=True)
    lines, reports, taken = [], [], set[str]()
    for force in campaign.forces.values():
        target = out / f"{slug_of(force.name, taken)}.yaml"
        text = force_text(campaign, force.name)
        write_atomic(target, text)
        report = check_text(text, str(target))
        reports.append(report)
        lines.append(f"wrote {target}: {verdict(report)}")
    return lines, reports


def force_text(campaign: Campaign, name: str) -> str:
    """A force as the log leaves it, as a listgen list's text (what `apply` writes), headed by where it stands."""
    last = campaign.events[-1].id if campaign.events else 0
    return (
        f"# {name} after event {last} of {campaign.path.name}, seal {campaign.chain.last[:16]} (listgen campaign "
        "apply): change it by events, not here\n" + _dump(campaign.forces[name].data)
    )


def status(path: Path) -> list[str]:
    campaign = read(path)
    lines = [f"{campaign.file.campaign} ({campaign.file.ruleset}): {len(campaign.events)} events", sealed(campaign)]
    for force in campaign.forces.values():
        lines.append(f"{force.name}:")
        present = campaign.rules.units(force.data)
        for name, unit in force.units.items():
            line = campaign.rules.status(force.data, present[name], unit) if name in present else f"{name}: gone"
            lines.append(f"  {line}")
    lines += ["", "How listgen reads the text where it is open:"] + [f"  - {note}" for note in campaign.rules.notes]
    return lines


def sealed(campaign: Campaign) -> str:
    """What the seals say: the last seal (a log cut short still holds its chain, so keep it to compare) and the
    events written before seals, if any."""
    chain, count = campaign.chain, len(campaign.events)
    after = f"event {campaign.next_id() - 1}" if count else "the heading"
    said = f"Seals: the log matches them; the last seal (after {after}) is {chain.last[:16]}"
    if chain.unsealed:
        sealed_by = "the events after them" if chain.unsealed < count else "the next event written"
        said += f"; events 1-{chain.unsealed} were written before seals and are sealed by {sealed_by}"
    return said


def report(path: Path) -> list[str]:
    campaign = read(path)
    lines = [f"{campaign.file.campaign} ({campaign.file.ruleset}): the history", sealed(campaign)]
    for event, said in campaign.history:
        head = f"{event.id}. {event.kind}"
        head += "".join(f", {v}" for v in (event.date, event.scenario, event.result) if v)
        if event.why:
            head += f" ({event.why})"
        note = [f"   note: {line}" for line in (event.note or "").splitlines() if line.strip()]
        lines += [head, *note] + [f"   {line}" for line in said]
    return lines


def roster(path: Path, force_name: str, out: Path, paper: str = "a4") -> tuple[int, ListReport]:
    """A force's roster as it stands, each unit with its campaign track (Bounce: actions to Veteran, a box for
    each still to fight; S.M.L.E. and Noonday: figures by quality): (pages, the list's report)."""
    from dataclasses import replace as replaced

    from listgen.core.validate import check_text
    from listgen.output.files import check_output
    from listgen.render import roster_pdf as renderer
    from listgen.render.printed import footer, printed_roster

    campaign = read(path)
    if force_name not in campaign.forces:
        raise CampaignFileError(f"no force '{force_name}' in {path}{did_you_mean(force_name, list(campaign.forces))}")
    force = campaign.forces[force_name]
    report = check_text(_dump(force.data), f"{path.stem}/{force_name}")
    check_output(out, [str(path)])
    printed = printed_roster(report)
    units = []
    for unit in printed.units:
        entry = _at(force.data, unit.path)
        record = force.units.get(str(entry.get("name"))) if isinstance(entry, dict) else None
        if isinstance(entry, dict) and record is not None:
            facts, counters = campaign.rules.track(entry, record)
            unit = replaced(unit, facts=[*unit.facts, *facts], counters=[*unit.counters, *counters])
        units.append(unit)
    last = campaign.events[-1].id if campaign.events else 0
    notes = [
        *printed.notes,
        f"Campaign {campaign.file.campaign}: as it stands after event {last} of {path.name} "
        f"(seal {campaign.chain.last[:16]}).",
    ]
    pages = renderer.render(replaced(printed, units=units, notes=notes), out, paper, footer(report.rules))
    return pages, report


def _at(data: Any, where: tuple[str | int, ...] | None) -> object:
    for part in where or ():
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
