"""The play view in a real browser, a phone's width (390 px): a Bounce into Action game of the Hollins Ford militia
against the GF company, as a player at the table goes. Hits marked by tapping the roster's own boxes, one taken back
with Undo, the page reloaded mid-game and every mark still there; the opponent's list typed as its share code, and
again read off its QR code shown to the camera (Chromium's fake capture fed a frame of the code), each card then
showing the matchup's numbers; the game ended into the campaign, and `listgen campaign status` showing the
casualties marked. The list file is unchanged. Headless Chromium (Debian's), Playwright; a missing browser fails.
"""

from __future__ import annotations

import re
import shutil
import threading
from pathlib import Path

import pytest
from conftest import ARMIES, CHROMIUM, CHROMIUM_FLAGS, EXPECT_BOUND, listgen_run
from playwright.sync_api import expect, sync_playwright

from listgen.core import share
from listgen.core.validate import check_file_isolated
from listgen.render.pdf import qr_modules

pytestmark = pytest.mark.slow

MILITIA, GF = "bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml"
PHONE = {"width": 390, "height": 844}


def code_of(name: str) -> str:
    report = check_file_isolated(str(ARMIES / name))
    assert report.document is not None
    return share.encode(report.document.data, report.rules.code)


def qr_y4m(code: str, out: Path, width: int = 640, height: int = 480, box: int = 4) -> Path:
    """A camera's frames of a QR code (Y4M, 4:2:0, mono: dark modules black on white), as a phone held to a
    roster would see it. Chromium's fake capture loops the file."""
    rows = qr_modules(code)
    side = len(rows) * box
    assert side + 8 * box <= min(width, height), "the code does not fit the frame with its quiet zone"
    left, top = (width - side) // 2, (height - side) // 2
    luma = bytearray([235]) * (width * height)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(box):
                    start = (top + y * box + dy) * width + left + x * box
                    luma[start : start + box] = bytes([16]) * box
    chroma = bytes([128]) * (width * height // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    out.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 3)
    return out


@pytest.fixture
def folder(tmp_path):
    """The two lists and their campaign, begun as docs/campaigns.md begins it."""
    for name in (MILITIA, GF):
        shutil.copyfile(ARMIES / name, tmp_path / name)
    listgen_run(
        "campaign", "new", "bounce-into-action", "--name", "Hollins Ford", "--seed", "7",
        "--force", f"Militia={MILITIA}", "--force", f"GF={GF}", "-o", "campaign.yaml", cwd=tmp_path,
    )  # fmt: skip
    return tmp_path


@pytest.fixture
def served(folder):
    from listgen.web.serve import start

    server, url = start(folder, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, url
    server.shutdown()
    server.server_close()


@pytest.fixture
def camera_browser(tmp_path):
    """Chromium whose camera sees the GF company's roster QR code (the permission granted, no prompt)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: install it (apt-get install chromium); the browser tests must run")
    video = qr_y4m(code_of(GF), tmp_path / "qr.y4m")
    flags = ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    expect.set_options(timeout=EXPECT_BOUND)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS + flags)
        yield browser
        browser.close()


def tick(page, card: str, label: str, n: int = 0):
    return page.locator(f"section.card:has(h2:text-is('{card}')) button.tick[aria-label$=': {label}']").nth(n)


def count(page, card: str, sign: str):
    return page.locator(f"section.card:has(h2:text-is('{card}')) .count button.{sign}").first


def test_a_game_marked_reloaded_matched_and_ended_into_the_campaign(camera_browser, served):
    folder, url = served
    before = (folder / MILITIA).read_bytes()
    context = camera_browser.new_context(viewport=PHONE, permissions=["camera"])
    page = context.new_page()
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.get_by_role("link", name=f"Play {MILITIA}").click()
    page.wait_for_url(re.compile(r"/play/"))
    squad = "Stand: Ford squad A"
    expect(tick(page, squad, "1")).to_have_attribute("aria-pressed", "false")
    for label in ("1", "2", "3"):
        tick(page, squad, label).click()
    count(page, "Stand: Recruit levy", "more").click()  # the levy's hits are counted ('__ / 30'), not boxed
    page.locator("#play-undo").click()  # the count taken back
    page.locator("#play-undo").click()  # and the third hit
    expect(tick(page, squad, "3")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("section.card:has(h2:text-is('Stand: Recruit levy')) .count output").first).to_have_text("0")
    context.set_offline(True)  # the connection lost mid-game: a tap still marks (nothing is sent anywhere)
    count(page, "Stand: Recruit levy", "more").click()
    expect(page.locator("section.card:has(h2:text-is('Stand: Recruit levy')) .count output").first).to_have_text("1")
    context.set_offline(False)
    page.reload()  # mid-game: the marks are the browser's, kept
    expect(tick(page, squad, "1")).to_have_attribute("aria-pressed", "true")
    expect(tick(page, squad, "2")).to_have_attribute("aria-pressed", "true")
    expect(tick(page, squad, "3")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("section.card:has(h2:text-is('Stand: Recruit levy')) .count output").first).to_have_text("1")

    # the opponent typed as a code: every card that fires gets the numbers against theirs
    page.locator("#opp-code").fill(code_of(GF))
    page.get_by_role("button", name="Use this code").click()
    expect(page.locator("#opp-result .notice.ok")).to_contain_text("C Company, 3rd GF Infantry")
    card = page.locator(f"section.card:has(h2:text-is('{squad}'))")
    expect(card.locator(".matchup summary", has_text="It fires at theirs")).to_have_count(1)
    card.locator(".matchup summary", has_text="Theirs fire at it").click()
    facing = card.locator(".matchup details", has=page.locator("summary", has_text="Theirs fire at it"))
    expect(facing.locator("caption", has_text="1 Platoon HQ section")).to_be_visible()
    expect(facing.locator("td", has_text=re.compile(r"^\d+% \d+\.\d$")).first).to_be_visible()
    page.reload()  # the opponent is kept with the game, asked for again
    expect(page.locator(f"section.card:has(h2:text-is('{squad}')) .matchup")).to_have_count(1)

    # and read off the QR code by the camera
    page.locator("#opp-code").fill("")
    page.locator("#scan").click()
    expect(page.locator("#scan-said")).to_have_text("Read their QR code.")
    assert page.locator("#opp-code").input_value() == code_of(GF)
    expect(page.locator("#opp-result .notice.ok")).to_contain_text("C Company, 3rd GF Infantry")

    # the game ended into the campaign: shown first, then recorded by the campaign's own functions
    page.get_by_role("button", name=re.compile("End the game into the campaign")).click()
    page.wait_for_url(re.compile(r"/play-end/"))
    expect(page.get_by_label("Ford squad A casualties")).to_have_value("2")
    expect(page.get_by_label("Recruit levy casualties")).to_have_value("1")
    expect(page.get_by_label("Ford squad A under fire")).to_be_checked()
    expect(page.get_by_label("Settlers under fire")).not_to_be_checked()
    assert ": 0 events" in listgen_run("campaign", "status", "campaign.yaml", cwd=folder, text=True).stdout
    page.locator("input[name=scenario]").fill("The ford")
    page.get_by_role("button", name="Record in the campaign").click()
    expect(page.get_by_role("heading", name="Recorded in Hollins Ford")).to_be_visible()
    page.get_by_role("link", name="Back to the game").click()  # the game is marked recorded: not ended twice
    expect(page.locator("#recorded-note")).to_be_visible()
    expect(page.locator("#end-button")).to_be_disabled()
    expect(tick(page, squad, "1")).to_have_attribute("aria-pressed", "true")
    status = listgen_run("campaign", "status", "campaign.yaml", cwd=folder, text=True).stdout
    assert "4 events" in status  # the battle, and a casualty per hit
    squad_line = next(line for line in status.splitlines() if line.strip().startswith("Ford squad A:"))
    assert "1 action" in squad_line or "2 actions" in squad_line
    lost = re.search(r"casualties: (.*)$", squad_line)
    assert lost and sum(int(n) for n in re.findall(r"\d+", lost.group(1))) == 2, squad_line
    levy = next(line for line in status.splitlines() if line.strip().startswith("Recruit levy (1):"))
    assert re.search(r"casualties: \w+ 1$", levy), levy
    assert (folder / MILITIA).read_bytes() == before  # nothing of it changes the list

    # the next battle: a new game, asked first, with no marks and the same opponent
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Start a new game").click()
    expect(tick(page, squad, "1")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#end-button")).to_be_enabled()
    expect(page.locator("#opp-code")).to_have_value(code_of(GF))
    assert errors == []
    context.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from test_site_browser import build

    with pytest.MonkeyPatch.context() as patch:
        return build(ARMIES, tmp_path_factory.mktemp("site") / "public", patch)


def test_the_play_view_works_offline_on_the_site(browser, site):
    """listgen site: opened once, then with no server, the browser offline and the service worker stopped (Python
    starts again from the cache): the play view opens, marks are kept over a reload, and the opponent's code gives
    the numbers, all in the browser."""
    from test_site_browser import STARTS, Static, cut_the_network, open_site

    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        expect(page.get_by_role("link", name=f"Play {MILITIA}")).to_have_count(1)
    finally:
        cut_the_network(context, page, server)
    page.set_viewport_size(PHONE)
    page.goto(server.url + f"app/play/{MILITIA}")
    squad = "Stand: Ford squad A"
    tick(page, squad, "1").wait_for(timeout=STARTS)
    tick(page, squad, "1").click()
    tick(page, squad, "2").click()
    page.locator("#play-undo").click()
    page.reload()
    expect(tick(page, squad, "1")).to_have_attribute("aria-pressed", "true")
    expect(tick(page, squad, "2")).to_have_attribute("aria-pressed", "false")
    page.locator("#opp-code").fill(code_of(GF))
    page.get_by_role("button", name="Use this code").click()
    expect(page.locator("#opp-result .notice.ok")).to_contain_text("C Company, 3rd GF Infantry")
    card = page.locator(f"section.card:has(h2:text-is('{squad}'))")
    expect(card.locator(".matchup summary", has_text="It fires at theirs")).to_have_count(1)
    assert errors == []
    context.close()


AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe.min.js"  # axe-core (tests/vendor/VENDORED.txt)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_in_play(browser, served, scheme):
    """axe-core finds no serious or critical violation on the play view at 390 px (a box marked, the opponent's
    numbers opened) or on its campaign ending, in the system's light and dark modes (colour contrast included)."""
    _folder, url = served
    context = browser.new_context(viewport=PHONE, bypass_csp=True, color_scheme=scheme)  # to inject axe
    page = context.new_page()
    page.goto(url)
    found = {}
    page.goto(url.split("?")[0] + f"play/{MILITIA}")
    tick(page, "Stand: Ford squad A", "1").click()
    page.locator("#opp-code").fill(code_of(GF))
    page.get_by_role("button", name="Use this code").click()
    page.locator(".matchup summary").first.click()
    for where in ("play", "end"):
        if where == "end":
            page.get_by_role("button", name=re.compile("End the game into the campaign")).click()
            page.wait_for_url(re.compile(r"/play-end/"))
        page.evaluate(AXE.read_text(encoding="utf-8"))
        found[where] = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
        )
    context.close()
    assert not any(found.values()), found
