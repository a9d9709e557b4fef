"""listgen serve in a real browser: headless Chromium (Debian's, /usr/bin/chromium) driven by Playwright.

One flow per ruleset, as a new user would go: from the folder's page, a new list from the starter; add a unit
by clicking and see the points change; break a rule in the form and see the finding appear beside the unit,
then mend it and see it go; edit the YAML pane and see the form follow; download the roster and read it;
save, and read the file back with the starter's comments. The browser must be there: a missing browser is a
failure, never a skip (.ci/run installs it).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from conftest import ruleset_testing
from playwright.sync_api import expect

from listgen import rulesets
from listgen.web.form import anchor

pytestmark = pytest.mark.slow

# Per ruleset, its own flow (its package's testing.PAGE_FLOW, restated from its text): the list the flow adds
# to, and one value that breaks one rule of the text, with the rule's code and the unit it is reported at. The
# test runs over every ruleset found: a sixth one brings its flow with it.
FLOWS = {slug: ruleset_testing(slug).PAGE_FLOW for slug in rulesets.slugs()}


@pytest.fixture
def served(tmp_path):
    """A server on a free port for an empty folder: (folder, address with the key)."""
    from listgen.web.serve import start

    server, url = start(tmp_path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, url
    server.shutdown()
    server.server_close()


def field(path: tuple) -> str:
    return "#f" + anchor(path)


OPEN = "el => { for (let d = el.closest('details.options'); d; d = d.parentElement.closest('details.options')) d.open = true; }"


def control(page, path: tuple):
    """A field of the form, its unit's options opened first (a unit is a row until it is chosen)."""
    found = page.locator(field(path))
    found.evaluate(OPEN)
    return found


def total(page) -> str:
    return page.locator("#summary .total strong").inner_text()


def settle(page) -> None:
    """Wait until htmx has no request in flight and the YAML pane has taken the last answer's edit (listgen.js
    writes it a frame after the form is redrawn: pendingYaml)."""
    expect(page.locator(".htmx-request")).to_have_count(0)
    page.wait_for_function("() => window.pendingYaml === null")


@pytest.mark.parametrize("slug", sorted(FLOWS))
def test_build_check_print_save(slug, browser, served):
    folder, url = served
    flow = FLOWS[slug]
    assert flow, f"the {slug} package states no PAGE_FLOW (its testing module says what it holds)"
    page = browser.new_page(viewport={"width": 1366, "height": 860}, accept_downloads=True)
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.get_by_role("link", name=re.compile(r"^New .* list$")).first.wait_for()
    page.locator(f"a[href='/new/{slug}']").click()
    page.wait_for_url(re.compile(f"/new/{slug}$"))
    assert "LEGAL" in page.locator("#summary .verdict").inner_text()
    before = total(page)

    # add a unit by clicking: the points change
    add_path = json.dumps(list(flow["add"]), separators=(",", ":"))
    adds = page.locator(f"#form-pane button[data-op=add][data-path='{add_path}']")
    adds.first.click()
    expect(page.locator(f"#{anchor(flow['add'] + (0,))}")).to_be_visible()
    if "tick" in flow:
        settle(page)
        control(page, flow["tick"]).check()
    expect(page.locator("#summary .total strong")).not_to_have_text(before)

    # break one rule: the finding appears at the unit; mend it: it goes
    where, bad = flow["break"]
    unit = page.locator("#" + anchor(flow["at"]))
    good = control(page, where).input_value()
    control(page, where).fill(bad)
    control(page, where).press("Enter")
    unit.locator(f".findings li:has-text('{flow['code']}')").first.wait_for()
    marked = "rgb(164, 35, 43)"  # the page's --bad: the part with the error is outlined in it
    expect(unit).to_have_css("border-top-color", marked)
    assert "NOT LEGAL" in page.locator("#summary .verdict").inner_text()
    assert page.locator(f"#status .findings li:has-text('{flow['code']}')").count() >= 1
    control(page, where).fill(good)
    control(page, where).press("Enter")
    expect(unit.locator(".findings li", has_text=flow["code"])).to_have_count(0)
    expect(unit).not_to_have_css("border-top-color", marked)
    expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))

    # the YAML pane: an edit there and the form follows
    yaml = page.locator("#yaml")
    text = yaml.input_value()
    renamed = re.sub(r"(?m)^name: .*$", "name: Typed in the YAML pane", text, count=1)
    assert renamed != text
    yaml.fill(renamed)
    expect(page.locator(field(("name",)))).to_have_value("Typed in the YAML pane")
    settle(page)

    # the roster PDF downloads and says what the list is
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the roster PDF").click()
    pdf = folder / "roster.pdf"
    download.value.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Typed in the YAML pane" in words

    # save as a new file: it holds the changes and the starter's comments
    page.locator("#filename").fill(f"my-{slug}.yaml")
    page.locator("#save").click()
    page.wait_for_url(re.compile(f"/edit/my-{slug}.yaml$"))
    saved = (folder / f"my-{slug}.yaml").read_text(encoding="utf-8")
    assert "name: Typed in the YAML pane" in saved
    starter_comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    assert starter_comments and all(line in saved for line in starter_comments)

    # a change in the form, then Ctrl+S, saves over the same file
    control(page, where).fill(good)  # unchanged value, then a real change
    page.locator(field(("name",))).fill("Saved with the keyboard")
    page.locator(field(("name",))).press("Enter")
    settle(page)
    page.keyboard.press("Control+s")
    page.locator("#banner .notice.ok").wait_for()
    assert "name: Saved with the keyboard" in (folder / f"my-{slug}.yaml").read_text(encoding="utf-8")
    assert not errors, errors
    page.close()


