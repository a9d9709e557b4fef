"""The drivers of the site's other engines, checked without a browser (fast, and at the dependency floors too):
selenium's WebKitGTK options and service take what test_site_engines.py gives them, and puppeteer-core is pinned
to one version, its lock file agreeing (npm ci installs exactly that; it downloads no browser)."""

import json
from pathlib import Path

ENGINES = Path(__file__).resolve().parent / "engines"


def test_seleniums_webkitgtk_driver_takes_the_minibrowser_and_a_screen():
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
    options.add_argument("--automation")
    browser = options.to_capabilities()["webkitgtk:browserOptions"]
    assert browser["binary"].endswith("MiniBrowser") and browser["args"] == ["--automation"]
    service = Service(executable_path="/usr/bin/WebKitWebDriver", env={"DISPLAY": ":99"})
    assert service.env == {"DISPLAY": ":99"}


def test_puppeteer_core_is_pinned_and_locked():
    wanted = json.loads((ENGINES / "package.json").read_text())["dependencies"]["puppeteer-core"]
    assert wanted[0].isdigit(), "pin one version: npm ci must install what was tested"
    locked = json.loads((ENGINES / "package-lock.json").read_text())["packages"]["node_modules/puppeteer-core"]
    assert locked["version"] == wanted
