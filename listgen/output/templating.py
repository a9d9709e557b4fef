"""The one jinja2 environment every text template renders in (exports, starter lists).

StrictUndefined makes a template that names a missing value fail instead of printing blank;
HTML templates are autoescaped, the others print text as it is. jinja2 is imported here only,
by the commands that render text.
"""

from __future__ import annotations

import functools
import os
import re
import urllib.parse

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # listgen/, above output/


def template_folder() -> str:
    """listgen/templates in an installed wheel; the repository's templates/ when run from a checkout."""
    installed = os.path.join(_PACKAGE, "templates")
    return installed if os.path.isdir(installed) else os.path.join(os.path.dirname(_PACKAGE), "templates")


_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def one_line(text) -> str:
    """Text on one line: line breaks and control characters become a space (a name cannot start a heading)."""
    return _BREAKS.sub(" ", str(text))


def markdown_cell(text) -> str:
    """Text that Markdown prints as itself inside a line or a table cell: no HTML, links, images, emphasis or
    cell breaks."""
    text = one_line(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\\[\]|`*_~])", r"\\\1", text)  # and no emphasis: **bold**, _em_, ~~struck~~


def markdown(text) -> str:
    """markdown_cell, and no heading, list or rule marker at the start of a line either."""
    text = markdown_cell(text)
    if re.match(r"[#+\-=*]", text):  # a heading, list item or rule marker at the start of a line
        return "\\" + text
    return re.sub(r"^(\d+)([.)])", r"\1\\\2", text)  # '2. Section' is no numbered list


def bbcode(text) -> str:
    """Text that BBCode prints as itself: BBCode has no escape, so square brackets become full-width ones."""
    return one_line(text).replace("[", "\uff3b").replace("]", "\uff3d")


def environment():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_folder()),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html.j2", "html"), default_for_string=False, default=False
        ),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(md=markdown, mdcell=markdown_cell, bb=bbcode, line=one_line)
    env.globals["favicon"] = favicon()
    return env


@functools.cache
def favicon() -> str:
    """listgen's icon as a data: address: a page names it without a request of its own, so that no icon fetch is
    left in flight (and cut off) when a page moves on at once, as the site's root does to app/ (Firefox then
    reports a failed service-worker interception)."""
    with open(os.path.join(_PACKAGE, "static", "favicon.svg"), encoding="utf-8") as svg:
        return "data:image/svg+xml," + urllib.parse.quote(svg.read().strip(), safe="/=:")


def render(name: str, **values) -> str:
    return environment().get_template(name).render(**values)
