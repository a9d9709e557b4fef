"""The share code's QR code: render/qr.py chooses the mask in one pass; the symbol must be ReportLab's own.

ISO/IEC 18004 has the encoder lay the data under each of eight masks and keep the one with the lowest penalty
(rules N1-N4). ReportLab does that by laying the symbol out eight times; listgen scores the eight from rows of bits.
The check is brute force: ReportLab's own ``QRCode.make()`` on the same code, module for module, for codes of every
length class a share code has (versions 1 to 25) and for every example list's real code. What a phone reads of it
is checked by scanning printed rosters (tests/core/test_share.py, tests/events/test_tournament_lock.py)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from reportlab.graphics.barcode import qrencoder

from listgen.core import share
from listgen.core.validate import check_file
from listgen.render.qr import modules

ROOT = Path(__file__).resolve().parents[2]
ALPHANUMERIC = string.digits + string.ascii_uppercase + " $%*+-./:"  # base45's alphabet: QR's alphanumeric mode


def reportlab(code: str) -> tuple:
    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(code)
    qr.make()  # eight trial layouts, the lowest penalty kept
    return tuple(tuple(bool(m) for m in row) for row in qr.modules)


def random_codes(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    lengths = [1, 2, 10, 20, 47, 48, 100, 200, 400, 700, 1000, 1400] + [rng.randint(1, 1400) for _ in range(count)]
    return ["".join(rng.choice(ALPHANUMERIC) for _ in range(n)) for n in lengths]


@pytest.mark.parametrize("code", random_codes(18004, 20), ids=lambda c: f"{len(c)}-chars")
def test_the_symbol_is_reportlabs_own_module_for_module(code):
    assert modules(code) == reportlab(code)


def test_every_example_lists_code_is_reportlabs_own():
    examples = sorted(ROOT.glob("armies/*.yaml"))
    versions = set()
    for path in examples:
        report = check_file(str(path))
        if report.document is None or report.unreadable:
            continue
        code = share.encode(report.document.data, report.rules.code)
        got = modules(code)
        assert got == reportlab(code), path.name
        versions.add((len(got) - 17) // 4)
    assert len(versions) >= 4  # codes of several sizes, not one


def test_a_wrong_mask_is_seen():
    # the control: the comparison is fine enough to tell a symbol under another mask from ReportLab's
    code = random_codes(7, 0)[6]
    chosen = next(m for m in range(8) if _laid_out(code, m) == reportlab(code))
    assert all(_laid_out(code, other) != modules(code) for other in range(8) if other != chosen)


def _laid_out(code: str, mask: int) -> tuple:
    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(code)
    qr.version = qr.calculate_version()
    qr.makeImpl(False, mask)
    return tuple(tuple(bool(m) for m in row) for row in qr.modules)