def test_file_changed_on_disk_is_never_overwritten_unasked(browser, served):
    folder, url = served
    (folder / "mine.yaml").write_text(
        "# my comment\nruleset: smle\nname: Mine\nteams:\n  - name: Snipers\n    quality: veteran\n"
        "    figures:\n      - {count: 2, weapon: sniper-rifle}\n",
        encoding="utf-8",
    )
    page = browser.new_page()
    page.goto(url)
    page.get_by_role("link", name="mine.yaml", exact=True).click()
    # nothing unsaved here: a change on disk is simply loaded
    text = (folder / "mine.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(text.replace("name: Mine", "name: Mine, changed in an editor"), encoding="utf-8")
    expect(page.locator(field(("name",)))).to_have_value("Mine, changed in an editor", timeout=6000)
    (folder / "mine.yaml").write_text(text, encoding="utf-8")
    expect(page.locator(field(("name",)))).to_have_value("Mine", timeout=6000)
    page.locator(field(("name",))).fill("Mine, edited here")
    page.locator(field(("name",))).press("Enter")
    settle(page)
    (folder / "mine.yaml").write_text("# changed elsewhere\nruleset: smle\nname: Theirs\n", encoding="utf-8")
    page.locator("#banner .notice.warn").wait_for(timeout=6000)  # the page notices within its 2 s poll
    page.locator("#save").click()
    page.get_by_role("button", name="Overwrite the file with this page").wait_for()
    # the page's look at the file (every 2 s) leaves the offer be: it took the button away under the user's hand
    with page.expect_response(lambda answer: "/disk/" in answer.url and answer.status == 204):
        pass
    with page.expect_response(lambda answer: "/disk/" in answer.url):
        pass
    assert page.get_by_role("button", name="Overwrite the file with this page").is_visible()
    assert "Theirs" in (folder / "mine.yaml").read_text(encoding="utf-8")
    page.get_by_role("button", name="Overwrite the file with this page").click()
    page.locator("#banner .notice.ok").wait_for()
    saved = (folder / "mine.yaml").read_text(encoding="utf-8")
    assert "name: Mine, edited here" in saved and "# my comment" in saved
    page.close()


def test_edits_in_a_tab_whose_list_another_tab_renamed_stay_savable(browser, served):
    """Issue 50: tab A edits mine.yaml; tab B renames it; tab A's Save offers to save as a new list, and the page's
    check of the file on disk (every 2 s) must leave that offer be (it put a raw 404 over it, 0.1 s later)."""
    folder, url = served
    (folder / "mine.yaml").write_text(
        "# my comment\nruleset: smle\nname: Mine\nteams:\n  - name: Snipers\n    quality: veteran\n"
        "    figures:\n      - {count: 2, weapon: sniper-rifle}\n",
        encoding="utf-8",
    )
    context = browser.new_context()  # one browser, two tabs: they share the key's cookie
    editing, other = context.new_page(), context.new_page()
    errors: list = []
    editing.on("pageerror", lambda exc: errors.append(str(exc)))
    editing.goto(url)
    editing.get_by_role("link", name="mine.yaml", exact=True).click()
    editing.locator(field(("name",))).fill("Mine, edited in tab A")
    editing.locator(field(("name",))).press("Enter")
    settle(editing)

    other.goto(editing.url.split("/edit/")[0] + "/")
    other.locator("details:has(summary[aria-label^='Manage mine.yaml']) summary").click()
    other.locator("form[action$='/lists/rename'] input[name=to]").fill("theirs.yaml")
    other.get_by_role("button", name="Rename").click()
    other.get_by_role("link", name="theirs.yaml", exact=True).wait_for()
    assert not (folder / "mine.yaml").exists()

    save_as = editing.locator("#banner #save-as")
    editing.locator("#save").click()
    expect(save_as).to_be_visible()
    settle(editing)
    save_as.fill("kept from tab A")  # the user types a name; meanwhile the page looks at the file on disk again
    for _ in range(2):
        with editing.expect_response(lambda r: "/disk/" in r.url, timeout=30_000):
            pass
        settle(editing)
        expect(editing.locator("#banner")).not_to_contain_text("said no")
        expect(save_as).to_have_value("kept from tab A")  # the offer stays, with what was typed in it

    editing.get_by_role("button", name="Save as a new list").click()
    editing.wait_for_url(re.compile(r"/edit/kept%20from%20tab%20A\.yaml$"))
    saved = (folder / "kept from tab A.yaml").read_text(encoding="utf-8")
    assert "name: Mine, edited in tab A" in saved and "# my comment" in saved
    assert "name: Mine\n" in (folder / "theirs.yaml").read_text(encoding="utf-8")  # tab B's file as it was
    assert not errors
    context.close()


def test_a_refusal_on_the_page_reads_as_words_not_html(browser, served):
    """What the server says when it refuses an htmx request is shown as its words: "no list 'gone.yaml'", never
    "&#39;gone.yaml&#39;" (the page showed the HTML's character references as text)."""
    folder, url = served
    (folder / "mine.yaml").write_text("ruleset: smle\nname: Mine\n", encoding="utf-8")
    page = browser.new_page()
    page.goto(url)
    page.get_by_role("link", name="mine.yaml", exact=True).click()
    page.wait_for_url(re.compile(r"/edit/mine\.yaml$"))
    page.wait_for_function("window.htmx !== undefined")
    page.evaluate("htmx.ajax('GET', '/edit/gone.yaml', {target: '#banner'})")  # a list the folder does not hold
    banner = page.locator("#banner")
    expect(banner).to_contain_text("The server said no (404): no list 'gone.yaml' in")
    expect(banner).not_to_contain_text("&#39;")
    page.close()


@pytest.mark.parametrize("width,height", [(1366, 860), (390, 844)])
def test_screens_fit_without_sideways_scrolling(browser, served, width, height):
    folder, url = served
    armies = Path(__file__).resolve().parents[2] / "armies"
    shutil.copy(armies / "noonday-british-company.yaml", folder / "company.yaml")
    broken = (armies / "smle-german-section.yaml").read_text(encoding="utf-8")  # a NOT LEGAL row on the index
    (folder / "a-long-file-name-for-a-broken-section.yaml").write_text(
        broken.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}"), encoding="utf-8"
    )
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.get_by_role("link", name="company.yaml", exact=True).click()
    page.locator("#form-pane fieldset").first.wait_for()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the editor scrolls sideways by {overflow}px at {width}px wide"
    hidden = page.evaluate("(e => e.scrollWidth - e.clientWidth)(document.getElementById('print'))")
    assert hidden <= 0, f"the printouts' row hides {hidden}px at {width}px wide"
    page.goto(url.split("?")[0])
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the folder's page scrolls sideways by {overflow}px at {width}px wide"
    page.screenshot(path=str(folder / f"editor-{width}.png"))
    page.close()


