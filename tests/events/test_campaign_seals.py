"""A campaign's log is tamper-evident (issue 50): each event carries a seal chained over the log before it and the
campaign's heading (its starting lists' hashes among it), checked on every read. Fifteen hand edits, each found at
its line with exit 2, and no command adds to a broken log; files written before seals are read and sealed by the
next event; a reseal keeps a hand edit on purpose, as an event."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from conftest import listgen_invoke as run

ARMIES = Path(__file__).resolve().parents[2] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"


@pytest.fixture
def sealed(tmp_path) -> Path:
    """A Bounce campaign of five events: a battle, a casualty listgen rolled, one typed, a battle, an undo."""
    path = tmp_path / "campaign.yaml"
    assert run(
        "campaign", "new", "bounce-into-action", "--force", f"Militia={MILITIA}", "--force", f"GF={GF}",
        "--seed", "41", "-o", path,
    ).exit_code == 0  # fmt: skip
    for args in (
        ("battle", path, "--date", "2026-12-01", "--under-fire", "Militia/Settlers*2"),
        ("casualty", path, "GF", "Pathfinders"),
        ("casualty", path, "GF", "1 Platoon fire teams", "--die", "4"),
        ("battle", path, "--under-fire", "Militia/Ford squad A", "--wounded", "GF/Pathfinders"),
        ("undo", path, "4"),
    ):
        result = run("campaign", *args)
        assert result.exit_code == 0, result.output
    return path


def _event(lines: list[str], n: int) -> int:
    """The index of the line `- id: n`."""
    return lines.index(f"- id: {n}")


def _block(lines: list[str], n: int) -> tuple[int, int]:
    """Event n's lines: [start, end)."""
    start = _event(lines, n)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("- id:")), len(lines))
    return start, end


def _set(lines: list[str], n: int, key: str, value: str) -> list[str]:
    start, end = _block(lines, n)
    i = next(i for i in range(start, end) if re.match(rf"(- |  ){key}:", lines[i]))
    lines[i] = lines[i].split(key + ":")[0] + f"{key}: {value}"
    return lines


def _replace_in(lines: list[str], n: int, old: str, new: str) -> list[str]:
    start, end = _block(lines, n)
    return [line.replace(old, new) if start <= i < end else line for i, line in enumerate(lines)]


def _drop(lines: list[str], n: int) -> list[str]:
    start, end = _block(lines, n)
    return lines[:start] + lines[end:]


def _renumber(lines: list[str]) -> list[str]:
    """Event 2 removed and the ids after it renumbered, as a careful hand would."""
    lines = _drop(lines, 2)
    out, n = [], 0
    for line in lines:
        if line.startswith("- id:"):
            n += 1
            line = f"- id: {n}"
        out.append(line.replace("cancels: 4", "cancels: 3"))
    return out


def _swap(lines: list[str]) -> list[str]:
    a, b = _block(lines, 3), _block(lines, 4)
    return lines[: a[0]] + lines[b[0] : b[1]] + lines[a[0] : a[1]] + lines[b[1] :]


def _insert(lines: list[str]) -> list[str]:
    at = _event(lines, 3)
    return lines[:at] + ["- id: 3", "  kind: battle", "  under_fire:", "    GF:", "    - Pathfinders"] + lines[at:]


def _append_forged(lines: list[str]) -> list[str]:
    """An event appended with a seal copied from the event before it."""
    last_seal = [line for line in lines if line.startswith("  seal:")][-1]
    return [*lines, "- id: 6", "  kind: casualty", "  force: GF", "  unit: Pathfinders", "  die: 9", last_seal]


def _heading(key: str, value: str) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        i = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
        lines[i] = f"{key}: {value}"
        return lines

    return edit


def _list_and_hash_changed(lines: list[str]) -> list[str]:
    """A force's starting list edited and its hash recomputed to match: only the heading's seal holds it."""
    from listgen.core.share import list_hash

    data = yaml.safe_load("\n".join(lines))
    old = data["forces"][1]["hash"]
    data["forces"][1]["list"]["stands"][0]["experience"] = "veteran"
    new = list_hash(data["forces"][1]["list"])
    text = "\n".join(lines).replace(f"hash: {old}", f"hash: {new}")
    i = text.index("- name: GF")
    j = text.index("experience:", i)
    k = text.index("\n", j)
    return (text[:j] + "experience: veteran" + text[k:]).split("\n")


def _seal_digit(n: int) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        start, end = _block(lines, n)
        i = next(i for i in range(start, end) if lines[i].startswith("  seal:"))
        lines[i] = lines[i][:-1] + ("0" if lines[i][-1] != "0" else "1")
        return lines

    return edit


