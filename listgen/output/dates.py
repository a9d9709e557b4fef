"""SOURCE_DATE_EPOCH, checked: the one setting every command reads first, kept apart from file writing so that
`listgen validate`, which writes nothing, does not load what writing needs (tempfile, pathlib)."""

from __future__ import annotations

import os

from listgen.core.exceptions import SettingError

MAX_EPOCH = 253402300799  # 9999-12-31T23:59:59Z: the last second a date prints in four digits


def source_date_epoch() -> int | None:
    """SOURCE_DATE_EPOCH (reproducible builds: the time printed and stamped in PDFs), checked: reportlab reads it
    too and fails on anything but a whole number of seconds it can turn into a date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is None or epoch == "":
        return None
    if not (epoch.isascii() and epoch.isdigit()) or int(epoch) > MAX_EPOCH:
        shown = epoch if len(epoch) <= 30 else epoch[:27] + "..."
        raise SettingError(
            f"SOURCE_DATE_EPOCH is {shown!r}: it must be a whole number of seconds since "
            f"1970-01-01, 0 to {MAX_EPOCH} (unset it to print today's date)"
        )
    return int(epoch)