def test_an_smle_platoon_from_nothing_by_clicking(browser, served):
    """Empty the starter, then build a platoon with the buttons and choices only, and print it."""
    folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 860}, accept_downloads=True)
    page.goto(url)
    page.goto(url.split("?")[0] + "new/smle")
    page.locator("button[data-op=remove][data-path='[\"platoons\",0]']").click()
    expect(page.locator("#n_platoons-0")).to_have_count(0)
    settle(page)
    assert "platoons:" not in page.locator("#yaml").input_value()
    page.locator("button[data-op=add][data-path='[\"platoons\"]']").click()
    expect(page.locator("#n_platoons-0")).to_be_visible()
    page.locator('button[data-op=add][data-path=\'["platoons",0,"sections"]\']').click()
    expect(page.locator("#n_platoons-0_sections-2")).to_be_visible()  # the starter's platoon has two
    settle(page)
    before = total(page)
    # grenades: "Explosives cost 1 point each for hand grenades or rifle grenades" (S.M.L.E. Unit Points Costs)
    grenades = control(page, ("platoons", 0, "sections", 2, "teams", 1, "grenades"))
    grenades.fill(str(int(grenades.input_value() or 0) + 3))
    grenades.press("Enter")
    points = int(re.match(r"\d+", before).group())  # '106 of 200 points'
    expect(page.locator("#summary .total strong")).to_have_text(re.compile(rf"^{points + 3} of "))
    # a choice from the rules' own words: the team's quality (it changes no price: 12 points for each team)
    control(page, ("platoons", 0, "sections", 2, "teams", 0, "quality")).select_option("veteran")
    expect(page.locator("#yaml")).to_have_value(re.compile(r"- name: 1 Section Bren group 2\n\s+quality: veteran\n"))
    expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
    text = page.locator("#yaml").input_value()
    assert text.count("- name: 1 Section\n") == 1 and "- name: 1 Section 2\n" in text  # each its own name
    assert "platoons:\n  - name: 1 Platoon\n" in text  # written as the starter writes it, in block style
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the cards PDF").click()
    download.value.save_as(folder / "cards.pdf")
    assert (folder / "cards.pdf").read_bytes().startswith(b"%PDF")
    page.close()