def _seal_removed(n: int) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        start, end = _block(lines, n)
        return [line for i, line in enumerate(lines) if not (start <= i < end and line.startswith("  seal:"))]

    return edit


def _rolled_die(lines: list[str]) -> list[str]:
    """The die listgen rolled for event 2, changed, and 'rolled' left as it was."""
    start, end = _block(lines, 2)
    i = next(i for i in range(start, end) if lines[i].startswith("  die:"))
    die = int(lines[i].split(":")[1])
    lines[i] = f"  die: {(die + 1) % 10}"
    return lines


# (what the hand did, the edit, the line the break is reported at: "event N" is the line `- id: N` after the edit,
# a key is the heading's line of that key)
EDITS = [
    ("a typed die changed", lambda ls: _set(ls, 3, "die", "9"), "event 3"),
    ("a die listgen rolled changed", _rolled_die, "event 2"),
    ("'rolled: true' taken off a rolled die", lambda ls: [x for x in ls if x != "  rolled: true"], "event 2"),
    ("an event removed from the middle", lambda ls: _drop(ls, 2), "event 3"),
    ("an event removed and the ids renumbered", _renumber, "event 2"),
    ("two events swapped", _swap, "event 4"),
    ("an event inserted by hand before event 3", _insert, "event 3"),
    (
        "an event appended by hand without a seal",
        lambda ls: [*ls, "- id: 6", "  kind: undo", "  cancels: 5"],
        "event 6",
    ),
    ("an event appended with a copied seal", _append_forged, "event 6"),
    ("a battle's unit changed", lambda ls: _replace_in(ls, 4, "- Ford squad A", "- Settlers"), "event 4"),
    ("an undo's event changed", lambda ls: _set(ls, 5, "cancels", "3"), "event 5"),
    ("a date changed", lambda ls: _set(ls, 1, "date", "'2026-12-02'"), "event 1"),
    ("a seal's digit changed", _seal_digit(3), "event 3"),
    ("an event's seal removed", _seal_removed(4), "event 4"),
    ("the seed changed", _heading("seed", "42"), "seal"),
    ("the campaign renamed", _heading("campaign", "Another"), "seal"),
    ("a starting list edited and its hash recomputed", _list_and_hash_changed, "seal"),
    ("the heading's seal removed", lambda ls: [x for x in ls if not x.startswith("seal:")], "format"),
    ("the format set back to 1, seals kept", _heading("format", "1"), "event 1"),
]


def _line_of(lines: list[str], where: str) -> int:
    if where.startswith("event "):
        # the edited event's own line: after a removal or a renumbering, the first of its id
        return _event(lines, int(where.split()[1])) + 1
    return next(i for i, line in enumerate(lines) if line.startswith(f"{where}:")) + 1


@pytest.mark.parametrize(("what", "edit", "where"), EDITS, ids=[e[0] for e in EDITS])
def test_a_hand_edit_of_the_log_is_found_at_its_line_and_nothing_is_added(sealed, what, edit, where):
    lines = edit(sealed.read_text().splitlines())
    text = "\n".join(lines) + "\n"
    assert text != sealed.read_text()
    sealed.write_text(text)
    line = _line_of(lines, where)
    for command in (("status", sealed), ("report", sealed), ("apply", sealed, "-o", sealed.parent / "out")):
        result = run("campaign", *command)
        assert result.exit_code == 2 and f"campaign.yaml:{line}:" in result.output, (what, result.output)
        assert "Traceback" not in result.output
    assert not (sealed.parent / "out").exists()
    said = run("campaign", "battle", sealed, "--under-fire", "Militia/Settlers").output
    assert f"campaign.yaml:{line}:" in said and "put the file back as listgen wrote it" in said
    assert sealed.read_text() == text  # nothing added to a broken log


def test_there_are_fifteen_distinct_edits_or_more():
    assert len({what for what, _, _ in EDITS}) >= 15


def test_an_edit_of_an_events_value_names_the_event_and_says_what_to_do(sealed):
    lines = _set(sealed.read_text().splitlines(), 3, "die", "9")
    sealed.write_text("\n".join(lines) + "\n")
    said = " ".join(run("campaign", "status", sealed).output.split())
    assert "event 3 does not match its seal" in said
    assert "listgen campaign undo ID" in said and "listgen campaign reseal" in said


def test_comments_and_blank_lines_are_no_edit(sealed):
    """A seal holds the values YAML reads, so a comment added to the log is not an edit of it."""
    sealed.write_text(sealed.read_text().replace("- id: 3\n", "# the aid post\n\n- id: 3\n"))
    assert run("campaign", "status", sealed).exit_code == 0


