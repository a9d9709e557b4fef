"""Issue 55: a change on the page costs what it changed. Its answer redraws only the parts it changed (titles,
costs and notes of the parts whose head changed, the findings it added or removed, the points when they changed,
the YAML as an edit where the text changed); this holds that, after any sequence of edits, the page those answers
leave is the page a full check and a full drawing of the same list give: every part's head, every finding in
order, the totals and the YAML, and that the findings and points the change answered with are a full check's."""

from __future__ import annotations

import html
import json
from html.parser import HTMLParser

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from listgen.core.validate import check_text
from listgen.web.app import create_app
from listgen.web.changes import spliced, text_after
from listgen.web.form import anchor, find
from listgen.web.workspace import finding_keys, page_module, workspace

HOST = "127.0.0.1:8123"
KEY = "k"


def _team(name: str, quality: str, figures: str) -> str:
    return f"          - name: {name}\n            quality: {quality}\n            figures:\n{figures}"


# A company in the shape of a real one, carrying findings: each section mixes qualities (an error in a company
# game), each section leader is warned of, one team is too big for its quality; priced, under a points limit
COMPANY = (
    "# La compañía — 🎖 (a place in the YAML pane counts UTF-16 units, as a browser does)\n"
    "ruleset: smle\nname: Property company\npoints_limit: 250\n"
    "company_leader: {name: Capt. P, quality: veteran, weapon: smg}\nplatoons:\n"
    + "".join(
        f"  - name: {p} Platoon\n    leader: {{name: Lt. {p}, quality: veteran, weapon: smg}}\n"
        f"    command_team:\n      name: {p} HQ\n      quality: trained\n      figures:\n"
        "        - {count: 2, weapon: rifle}\n    sections:\n"
        + "".join(
            f"      - name: {p}.{s} Section\n        leader: {{name: Cpl. {p}.{s}, quality: trained, weapon: smg}}\n"
            "        teams:\n"
            + _team(f"{p}.{s}.0", "trained", "              - {count: 1, weapon: lmg}\n              - {count: 2, weapon: rifle}\n")
            + _team(f"{p}.{s}.1", "green", "              - {count: 4, weapon: rifle}\n")
            for s in range(2)
        )
        for p in range(2)
    )
)  # fmt: skip