def test_keyboard_only_and_focus_kept_across_redraws(browser, served):
    """Tab from field to field: each change is sent and the page redrawn, and the focus stays where the user
    moved it (the redraw morphs the page in place); buttons work with Enter."""
    folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 860})
    page.goto(url)
    page.goto(url.split("?")[0] + "new/close-action")
    name = page.locator(field(("name",)))
    name.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("Typed, then Tab")
    page.keyboard.press("Tab")
    expect(page.locator("#yaml")).to_have_value(re.compile(r"^name: Typed, then Tab$", re.M))
    settle(page)
    expect(page.locator(field(("player",)))).to_be_focused()  # the next field, still focused after the redraw
    page.keyboard.type("Me")
    page.keyboard.press("Enter")
    expect(page.locator("#yaml")).to_have_value(re.compile(r"^player: Me$", re.M))
    expect(page.locator(field(("player",)))).to_be_focused()
    add = page.locator("button[data-op=add][data-path='[\"squads\"]']")
    before = page.locator("#yaml").input_value().count("grade:")
    add.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#n_squads-1")).to_be_visible()
    # the YAML pane takes the edit a frame after the form is redrawn: wait for it, not for the form
    page.wait_for_function(
        "n => document.getElementById('yaml').value.split('grade:').length - 1 === n", arg=before + 1
    )
    page.close()


