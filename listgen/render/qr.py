"""A share code's QR code: ReportLab's own symbol, made in a sixth of the time ReportLab takes.

ReportLab (``reportlab.graphics.barcode.qrencoder``) chooses the mask as ISO/IEC 18004 says, the one of eight
whose penalty (rules N1 to N4) is lowest, by laying the whole symbol out eight times and scoring each list by list,
and builds the Reed-Solomon generator anew for every block: 60 ms a code, a third of a tournament lock. Here
ReportLab still encodes the data (its bit buffer and block table) and lays out each version's fixed patterns once;
the error correction uses one generator per length, and the eight candidates are rows of bits (a Python int a
row) scored with integer and string operations that give ReportLab's own scores. The mask chosen is the same and
the symbol identical module for module (``tests/render/test_qr.py`` compares them on random codes of every
version and on every example's code).
"""

from __future__ import annotations

import functools
import re
from itertools import zip_longest

# ReportLab's rule 3 (qrencoder.QRUtil.maskScoreRule3hor): the finder-like run dark, light, dark x3, light, dark,
# then four light, read one way, matches not overlapping, its last possible start left out (as ReportLab scans)
_FINDER = "10111010000"
_RUNS = re.compile(r"0{5,}|1{5,}")  # rule 1: five or more alike in a row or column, each scoring its length - 2
_PAD = (0xEC, 0x11)  # the pad codewords, in turn (ReportLab's QRCode.PAD0, PAD1)


def modules(code: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of a share code at error level M (alphanumeric mode, which base45 is made for), as rows of dark
    (True) and light modules: exactly ReportLab's ``QRCode.make()``."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(code)
    version = qr.calculate_version()
    size = version * 4 + 17
    places = _layout(version, None)[0]
    data, bits = [0] * size, [0] * size  # per row: the data's places, and which of them are dark
    for place, dark in zip_longest(places, _bits(_codewords(qr, version)), fillvalue=None):
        if place is None:  # never more bits than places: the version was chosen to hold them
            break
        col, row = place
        data[row] |= 1 << col
        if dark:
            bits[row] |= 1 << col
    mask = best_mask(data, bits, size, version)
    fixed = _layout(version, mask)[1]
    flips = _mask_rows(size, mask)
    rows = [fixed[r] | ((bits[r] ^ flips[r]) & data[r]) for r in range(size)]
    return tuple(tuple(bool(row >> c & 1) for c in range(size)) for row in rows)


def best_mask(data: list[int], bits: list[int], size: int, version: int) -> int:
    """The mask ReportLab's ``getBestMaskPattern`` chooses: the lowest penalty of the eight trial symbols (laid
    out with the format information light, as ReportLab's trials are), the first of equals."""
    fixed = _layout(version, None)[1]
    scores = []
    for mask in range(8):
        flips = _mask_rows(size, mask)
        scores.append(_penalty([fixed[r] | ((bits[r] ^ flips[r]) & data[r]) for r in range(size)], size))
    return scores.index(min(scores))


@functools.cache
def _layout(version: int, mask: int | None) -> tuple[list, tuple[int, ...]]:
    """A version's data places, in ReportLab's order, and per row its fixed patterns' dark modules (finders,
    timing, alignment, version and format information) as ReportLab lays them out with this mask, or as in its
    trials (format information light) for None. ReportLab's own layout with no data, once per version and mask."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    qr.dataCache = []  # no data: the places hold only the mask, and are left out below
    qr.makeImpl(mask is None, mask or 0)
    places = qr.dataPosIterator()
    data = [0] * qr.moduleCount
    for col, row in places:
        data[row] |= 1 << col
    dark = tuple(sum(1 << c for c, m in enumerate(line) if m) & ~data[r] for r, line in enumerate(qr.modules))
    return places, dark


def _codewords(qr, version: int) -> list[int]:
    """The data and error-correction codewords, interleaved: ReportLab's ``QRCode.createData`` (its bit buffer,
    terminator, padding and block table), with each block's error correction from a generator made once."""
    from reportlab.graphics.barcode import qrencoder

    blocks = qrencoder.QRRSBlock.getRSBlocks(version, qr.errorCorrectLevel)
    buffer = qrencoder.QRBitBuffer()
    for segment in qr.dataList:
        segment.write(buffer, version)
    capacity = 8 * sum(block.dataCount for block in blocks)
    if buffer.getLengthInBits() + 4 <= capacity:
        buffer.put(0, 4)  # the terminator
    while buffer.getLengthInBits() % 8:
        buffer.putBit(False)
    pad = 0
    while buffer.getLengthInBits() < capacity:
        buffer.put(_PAD[pad], 8)
        pad ^= 1
    words, offset, data, correction = buffer.buffer, 0, [], []
    for block in blocks:
        data.append(words[offset : offset + block.dataCount])
        offset += block.dataCount
        correction.append(_remainder(data[-1], block.totalCount - block.dataCount))
    return [w for group in (zip_longest(*data), zip_longest(*correction)) for ws in group for w in ws if w is not None]


def _bits(words: list[int]):
    for word in words:
        for shift in range(7, -1, -1):
            yield bool(word >> shift & 1)


@functools.cache
def _generator(length: int) -> tuple[int, ...]:
    """The Reed-Solomon generator of ``length`` error-correction codewords, as logs of its coefficients after the
    first: (x - a^0)(x - a^1)...(x - a^(length-1)) over GF(256), QR's field (x^8 + x^4 + x^3 + x^2 + 1)."""
    from reportlab.graphics.barcode.qrencoder import EXP_TABLE, LOG_TABLE

    poly = [1]
    for i in range(length):
        out = poly + [0]
        for j, c in enumerate(poly):  # out = poly * x + poly * a^i
            if c:
                out[j + 1] ^= EXP_TABLE[(LOG_TABLE[c] + i) % 255]
        poly = out
    return tuple(LOG_TABLE[c] for c in poly[1:])


def _remainder(words: list[int], length: int) -> list[int]:
    """The block's error-correction codewords: its data times x^length, modulo the generator (long division)."""
    from reportlab.graphics.barcode.qrencoder import EXP_TABLE, LOG_TABLE

    logs = _generator(length)
    rest = [0] * length
    for word in words:
        factor = word ^ rest[0]
        rest = rest[1:] + [0]
        if factor:
            f = LOG_TABLE[factor]
            for i, g in enumerate(logs):
                rest[i] ^= EXP_TABLE[(f + g) % 255]
    return rest


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
