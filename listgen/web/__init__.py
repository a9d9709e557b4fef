"""The page `listgen serve` draws: a Flask app factory (``app``) and its blueprints, each route importable and
testable; the local server (``serve``), the printer a page's printouts run in (``worker``) and the form drawn from
a list (``form``).

- ``security``: every request's guards (its own Host, the key's cookie, same-origin changes) and headers
- ``pages``: the folder's page, a new list, the editor, the file on disk and saving
- ``manage``: the folder's lists renamed, copied, deleted (asked first, kept to restore) and restored
- ``builder``: the catalogue of the text's own units for a place of the list, each priced for this list
- ``changes``: the form's edits (one request a change, redrawn as little as it needs)
- ``sharing``: a list's share code and QR code, and a code opened as a new list
- ``api``: the JSON contract any other page may use (validate, price, schema, render)
- ``workspace``: what the routes share: the folder served, the templates, the list's text from a request, and
  everything the page shows of a list

The routes read only the request they are given and the files of the folder they serve (a later static site
runs the same page in the browser). Flask is imported by ``listgen serve`` only (``app`` imports it; this
package does not): ``validate`` stays fast.
"""