def test_share_on_the_page_and_open_a_code_from_the_folder(browser, served, tmp_path):
    """Issue 27: the share code and a QR code a phone reads (zbarimg reads it off a screenshot), one click to
    copy; the folder's page opens a code as a new list."""
    folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(url)  # the key, swapped for its cookie
    page.goto(url.split("?")[0] + "new/smle")
    page.get_by_text("Share: code and QR code").click()
    code_field = page.locator("#share-code")
    code_field.wait_for()
    code = code_field.input_value()
    assert code.startswith("LG1:SMLE:")
    shot = tmp_path / "qr.png"
    page.locator("svg.qr").screenshot(path=str(shot))
    scanned = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True)
    assert scanned.stdout.strip() == code
    page.get_by_role("button", name="Copy the code").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    page.goto(url.split("?")[0])
    page.locator("form.import textarea").fill(code)
    page.get_by_role("button", name="Open it as a new list").click()
    expect(page.locator("#filename")).to_be_visible()
    assert "LEGAL" in page.locator("#summary .verdict").inner_text()
    page.close()


def test_undo_and_redo_give_back_the_exact_text(browser, served):
    """Issue 27: every change made on the page is undone and redone, buttons and keys, each undo giving back the
    exact text before it (the starter's comments included), and the form follows."""
    _folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 860})
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.goto(url.split("?")[0] + "new/smle")
    settle(page)
    start = page.locator("#yaml").input_value()
    assert "#" in start  # the starter's comments
    expect(page.locator("#undo")).to_be_disabled()
    page.locator('button[data-op=add][data-path=\'["platoons",0,"sections"]\']').click()
    expect(page.locator("#n_platoons-0_sections-2")).to_be_visible()
    settle(page)
    added = page.locator("#yaml").input_value()
    quality = control(page, ("platoons", 0, "sections", 2, "teams", 0, "quality"))
    quality.select_option("veteran")
    expect(page.locator("#yaml")).not_to_have_value(added)
    settle(page)
    changed = page.locator("#yaml").input_value()

    page.locator("#undo").click()
    expect(page.locator("#yaml")).to_have_value(added)
    settle(page)
    page.locator("body").press("Control+z")  # outside a text field: the page's undo
    expect(page.locator("#yaml")).to_have_value(start)
    expect(page.locator("#n_platoons-0_sections-2")).to_have_count(0)  # the form follows
    expect(page.locator("#undo")).to_be_disabled()
    settle(page)
    page.locator("#redo").click()
    expect(page.locator("#yaml")).to_have_value(added)
    expect(page.locator("#n_platoons-0_sections-2")).to_be_visible()
    settle(page)
    page.locator("body").press("Control+Shift+z")
    expect(page.locator("#yaml")).to_have_value(changed)
    expect(page.locator("#redo")).to_be_disabled()
    # the form follows the redo: waited for, as every state a browser test reads (read at once it raced the form)
    expect(control(page, ("platoons", 0, "sections", 2, "teams", 0, "quality"))).to_have_value("veteran")
    assert not errors
    page.close()


def add_from_catalogue(page, list_path: tuple, find: str) -> str:
    """Open the catalogue of the list at list_path, find an entry by name, add it; the cost it showed."""
    where = json.dumps(list(list_path), separators=(",", ":"))
    section = page.locator(f"section.many:has(> button[data-op=add][data-path='{where}'])")
    section.locator(":scope > .catalogue-open").click()
    panel = section.locator(":scope > .catalogue-panel .catalogue")
    panel.locator(".catalogue-search").fill(find)
    row = panel.locator("li:not([hidden])")
    expect(row).to_have_count(1)
    cost = row.locator(".entry-cost").inner_text()
    row.locator("button[data-op=insert]").click()
    expect(panel).to_have_count(0)  # the form is redrawn with the entry in it
    settle(page)
    return cost


