"""Issue 55 in a real browser (Debian's Chromium, Playwright): a change's answer edits the YAML pane where the text
changed (once the page is painted) and redraws only the findings it changed; changes made one after another,
faster than the answers come, leave the pane holding exactly the text the server made, and the findings a fresh
page of that text shows."""

from __future__ import annotations

import json
import re
import threading

import pytest
from playwright.sync_api import expect
from test_change_answers_a_full_check import COMPANY

from listgen.web.app import create_app
from listgen.web.changes import text_after
from listgen.web.form import anchor

pytestmark = pytest.mark.slow

HOST = "127.0.0.1:8123"
COUNT = ("platoons", 1, "sections", 0, "teams", 1, "figures", 0, "count")  # a green team's riflemen
OTHER = ("platoons", 0, "sections", 1, "teams", 1, "figures", 0, "count")  # another's


@pytest.fixture
def served(tmp_path):
    from listgen.web.serve import start

    (tmp_path / "company.yaml").write_text(COMPANY, encoding="utf-8")
    server, url = start(tmp_path, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, url
    server.shutdown()
    server.server_close()


def _expected(folder, changes: list) -> tuple[str, list]:
    """The text the server makes of COMPANY by each (count, value) set in turn, and a fresh page's findings."""
    client = create_app(folder, "k", hosts={HOST}).test_client()
    client.get("/?key=k", headers={"Host": HOST})
    headers = {"Host": HOST, "Origin": f"http://{HOST}"}
    text = COMPANY
    for path, value in changes:
        answer = client.post(
            "/change", data={"yaml": text, "op": "set", "path": json.dumps(list(path)), "value": value}, headers=headers
        )
        after = text_after(text, answer.get_data(as_text=True), answer.headers)
        assert after is not None
        text = after
    fresh = client.post("/change", data={"yaml": text, "op": "text"}, headers=headers).get_data(as_text=True)
    return text, re.findall(r'<li id="(fd-[0-9a-f]+-\d+)"', fresh)


def test_changes_faster_than_their_answers_leave_the_text_and_findings_of_a_full_check(browser, served):
    folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 860})
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.goto(url.split("?")[0] + "edit/company.yaml")
    expect(page.locator("#findings-list li")).not_to_have_count(0)
    # a team of 10 is too big (SMLE-TEAM-SIZE), of 2 small for green (a warning), of 4 neither
    changes = [(COUNT, "10"), (OTHER, "2"), (COUNT, "4")]
    page.evaluate(
        """(changes) => { for (const [selector, value] of changes) { const control = document.querySelector(selector);
            control.value = value; control.dispatchEvent(new Event("change", {bubbles: true})); } }""",
        [["#f" + anchor(path), value] for path, value in changes],
    )  # each change made at once: the later ones wait in htmx's queue, each sent with the text the last left
    text, findings = _expected(folder, changes)
    expect(page.locator("#yaml")).to_have_value(text)
    expect(page.locator(".htmx-request")).to_have_count(0)
    expect(page.locator("#yaml")).to_have_value(text)
    assert page.locator("#findings-list li").evaluate_all("items => items.map(li => li.id)") == findings
    # one more, alone: the finding that came with seven riflemen comes back, at its place among the others
    page.evaluate(
        """([selector]) => { const control = document.querySelector(selector);
            control.value = "7"; control.dispatchEvent(new Event("change", {bubbles: true})); }""",
        ["#f" + anchor(COUNT)],
    )
    text, findings = _expected(folder, [*changes, (COUNT, "7")])
    expect(page.locator("#yaml")).to_have_value(text)
    expect(page.locator(".htmx-request")).to_have_count(0)
    assert page.locator("#findings-list li").evaluate_all("items => items.map(li => li.id)") == findings
    assert "[SMLE-TEAM-SIZE]" in page.locator("#findings-list").inner_text()
    assert not errors