def test_a_reseal_keeps_a_hand_edit_as_an_event_and_the_history_says_so(sealed):
    assert "nothing to reseal" in run("campaign", "reseal", sealed, "--why", "x").output
    lines = _set(sealed.read_text().splitlines(), 3, "die", "9")
    sealed.write_text("\n".join(lines) + "\n")
    result = run("campaign", "reseal", sealed, "--why", "the die was 9, typed 4")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(sealed.read_text())["log"][-1]["breaks"] == [3]
    report = run("campaign", "report", sealed).output
    assert "6. reseal (the die was 9, typed 4)" in report and "broke its seals at event 3" in report
    assert "d10 9 on the HMA/MA row" in report  # the log as it now reads
    assert run("campaign", "battle", sealed, "--under-fire", "Militia/Settlers").exit_code == 0
    # an edit after the reseal is a break again, at its own line
    lines = _replace_in(sealed.read_text().splitlines(), 7, "- Settlers", "- Recruit levy")
    sealed.write_text("\n".join(lines) + "\n")
    assert f"campaign.yaml:{_event(lines, 7) + 1}:" in run("campaign", "status", sealed).output


def test_a_reseal_that_does_not_name_the_breaks_is_refused(sealed):
    lines = _set(sealed.read_text().splitlines(), 3, "die", "9")
    sealed.write_text("\n".join(lines) + "\n")
    assert run("campaign", "reseal", sealed, "--why", "typed").exit_code == 0
    text = sealed.read_text()
    sealed.write_text(text.replace("  breaks:\n  - 3\n", "  breaks:\n  - 2\n"))
    assert run("campaign", "status", sealed).exit_code == 2  # the reseal's own seal no longer holds


def _unsealed(text: str) -> str:
    lines = [line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("seal:")]
    return "".join(lines).replace("format: 2\n", "format: 1\n", 1)


def test_a_file_written_before_seals_is_read_and_sealed_by_the_next_event(sealed):
    sealed.write_text(_unsealed(sealed.read_text()))
    status = run("campaign", "status", sealed)
    assert status.exit_code == 0
    assert "events 1-5 were written before seals and are sealed by the next event written" in status.output
    assert run("campaign", "battle", sealed, "--under-fire", "Militia/Settlers").exit_code == 0
    assert yaml.safe_load(sealed.read_text())["log"][-1]["seal"]
    assert "are sealed by the events after them" in run("campaign", "status", sealed).output
    # from then on an edit of those events is found: at the first seal over them
    lines = _set(sealed.read_text().splitlines(), 3, "die", "9")
    sealed.write_text("\n".join(lines) + "\n")
    result = run("campaign", "status", sealed)
    assert result.exit_code == 2 and f"campaign.yaml:{_event(lines, 6) + 1}:" in result.output
    # and an event appended by hand after a sealed one must carry a seal
    lines = _set(lines, 3, "die", "4")
    sealed.write_text("\n".join(lines) + "\n- id: 7\n  kind: undo\n  cancels: 6\n")
    assert "event 7 has no seal" in run("campaign", "status", sealed).output


def test_status_prints_the_last_seal_to_compare_a_log_cut_short(sealed):
    """A log cut after its last events still holds its chain: the last seal printed is what tells."""
    before = run("campaign", "status", sealed).output
    lines = _drop(sealed.read_text().splitlines(), 5)
    sealed.write_text("\n".join(lines) + "\n")
    after = run("campaign", "status", sealed).output
    last = yaml.safe_load(sealed.read_text())["log"][-1]["seal"]
    assert f"the last seal (after event 4) is {last[:16]}" in after and last[:16] not in before


def test_tonights_lists_and_roster_carry_the_last_seal(sealed, tmp_path):
    """What is printed for the table names the log it came from, so a log later cut short does not match it."""
    last = yaml.safe_load(sealed.read_text())["log"][-1]["seal"][:16]
    assert run("campaign", "apply", sealed, "-o", tmp_path / "now").exit_code == 0
    assert f"after event 5 of campaign.yaml, seal {last}" in (tmp_path / "now" / "gf.yaml").read_text()
    assert run("campaign", "roster", sealed, "GF", "-o", tmp_path / "gf.pdf").exit_code == 0
    import subprocess

    text = subprocess.run(["pdftotext", str(tmp_path / "gf.pdf"), "-"], capture_output=True, text=True).stdout
    assert f"after event 5 of campaign.yaml (seal {last})" in " ".join(text.split())


def test_a_campaign_with_no_events_names_the_headings_seal(tmp_path):
    path = tmp_path / "c.yaml"
    run("campaign", "new", "bounce-into-action", "--force", f"GF={GF}", "-o", path)
    heading = yaml.safe_load(path.read_text())["seal"]
    assert f"the last seal (after the heading) is {heading[:16]}" in run("campaign", "status", path).output
