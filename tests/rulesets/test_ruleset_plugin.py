"""A club's own ruleset is a distribution of its own (issue 49): the toy ruleset (tests/toy_ruleset), packed as the
package ``toy_skirmish`` with one entry point in the group ``listgen.rulesets`` and installed by pip beside listgen,
is listed, validated, priced, printed and offered on the page, with nothing in listgen/ changed or added."""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from conftest import ROOT, listgen_run

from listgen import rulesets

pytestmark = pytest.mark.slow

TOY = ROOT / "tests" / "toy_ruleset"
LEGAL = "ruleset: toy-skirmish\nname: Club force\npoints_limit: 20\nbands:\n  - {name: Reds, figures: 6}\n"
PYPROJECT = textwrap.dedent("""\
    [build-system]
    requires = ["hatchling"]
    build-backend = "hatchling.build"

    [project]
    name = "listgen-toy-skirmish"
    version = "1.0"
    dependencies = ["listgen"]

    [project.entry-points."listgen.rulesets"]
    toy-skirmish = "toy_skirmish"
    # a name that is not its package's slug is no ruleset: left out, never served under a name a list cannot use
    misnamed = "toy_skirmish"

    [tool.hatch.build.targets.wheel]
    packages = ["toy_skirmish"]
    """)
PAGE = textwrap.dedent("""\
    import sys
    from pathlib import Path
    from listgen.web.app import create_app
    client = create_app(Path(sys.argv[1]), "k" * 32, hosts={"127.0.0.1:1"}).test_client()
    host = {"Host": "127.0.0.1:1"}
    client.get("/?key=" + "k" * 32, headers=host)
    index = client.get("/", headers=host)
    new = client.get("/new/toy-skirmish", headers=host)
    print(index.status_code, new.status_code, "Toy Skirmish" in index.text, "/new/toy-skirmish" in index.text,
          "Reds" in client.get("/edit/club.yaml", headers=host).text)
    """)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The toy ruleset as a distribution, pip-installed into a folder of its own (--target); its run environment."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "src"
    shutil.copytree(TOY, source / "toy_skirmish", ignore=shutil.ignore_patterns("__pycache__"))
    (source / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    site = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", str(site), str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    assert (site / "toy_skirmish" / "starter.yaml.j2").exists()  # the package's own files travel with it
    folder = work / "armies"
    folder.mkdir()
    (folder / "club.yaml").write_text(LEGAL, encoding="utf-8")
    return folder, {**os.environ, "PYTHONPATH": str(site)}


def test_listgen_holds_no_trace_of_it():
    """The control: the toy is not in listgen itself, so whatever finds it below found it through its entry point."""
    assert "toy-skirmish" not in rulesets.slugs()
    assert not list((ROOT / "listgen").rglob("toy*"))


def test_listed_validated_priced_and_printed(installed, tmp_path):
    folder, env = installed
    listed = listgen_run("rulesets", env=env, text=True)
    assert listed.returncode == 0 and "toy-skirmish" in listed.stdout and "Toy Skirmish" in listed.stdout
    assert "misnamed" not in listed.stdout
    checked = listgen_run("validate", folder / "club.yaml", "--format", "json", env=env, text=True)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["legal"] is True and json.loads(checked.stdout)["points"] == 6
    big = folder.parent / "big.yaml"
    big.write_text(LEGAL.replace("figures: 6", "figures: 17"), encoding="utf-8")
    broken = listgen_run("validate", big, "--format", "json", env=env, text=True)
    assert broken.returncode == 1 and "TOY-BAND-SIZE" in [f["code"] for f in json.loads(broken.stdout)["findings"]]
    assert "Toy points" in listgen_run("points", folder / "club.yaml", env=env, text=True).stdout
    roster = tmp_path / "r.pdf"
    printed = listgen_run("roster", folder / "club.yaml", "-o", roster, env=env, text=True)
    assert printed.returncode == 0, printed.stderr
    assert roster.read_bytes().startswith(b"%PDF")
    starter = listgen_run("new", "toy-skirmish", env=env, text=True)
    assert starter.returncode == 0 and "ruleset: toy-skirmish" in starter.stdout


def test_offered_on_the_page(installed):
    folder, env = installed
    out = subprocess.run([sys.executable, "-c", PAGE, str(folder)], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["200", "200", "True", "True", "True"], out.stderr[-2000:]


def test_without_it_installed_the_list_names_an_unknown_ruleset(installed):
    folder, _env = installed
    result = listgen_run("validate", folder / "club.yaml", text=True)
    assert result.returncode == 2 and "unknown ruleset 'toy-skirmish'" in result.stderr


def test_a_built_in_slug_is_never_taken_over(tmp_path):
    """An outside distribution registering 'smle' is left out: the built-in S.M.L.E. is the one a list gets."""
    source = tmp_path / "src"
    (source / "smle").mkdir(parents=True)
    (source / "smle" / "__init__.py").write_text("raise RuntimeError('an impostor was imported')\n")
    (source / "pyproject.toml").write_text(
        PYPROJECT.replace('toy-skirmish = "toy_skirmish"', 'smle = "smle"')
        .replace('misnamed = "toy_skirmish"', "")
        .replace("listgen-toy-skirmish", "impostor")
        .replace('packages = ["toy_skirmish"]', 'packages = ["smle"]'),
        encoding="utf-8",
    )
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", str(site), str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    result = listgen_run(
        "validate", ROOT / "armies" / "smle-partisan-band.yaml", env={"PYTHONPATH": str(site)}, text=True
    )
    assert result.returncode == 0 and "impostor" not in result.stderr, result.stderr
    listed = listgen_run("rulesets", env={"PYTHONPATH": str(site)}, text=True)
    assert listed.returncode == 0 and [line.split()[0] for line in listed.stdout.splitlines() if line[:1] != " "] == [
        "bounce-into-action", "close-action", "noonday-sun", "smle", "sol-prime"
    ], listed.stdout  # fmt: skip
