"""Jinja2 templates, installed as the package listgen.templates (see pyproject.toml)."""
