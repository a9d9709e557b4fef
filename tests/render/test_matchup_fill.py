"""Issue 42: a matchup sheet leaves no page mostly white before its last (page 3 of the Bounce example matchup was
about 85 % white once). Measured on the PDF as a player sees it: each page drawn at 30 dpi in grey (poppler), and
how far down its body (above the footer) the last ink reaches."""

import subprocess

import pytest
from conftest import ARMIES, ROOT, listgen_run

pytestmark = pytest.mark.slow
FOOTER = 0.93  # of the page's height: below it, the footer line


def body_fill(pdf, tmp_path) -> list[float]:
    """Per page, how far down (0 to 1 of the height) the body's last inked row is."""
    subprocess.run(["pdftoppm", "-gray", "-r", "30", str(pdf), str(tmp_path / "page")], check=True)
    fills = []
    for image in sorted(tmp_path.glob("page-*.pgm")):
        magic, size, _depth, pixels = image.read_bytes().split(b"\n", 3)
        assert magic == b"P5"
        width, height = map(int, size.split())
        inked = [y for y in range(int(height * FOOTER)) if min(pixels[y * width : (y + 1) * width]) < 200]
        fills.append(max(inked) / height if inked else 0.0)
    return fills


@pytest.mark.parametrize(
    ("army", "against"),
    [
        ("bounce-gf-hma-company.yaml", "bounce-militia-defence.yaml"),
        ("bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml"),
    ],
)
def test_no_page_of_a_matchup_but_the_last_is_mostly_white(army, against, tmp_path):
    out = tmp_path / "matchup.pdf"
    listgen_run("hit-tables", "--army", ARMIES / army, "--against", ARMIES / against, "-o", out, cwd=ROOT)
    fills = body_fill(out, tmp_path)
    assert len(fills) >= 2
    assert all(fill >= 0.75 for fill in fills[:-1]), fills
    assert fills[-1] > 0.1, fills  # the last holds something, or there would be no last page


def test_the_measure_sees_a_white_page(tmp_path):
    """The control: a page with a few lines at its top measures as mostly white."""
    out = tmp_path / "new.pdf"
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(out))
    c.drawString(72, 780, "one line at the top")
    c.showPage()
    c.save()
    assert body_fill(out, tmp_path)[0] < 0.2


def test_a_split_matchup_works_out_each_cells_text_once(tmp_path, monkeypatch):
    """Issue 39: a matchup of large forces spent most of its time writing the same cells' texts again each time a
    table split over a page was laid out anew; each cell's text is now worked out once a render."""
    import yaml as pyyaml

    from listgen.core.validate import check_text
    from listgen.render import tables_pdf
    from listgen.rulesets import get

    weapons = ["rifle", "smg", "lmg", "at-rifle", "shotgun", "handgun", "hmg", "assault-rifle"]
    qualities = ["green", "trained", "veteran"]

    def side(letter: str) -> dict:
        teams = [
            {"name": f"{letter} {i}", "quality": qualities[i % 3],
             "figures": [{"count": 3, "weapon": weapons[i % 8]}, {"count": 1, "weapon": weapons[(i * 3 + 1) % 8]}]}
            for i in range(60)
        ]  # fmt: skip
        return {"ruleset": "smle", "name": f"Side {letter}", "teams": teams}

    mine, theirs = (check_text(pyyaml.safe_dump(side(x)), f"{x}.yaml") for x in "ab")
    tables = get("smle").matchup_tables(mine.army, theirs.army)
    cells = sum(1 for t in tables for row in t.cells for _ in row)
    made = []
    real = tables_pdf._cell_text

    def counted(*args) -> tuple:
        made.append(args)
        return real(*args)

    monkeypatch.setattr(tables_pdf, "_cell_text", counted)
    pages = tables_pdf.render(tables, tmp_path / "m.pdf", "Matchup")
    assert pages >= 2  # split over pages: laid out in parts
    assert len(made) <= cells  # each cell's text once (the row labels' tables are not counted)
    assert tables_pdf._RENDERING.get() is None  # the memo lives for one render only