def test_an_smle_platoon_built_from_the_catalogue_only(browser, served):
    """Issue 27: a platoon of three sections with a 2-inch mortar and a PIAT, by choosing from the catalogue; the
    costs shown before adding are what the list's points grow by (S.M.L.E. Unit Points Costs)."""
    _folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 860})
    page.goto(url)
    page.goto(url.split("?")[0] + "new/smle")
    settle(page)

    def points() -> int:
        return int(re.match(r"\d+", total(page)).group())

    start = points()
    cost = add_from_catalogue(page, ("platoons", 0, "sections"), "british infantry section")
    assert cost == "42 points"  # 6 the leader + 12 a team x3
    expect(page.locator("#n_platoons-0_sections-2")).to_be_visible()
    assert points() == start + 42
    before = points()
    assert add_from_catalogue(page, ("platoons", 0, "support_teams"), "2-inch mortar") == "24 points"  # 12 x2 heavy
    assert add_from_catalogue(page, ("platoons", 0, "support_teams"), "piat") == "14 points"  # 12 + 2 RPG/LAW
    assert points() == before + 24 + 14
    text = page.locator("#yaml").input_value()
    assert "weapon: light-mortar" in text and "role: PIAT" in text
    expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
    page.close()


@pytest.mark.parametrize("width,height,most", [(1366, 860, 2000), (390, 844, 4000)])
def test_a_platoon_of_three_sections_is_a_compact_list_with_its_verdict_in_view(browser, served, width, height, most):
    """Issue 27: the starter platoon with a third section fits in 2,000 px at 1366 px wide and 4,000 px on a phone;
    each unit is a row (its lines as 'n x weapon') whose options open in place; the verdict and points stay in
    view wherever the page is scrolled."""
    _folder, url = served
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.goto(url.split("?")[0] + "new/smle")
    settle(page)
    add_from_catalogue(page, ("platoons", 0, "sections"), "british infantry section")
    expect(page.locator("#n_platoons-0_sections-2")).to_be_visible()
    tall = page.evaluate("document.documentElement.scrollHeight")
    assert tall <= most, f"{tall}px at {width}px wide"
    row = page.locator("#n_platoons-0_sections-2_teams-2")
    expect(row.locator("legend .gist")).to_have_text("trained · 1 x lmg · 1 x rifle")
    expect(row.locator(field(("platoons", 0, "sections", 2, "teams", 2, "quality")))).to_be_hidden()
    row.locator("details.options > summary").click()
    expect(row.locator(field(("platoons", 0, "sections", 2, "teams", 2, "quality")))).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    box = page.locator("#summary .verdict").bounding_box()
    assert box is not None and 0 <= box["y"] < height, "the verdict scrolled away"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    page.close()


AXE = (
    Path(__file__).resolve().parents[1] / "vendor" / "axe.min.js"
)  # axe-core from the npm registry (vendor/VENDORED.txt)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_on_any_rulesets_page(browser, served, scheme):
    """Issue 27: axe-core finds no serious or critical violation on the folder's page or on any ruleset's page
    (every ruleset found), in the system's light and dark modes (colour contrast included)."""
    folder, url = served
    shutil.copy(Path(__file__).resolve().parents[2] / "armies" / "smle-german-section.yaml", folder / "section.yaml")
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)  # to inject axe; the page's own CSP is
    page = context.new_page()  # tested everywhere else
    page.goto(url)
    source = AXE.read_text(encoding="utf-8")
    found = {}
    for where in ["", *(f"new/{slug}" for slug in sorted(FLOWS))]:
        page.goto(url.split("?")[0] + where)
        page.evaluate(source)
        violations = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
        )
        found[where or "index"] = violations
    context.close()
    assert not any(found.values()), found


CATALOGUE_FLOWS = {slug: ruleset_testing(slug).CATALOGUE_FLOW for slug in rulesets.slugs()}


