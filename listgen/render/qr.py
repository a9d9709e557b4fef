"""A share code's QR code: ReportLab's own encoder, with its choice of mask made in one pass instead of eight.

ReportLab chooses the mask as ISO/IEC 18004 says (the one of eight whose penalty, rules N1 to N4, is lowest), by
laying the whole symbol out eight times and scoring each with list-by-list Python: 60 ms a code, a third of a
tournament lock. Here the eight candidates are rows of bits (a Python int per row), masked and scored with integer
and string operations that give ReportLab's own scores, so the mask chosen is the same and the symbol identical
module for module (``tests/render/test_qr.py`` compares them); ReportLab then lays out that one mask.
"""

from __future__ import annotations

import functools
import re
from itertools import zip_longest

# ReportLab's rule 3 (qrencoder.QRUtil.maskScoreRule3hor): the finder-like run dark, light, dark x3, light, dark,
# then four light, read one way, matches not overlapping, its last possible start left out (as ReportLab scans)
_FINDER = "10111010000"
_RUNS = re.compile(r"0{5,}|1{5,}")  # rule 1: five or more alike in a row or column, each scoring its length - 2


def modules(code: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of a share code at error level M (alphanumeric mode, which base45 is made for), as rows of dark
    (True) and light modules: exactly ReportLab's ``QRCode.make()``."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(code)
    qr.version = qr.calculate_version()
    qr.makeImpl(True, 0)  # the function patterns, the format information left light, the data under mask 0
    qr.makeImpl(False, best_mask(qr))
    return tuple(tuple(bool(module) for module in row) for row in qr.modules)


def best_mask(qr) -> int:
    """The mask ReportLab's ``getBestMaskPattern`` chooses for a QRCode laid out by ``makeImpl(True, any mask)``:
    the lowest penalty, the first of equals."""
    size = qr.moduleCount
    fixed, data, bits = [0] * size, [0] * size, [0] * size  # per row: function modules dark, data places, data dark
    for place, dark in zip_longest(qr.dataPosIterator(), qr.dataBitIterator(qr.dataCache), fillvalue=None):
        if place is None:  # never more bits than places (the version was chosen to hold them)
            break
        col, row = place
        data[row] |= 1 << col
        if dark:
            bits[row] |= 1 << col
    for row, line in enumerate(qr.modules):
        fixed[row] = sum(1 << col for col, dark in enumerate(line) if dark) & ~data[row]
    scores = []
    for mask in range(8):
        flips = _mask_rows(size, mask)
        rows = [fixed[r] | ((bits[r] ^ flips[r]) & data[r]) for r in range(size)]
        scores.append(_penalty(rows, size))
    return scores.index(min(scores))


@functools.cache
def _mask_rows(size: int, mask: int) -> tuple[int, ...]:
    """Per row, the modules mask number ``mask`` turns over (ReportLab's QRUtil.maskPattern)."""
    from reportlab.graphics.barcode import qrencoder

    turns = qrencoder.QRUtil.getMask(mask)
    return tuple(sum(1 << j for j in range(size) if turns(i, j)) for i in range(size))


def _penalty(rows: list[int], size: int) -> int:
    """ReportLab's QRUtil.getLostPoint for a symbol given as rows of bits (bit j: column j)."""
    across = [format(row, f"0{size}b")[::-1] for row in rows]  # column 0 first
    down = ["".join(column) for column in zip(*across)]
    score = sum(len(run) - 2 for line in across + down for run in _RUNS.findall(line))  # N1
    every = (1 << (size - 1)) - 1
    for upper, lower in zip(rows, rows[1:]):  # N2: a 2x2 block of one colour scores 3
        alike = ~(upper ^ lower)
        score += 3 * (alike & (alike >> 1) & ~(upper ^ (upper >> 1)) & every).bit_count()
    # N3 along the rows only, as ReportLab scores it (its pass down the columns compares a tuple with a list, which
    # is never equal): the same scores, so the same mask
    for line in across:
        start, last = line.find(_FINDER), size - len(_FINDER)
        while 0 <= start < last:
            score += 40
            start = line.find(_FINDER, start + len(_FINDER))
    dark = sum(row.bit_count() for row in rows)  # N4
    return score + 10 * (abs(100 * dark // (size * size) - 50) // 5)
