"""PDF renderers (reportlab is imported only here, by the commands that render)."""
