"""A share code is inflated one byte past MAX_LIST and no further (issue 49): core/share.py's ``MAX_LIST + 1`` was
marked an equivalent mutant ('+ 2 refuses the same codes'), but + 2 reads a code that unpacks to MAX_LIST + 2
bytes to its end, where a changed checksum is refused as damaged instead of for its size."""

from __future__ import annotations

import zlib

import pytest

from listgen.core import share


def code_of(raw: bytes, checksum_changed: bool = False) -> str:
    packed = zlib.compress(raw, 9)
    if checksum_changed:  # the last four bytes are the Adler-32 of what it unpacks to
        packed = packed[:-1] + bytes([packed[-1] ^ 1])
    return "LG1:SMLE:" + share.b45encode(packed)


@pytest.mark.parametrize("over", [1, 2, 3])
def test_a_code_past_the_limit_is_refused_for_its_size_before_its_checksum_is_read(over):
    """Past the limit by two or more, the reader stops before the end, so its size is what is wrong with it."""
    size = share.MAX_LIST + over
    with pytest.raises(share.ShareCodeError, match=f"unpacks to more than {share.MAX_LIST:,} bytes"):
        share.decode(code_of(b"#" * size))
    if over >= 2:
        with pytest.raises(share.ShareCodeError, match=f"unpacks to more than {share.MAX_LIST:,} bytes"):
            share.decode(code_of(b"#" * size, checksum_changed=True))


def test_a_code_at_the_limit_is_read_and_its_checksum_checked():
    assert share.decode(code_of(b"#" * share.MAX_LIST)) == ("SMLE", "#" * share.MAX_LIST)
    with pytest.raises(share.ShareCodeError, match="checksum does not match"):
        share.decode(code_of(b"#" * share.MAX_LIST, checksum_changed=True))
