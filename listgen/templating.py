"""The one jinja2 environment every text template renders in (exports, starter lists).

StrictUndefined makes a template that names a missing value fail instead of printing blank;
HTML templates are autoescaped, the others print text as it is. jinja2 is imported here only,
by the commands that render text.
"""

from __future__ import annotations

import os

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def template_folder() -> str:
    """listgen/templates in an installed wheel; the repository's templates/ when run from a checkout."""
    installed = os.path.join(_PACKAGE, "templates")
    return installed if os.path.isdir(installed) else os.path.join(os.path.dirname(_PACKAGE), "templates")


def environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_folder()), undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2", "html"), default_for_string=False,
                                            default=False),
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)


def render(name: str, **values) -> str:
    return environment().get_template(name).render(**values)
