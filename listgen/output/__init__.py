"""What listgen writes and how: files written atomically with one writer at a time (files), text made safe
for a reader (sanitize, text, console), exports (export) and the templates (templating)."""
