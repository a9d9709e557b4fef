"""A share code's QR code: ReportLab's own symbol, made in a tenth of the time ReportLab takes.

ReportLab (``reportlab.graphics.barcode.qrencoder``) chooses the mask as ISO/IEC 18004 says, the one of eight
whose penalty (rules N1 to N4) is lowest, by laying the whole symbol out eight times and scoring each list by list,
and builds the Reed-Solomon generator anew for every block: 60 ms a code, a third of a tournament lock. Here
ReportLab's segments still encode the data (into a bit buffer held as one int) and its block table is read; each
version's fixed patterns are laid out once, and each mask adds only the format information it writes; the error
correction uses one generator per length (its products with every codeword made once), and the eight candidates
are rows of bits (a Python int a row) scored with integer and string operations that give ReportLab's own scores.
The mask chosen is the same and the symbol identical module for module (``tests/render/test_qr.py`` compares them
on random codes of every version and on every example's code).
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
_DARK = re.compile("1")


def modules(code: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of a share code at error level M (alphanumeric mode, which base45 is made for), as rows of dark
    (True) and light modules: exactly ReportLab's ``QRCode.make()``."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(code)
    version = qr.calculate_version()
    size = version * 4 + 17
    places, data, _light = _layout(version)
    words = _codewords(qr, version)
    stream = format(int.from_bytes(bytes(words), "big"), f"0{8 * len(words)}b")[: len(places)]
    bits = [0] * size  # per row, which of the data's places are dark
    for i in (m.start() for m in _DARK.finditer(stream)):  # never more bits than places: the version holds them
        col, row = places[i]
        bits[row] |= 1 << col
    mask = best_mask(data, bits, size, version)
    fixed = _fixed(version, mask)
    flips = _mask_rows(size, mask)
    rows = [fixed[r] | ((bits[r] ^ flips[r]) & data[r]) for r in range(size)]
    return tuple(tuple(map("1".__eq__, format(row, f"0{size}b")[::-1])) for row in rows)  # column 0 first


def best_mask(data: list[int], bits: list[int], size: int, version: int) -> int:
    """The mask ReportLab's ``getBestMaskPattern`` chooses: the lowest penalty of the eight trial symbols (laid
    out with the format information light, as ReportLab's trials are), the first of equals."""
    fixed = _layout(version)[2]
    scores = []
    for mask in range(8):
        flips = _mask_rows(size, mask)
        scores.append(_penalty([fixed[r] | ((bits[r] ^ flips[r]) & data[r]) for r in range(size)], size))
    return scores.index(min(scores))


@functools.cache
def _layout(version: int) -> tuple[list, list[int], tuple[int, ...]]:
    """A version's data places in ReportLab's order, per row which modules they are (a bit per column), and per
    row its fixed patterns' dark modules (finders, timing, alignment) as ReportLab lays them out in its trials
    (format and version information light): ReportLab's own layout with no data, once per version."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    qr.dataCache = []  # no data: the places hold only the mask, and are left out below
    qr.makeImpl(True, 0)
    places = qr.dataPosIterator()
    data = [0] * qr.moduleCount
    for col, row in places:
        data[row] |= 1 << col
    dark = tuple(sum(1 << c for c, m in enumerate(line) if m) & ~data[r] for r, line in enumerate(qr.modules))
    return places, data, dark


@functools.cache
def _fixed(version: int, mask: int) -> tuple[int, ...]:
    """Per row, the fixed patterns' dark modules as ReportLab lays them out with this mask: the trial layout and the
    information ReportLab writes for the mask (``_information``)."""
    return tuple(t | i for t, i in zip(_layout(version)[2], _information(version, mask)))


def _information(version: int, mask: int) -> tuple[int, ...]:
    """Per row, the dark modules of the format information (level M, this mask), the dark module, and from
    version 7 the version information: what ReportLab's ``setupTypeInfo`` and ``setupTypeNumber`` write, and all
    a symbol's fixed patterns add to its trial layout (where they are light)."""
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    qr.moduleCount = size = version * 4 + 17
    qr.modules = [[False] * size for _ in range(size)]
    qr.setupTypeInfo(False, mask)
    if version >= 7:
        qr.setupTypeNumber(False)
    return tuple(sum(1 << c for c, m in enumerate(line) if m) for line in qr.modules)


def _codewords(qr, version: int) -> list[int]:
    """The data and error-correction codewords, interleaved: ReportLab's ``QRCode.createData`` (its bit buffer,
    terminator, padding and block table), with each block's error correction from a generator made once."""
    from reportlab.graphics.barcode import qrencoder

    blocks = qrencoder.QRRSBlock.getRSBlocks(version, qr.errorCorrectLevel)
    buffer = _BitBuffer()
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
    words, offset, data, correction = buffer.words(), 0, [], []
    for block in blocks:
        data.append(words[offset : offset + block.dataCount])
        offset += block.dataCount
        correction.append(_remainder(data[-1], block.totalCount - block.dataCount))
    return [w for group in (zip_longest(*data), zip_longest(*correction)) for ws in group for w in ws if w is not None]


class _BitBuffer:
    """ReportLab's QRBitBuffer (``put``, ``putBit``, ``getLengthInBits``) held as one Python int, not bit by bit
    in a list: its codewords are the same bytes, the last filled with light bits as ReportLab's is."""

    def __init__(self) -> None:
        self.value, self.length = 0, 0

    def put(self, num: int, length: int) -> None:
        self.value = (self.value << length) | (num & ((1 << length) - 1))  # ReportLab writes num's last length bits
        self.length += length

    def putBit(self, bit: bool) -> None:  # noqa: N802 - ReportLab's name, called by its segments
        self.put(1 if bit else 0, 1)

    def getLengthInBits(self) -> int:  # noqa: N802 - ReportLab's name
        return self.length

    def words(self) -> list[int]:
        pad = -self.length % 8
        return list((self.value << pad).to_bytes((self.length + pad) // 8, "big"))


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


@functools.cache
def _products(length: int) -> tuple[tuple[int, ...], ...]:
    """For each codeword value f, f times the generator of ``length`` (its coefficients after the first)."""
    from reportlab.graphics.barcode.qrencoder import EXP_TABLE, LOG_TABLE

    logs = _generator(length)
    return ((0,) * length,) + tuple(tuple(EXP_TABLE[(LOG_TABLE[f] + g) % 255] for g in logs) for f in range(1, 256))


def _remainder(words: list[int], length: int) -> list[int]:
    """The block's error-correction codewords: its data times x^length, modulo the generator (long division)."""
    products = _products(length)
    rest = [0] * length
    for word in words:
        row = products[word ^ rest[0]]
        rest = [a ^ b for a, b in zip(rest[1:] + [0], row)]
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
    runs = _RUNS.findall("|".join(across + down))  # N1, every line at once ('|' ends a run at a line's end)
    score = sum(map(len, runs)) - 2 * len(runs)
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