@pytest.mark.parametrize("slug", sorted(CATALOGUE_FLOWS))
def test_a_legal_list_built_from_the_catalogue_undone_shared_printed_saved(slug, browser, served):
    """Issue 27, for every ruleset found: from 'new list', a legal list of the text's own kind built by choosing
    from the catalogue only (the package's testing.CATALOGUE_FLOW), undone and redone, shared by code into a second list,
    printed and saved; screenshots at 1366 and 390 px."""
    folder, url = served
    flow = CATALOGUE_FLOWS[slug]
    assert flow, f"the {slug} package states no CATALOGUE_FLOW"
    page = browser.new_page(viewport={"width": 1366, "height": 860}, accept_downloads=True)
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.goto(url.split("?")[0] + f"new/{slug}")
    settle(page)
    before = ""
    for where, find in flow:
        before = page.locator("#yaml").input_value()
        cost = add_from_catalogue(page, where, find)
        assert cost and not cost.startswith("cannot"), (find, cost)
    expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
    built = page.locator("#yaml").input_value()

    page.locator("#undo").click()  # the last entry goes, the text exactly as it was; and back
    expect(page.locator("#yaml")).to_have_value(before)
    settle(page)
    page.locator("#redo").click()
    expect(page.locator("#yaml")).to_have_value(built)
    settle(page)

    page.get_by_text("Share: code and QR code").click()
    code = page.locator("#share-code")
    code.wait_for()
    shared = code.input_value()

    with page.expect_download() as download:
        page.get_by_role("button", name="Download the roster PDF").click()
    download.value.save_as(folder / f"{slug}-roster.pdf")
    assert (folder / f"{slug}-roster.pdf").read_bytes().startswith(b"%PDF")

    page.locator("#filename").fill(f"built-{slug}")  # '.yaml' is added
    page.locator("#save").click()
    page.wait_for_url(re.compile(f"/edit/built-{slug}.yaml$"))
    assert (folder / f"built-{slug}.yaml").read_text(encoding="utf-8") == built
    for width, height in ((1366, 860), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(folder / f"built-{slug}-{width}.png"), full_page=True)

    page.goto(url.split("?")[0])  # the code opens as a second list, the same list
    page.locator("form.import textarea").fill(shared)
    page.get_by_role("button", name="Open it as a new list").click()
    expect(page.locator("#filename")).to_be_visible()
    expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
    from listgen.core.loader import parse

    assert parse(page.locator("#yaml").input_value()).data == parse(built).data
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("width,height", [(1366, 860), (390, 844)])
def test_print_options_and_the_opponents_summary_from_the_page(browser, served, width, height, tmp_path):
    """Print options ticked in their box reach the roster (the print form's own fields, by form=): combined, '4 x
    Rifle'; the opponent's summary is printed from the Matchup box, one page. Screenshots at both widths."""
    folder, url = served
    armies = Path(__file__).resolve().parents[2] / "armies"
    shutil.copy(armies / "smle-german-section.yaml", folder / "german.yaml")
    shutil.copy(armies / "smle-british-rifle-platoon.yaml", folder / "british.yaml")
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.get_by_role("link", name="german.yaml", exact=True).click()
    page.locator("#form-pane fieldset").first.wait_for()
    page.locator("details.print-options summary").click()
    page.get_by_label("Combine identical units").check()
    expect(page.get_by_label("Combine identical units")).to_be_checked()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the roster PDF").click()
    download.value.save_as(tmp_path / "roster.pdf")
    text = subprocess.run(["pdftotext", str(tmp_path / "roster.pdf"), "-"], capture_output=True, text=True).stdout
    assert "4 x Rifle" in text
    page.locator("details.matchup-box summary").click()
    page.locator("#matchup select[name=against]").select_option("british.yaml")
    page.screenshot(path=str(tmp_path / f"print-options-{width}.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the opponent's summary PDF").click()
    download.value.save_as(tmp_path / "opponent.pdf")
    summary = subprocess.run(["pdftotext", str(tmp_path / "opponent.pdf"), "-"], capture_output=True, text=True)
    assert "what it does to you" in summary.stdout and "page 1 of 1" in summary.stdout
    page.close()
