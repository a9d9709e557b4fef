"""The page: `listgen serve` (on this computer) and `listgen site` (a static site, Python in the browser)."""

from __future__ import annotations

from pathlib import Path

import typer

from listgen.output.console import echo

from .common import (
    _friendly,
    app,
)


@app.command()
@_friendly
def site(
    folder: Path = typer.Argument(Path("."), metavar="[FOLDER]", help="Its lists become the site's examples."),
    output: Path = typer.Option(Path("public"), "-o", "--output", help="Folder for the site (made or replaced)."),
    pyodide: Path | None = typer.Option(
        None, "--pyodide", metavar="FILE", help="Pyodide's npm tarball, for a build without a network."
    ),
):
    """Write a static site that runs the page of `listgen serve` in each player's browser, nothing installed.

    listgen's own Python runs in the browser (Pyodide, in the site's service worker): the same builder,
    findings, points and PDFs as the command line, computed on the player's computer or phone. Lists are kept in
    the browser and never sent anywhere; after the first visit the site works offline. Copy the folder to any
    static host (a club's web space, GitHub Pages), or try it here with python -m http.server.

    FOLDER's lists become the site's examples. With an event pack (pack.yaml) in FOLDER, the site is the event's
    entry page: it checks each list against the event's limits and restrictions and gives the player a receipt
    (share code, QR code and hash) to send the organiser, who reads the codes back with listgen import.

    The Pyodide runtime (the npm registry's pyodide package, pinned by version and sha512) is downloaded once
    into ~/.cache/listgen; without a network, give the file with --pyodide.

    Example: listgen site armies -o public && python -m http.server -d public
    """
    from listgen.commands.site import build_site

    built = build_site(folder, output, pyodide)
    kind = f"the entry page of {built.event}" if built.event else "a site"
    echo(
        f"wrote {kind} in {built.folder}: {len(built.files)} files, {built.size / 1e6:.1f} MB, {len(built.examples)} examples"
    )
    for what in built.left_out:
        echo(f"left out: {what}: an event's files are never published")
    for note in built.notes:
        echo(f"note: {note}")
    echo(f"try it: python -m http.server -d {built.folder}  (then open http://127.0.0.1:8000/)")


@app.command()
@_friendly
def serve(
    target: Path = typer.Argument(
        Path("."), metavar="[LIST_OR_DIR]", help="A folder of lists (default: this one), or a list to open."
    ),
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="Port to listen on; 0 for any free port."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on. Anything but 127.0.0.1 lets other computers reach the page."
    ),
    no_browser: bool = typer.Option(False, "--no-browser", help="Print the address; do not open a browser."),
):
    """Build, check, print and save lists in your browser: a page on this computer, a form over the YAML.

    The page lists the lists in the folder and starts new ones from each ruleset's starter. Add, remove,
    duplicate and reorder units and choose their values from the ruleset's own choices; after every change it
    shows the findings as validate gives them (beside the unit each is about), the points with their working,
    and the verdict. The YAML is beside the form and either can be edited. It previews and downloads the roster,
    cards, reference sheet and hit tables, and saves back to the file, keeping your comments; it will not
    overwrite a file changed on disk since it was opened without asking.

    The address printed carries a key: only a browser that opened it can use the page. Ctrl+C stops the server.

    Examples:

      listgen serve armies/

      listgen serve my-platoon.yaml --port 0 --no-browser
    """
    from listgen.web.serve import run

    run(target, port=port, host=host, open_browser=not no_browser, echo=echo)