class _Parts(HTMLParser):
    """The top-level elements of an answer: (tag, attributes, the element's own HTML, its inner HTML)."""

    VOID = {"input", "br", "hr", "img", "meta", "link"}

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.text, self.stack, self.found = text, [], []
        self.lines = [0]
        for line in text.split("\n"):  # as the parser counts lines
            self.lines.append(self.lines[-1] + len(line) + 1)
        self._open: tuple = ()
        self.feed(text)
        self.close()

    def _at(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if not self.stack:
                self.found.append((tag, dict(attrs), self.get_starttag_text() or "", ""))
            return
        if not self.stack:
            self._open = (tag, dict(attrs), self._at(), self._at() + len(self.get_starttag_text() or ""))
        self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        if not self.stack:
            self.found.append((tag, dict(attrs), self.get_starttag_text() or "", ""))

    def handle_endtag(self, tag):
        if tag not in self.stack:
            return
        while self.stack.pop() != tag:  # elements whose end the HTML leaves out (an option's) end with it
            pass
        if not self.stack:
            name, attrs, start, inner = self._open
            end = self._at()
            closing = self.text.index(">", end) + 1
            self.found.append((name, attrs, self.text[start:closing], self.text[inner:end]))


def _items(findings_html: str) -> list:
    """(id, HTML) of each finding of a findings list, in order."""
    inner = _Parts(findings_html).found
    listed = next((p for p in inner if p[0] == "ul"), None)
    if listed is None:
        return []
    return [(attrs["id"], outer) for tag, attrs, outer, _ in _Parts(listed[3]).found if tag == "li"]


def _shown(text: str) -> dict:
    """The page's parts a change can redraw, as a fresh page draws them for this text (a full check, every part)."""
    values = workspace(text)
    parts = page_module("parts")
    items = [(key, str(parts.finding_item(key, f, at)).strip()) for key, f, at in finding_keys(values["placed"])]
    return {
        "legends": {g.id: str(parts.legend(g, True)).strip() for g in values["groups"]},
        "notes": {g.id: str(parts.notes(g, True)).strip() for g in values["groups"]},
        "summary": str(parts.summary(values["report"], values["verdict"], values["known_points"], True)).strip(),
        "findings_head": str(parts.findings_head(values["report"], True)).strip(),
        "findings": items if values["placed"] else str(parts.findings_box(values["report"], [], True)).strip(),
        "points": str(parts.points_box(values["points_lines"], True)).strip(),
        "yaml": text,
    }


def _apply(page: dict, answer: str, headers, after: dict, where: tuple) -> dict:  # noqa: C901 - one swap a branch
    """The page after a light answer, swapped as htmx swaps it: each part out of band by its id, a finding
    deleted or put before the one named, the list of entries morphed (checked against a fresh drawing of it)."""
    page = {**page, "legends": dict(page["legends"]), "notes": dict(page["notes"])}
    findings = list(page["findings"]) if isinstance(page["findings"], list) else page["findings"]
    parts = _Parts(answer).found
    if headers.get("HX-Retarget"):  # an entry came, went or moved: that list is drawn again, whole
        _tag, attrs, outer, _inner = parts.pop(0)
        many = find(workspace(after["yaml"])["form"], where)
        assert headers["HX-Retarget"] == f"#{many.id}" and outer.strip() == str(page_module("parts").node(many)).strip()
        inside = anchor(where) + "-"  # each part of the list's entries: as the fresh drawing of the list has it
        for heads in ("legends", "notes"):
            page[heads] = {k: v for k, v in page[heads].items() if not k.startswith(inside)}
            page[heads].update({k: v for k, v in after[heads].items() if k.startswith(inside)})
    for _tag, attrs, outer, inner in parts:
        swap, ident = attrs.get("hx-swap-oob", ""), attrs.get("id", "")
        outer = outer.strip()
        if ident.endswith("-legend") and swap == "true":
            page["legends"][ident.removesuffix("-legend")] = outer
        elif ident.endswith("-notes") and swap == "true":
            page["notes"][ident.removesuffix("-notes")] = outer
        elif ident == "summary":
            page["summary"] = outer
        elif ident == "findings-head":
            page["findings_head"] = outer
        elif ident == "findings-box":
            head = next(p for p in _Parts(inner).found if p[0] == "h2")
            page["findings_head"] = head[2].replace('id="findings-head"', 'id="findings-head" hx-swap-oob="true"')
            findings = _items(inner) or outer
        elif swap == "delete":
            findings = [(k, h) for k, h in findings if k != ident]
        elif swap.startswith(("beforebegin:#", "beforeend:#findings-list")):
            (_t, item, item_html, _i) = _Parts(inner).found[0]
            new = (item["id"], item_html.strip())
            before = swap.removeprefix("beforebegin:#") if swap.startswith("beforebegin") else None
            at = next(i for i, (k, _h) in enumerate(findings) if k == before) if before else len(findings)
            findings.insert(at, new)
        elif ident == "points-box":
            page["points"] = outer
        elif ident == "yaml":
            page["yaml"] = html.unescape(inner)
        else:
            assert ident == "dirty", f"a part the page does not know: {outer[:120]}"
    page["findings"] = findings
    trigger = json.loads(headers.get("HX-Trigger") or "{}")
    if "yamlSplice" in trigger:
        page["yaml"] = spliced(page["yaml"], trigger["yamlSplice"])
    return page


def _edits(text: str) -> st.SearchStrategy:
    """One edit of the company as the form makes them: a value set (a count, a quality, grenades, the points
    limit), a team added, removed, copied or moved."""
    import yaml

    data = yaml.safe_load(text)
    teams = [
        ("platoons", p, "sections", s, "teams", t)
        for p, platoon in enumerate(data["platoons"])
        for s, section in enumerate(platoon["sections"])
        for t, _team in enumerate(section["teams"])
    ]
    sections = [
        ("platoons", p, "sections", s, "teams")
        for p, platoon in enumerate(data["platoons"])
        for s, _ in enumerate(platoon["sections"])
    ]
    team = st.sampled_from(teams)
    return st.one_of(
        st.tuples(st.just("set"), team.map(lambda t: t + ("figures", 0, "count")), st.sampled_from("123456")),
        st.tuples(st.just("set"), team.map(lambda t: t + ("quality",)), st.sampled_from(["green", "trained", "veteran"])),
        st.tuples(st.just("set"), team.map(lambda t: t + ("grenades",)), st.sampled_from(["0", "2", "5"])),
        st.tuples(st.just("set"), st.just(("points_limit",)), st.sampled_from(["100", "250", "400"])),
        st.tuples(st.just("add"), st.sampled_from(sections), st.none()),
        st.tuples(st.sampled_from(["remove", "duplicate"]), team, st.none()),
        st.tuples(st.just("move"), team, st.sampled_from(["up", "down"])),
    )  # fmt: skip


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_after_any_edits_the_page_is_a_full_check_of_the_list(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("company")
    (folder / "company.yaml").write_text(COMPANY, encoding="utf-8")
    app = create_app(folder, KEY, hosts={HOST})
    client = app.test_client()
    client.get(f"/?key={KEY}", headers={"Host": HOST})
    client.get("/edit/company.yaml", headers={"Host": HOST})
    text = COMPANY
    with app.test_request_context(headers={"Host": HOST}):
        page = _shown(text)
    for _step in range(data.draw(st.integers(1, 5), label="edits")):
        op, path, value = data.draw(_edits(text), label="edit")
        fields = {"yaml": text, "op": op, "path": json.dumps(list(path))} | ({"value": value} if value else {})
        answer = client.post("/change", data=fields, headers={"Host": HOST, "Origin": f"http://{HOST}"})
        assert answer.status_code == 200
        body = answer.get_data(as_text=True)
        after = text_after(text, body, answer.headers)
        assert after is not None and "Not changed" not in body, body[:300]
        with app.test_request_context(headers={"Host": HOST}):
            fresh = _shown(after)
            if answer.headers.get("HX-Reswap") is None:  # the whole form drawn: the page is the answer's
                page = fresh
            else:
                where = () if op == "set" else tuple(path) if op == "add" else tuple(path)[:-1]
                page = _apply(page, body, answer.headers, fresh, where)
            assert page == fresh, (op, path, value)
            # what the change answered with is a full check's: its findings and its points
            kept, full = workspace(after, form=False)["report"], check_text(after, "<page>")
            assert kept.findings == full.findings
            assert (kept.points, _total_words(kept)) == (full.points, _total_words(full))
        text = after


def _total_words(report) -> str | None:
    """The points as the page says them, or None where the list does not price (a section left with no team does
    not read: an edit may leave it so, and then neither answer has a valuation)."""
    return report.valuation.total_words(report.points_limit) if report.valuation is not None else None
