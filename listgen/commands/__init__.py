"""What each command does, as library calls, a module per command: the CLI parses arguments and calls one of
these (as mkdocs' commands/build.py, serve.py). Renderers (and so reportlab) are imported inside the functions that
render, so that validating or pricing a list never pays for them; writing a file is ``files.write_output``'s job
(a printout's target is a file, standard output, or memory).

- ``roster``: the roster of a list, every price checked, and its PDF
- ``cards``: unit cards
- ``reference``: the quick-reference sheet
- ``hit_tables``: hit tables and matchup sheets
- ``opponent``: the opponent's summary page
- ``new``: a ruleset's starter list
- ``schema``: the JSON Schema of a list format
- ``build``: everything for a folder of lists
- ``site``: a static site that runs the page in the browser (Pyodide)
"""

from __future__ import annotations

from listgen.render.printed import footer

__all__ = ["footer"]
