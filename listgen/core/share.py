"""Share codes: a whole list as one line of text (and a QR code), with no server: the code is the list.

A code reads ``LG1:SMLE:<data>``: the format's version, the ruleset's code, and the list's values as
canonical YAML (keys in the list's order, no comments), compressed with zlib and written in base45
(RFC 9285), whose 45 characters are those a QR code stores most densely (its alphanumeric mode).
zlib's own checksum catches a damaged code. Every later listgen reads LG1 codes: a new format gets a new
version prefix and LG1 keeps its reader.

A list's hash is the first 10 hex digits of the SHA-256 of the same canonical YAML: comments and layout
do not change it; any value a check or a price reads does.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from typing import TextIO

import yaml

from listgen.core.exceptions import ListgenError

VERSION = "LG1"
BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_VALUE = {c: i for i, c in enumerate(BASE45)}
MAX_CODE = 20_000  # characters: far beyond any list (the examples take 400-1,400)
MAX_INPUT = 4 * MAX_CODE  # characters read from standard input: a code wrapped over lines, with room to spare
MAX_LIST = 1 << 20  # bytes a code may inflate to: the loader's own limit for a list file
HASH_DIGITS = 10


class ShareCodeError(ListgenError):
    """Raised when a share code cannot be read: damaged, cut short, from another program, or too large."""


def canonical(data: object) -> str:
    """The list's values as YAML in one way only: its key order, no comments, plain styles. PyYAML's own writer
    says what that way is; libyaml's writes the same text about four times faster where it agrees with it (every
    text printable ASCII, every key shorter than either one's limit for a plain key), and is used only there, so
    that a list's hash is the same on a machine with libyaml and one without."""
    dumper = yaml.CSafeDumper if _LIBYAML and _libyaml_agrees(data) else yaml.SafeDumper
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=10_000)


_LIBYAML = hasattr(yaml, "CSafeDumper")
SHORT_KEY = 100  # characters: PyYAML writes a key of 128 or more as '? key', libyaml otherwise
_PRINTABLE_ASCII = re.compile(r"[ -~]*")


def _libyaml_agrees(data: object) -> bool:
    """Whether libyaml writes data as PyYAML's own writer does: each text printable ASCII (they escape and quote
    other characters, a line break or an emoji, each its own way), each key a short one."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not _PRINTABLE_ASCII.fullmatch(value):
                return False
        elif isinstance(value, dict):
            if any(isinstance(key, str) and len(key) > SHORT_KEY for key in value):
                return False
            stack += value.keys()
            stack += value.values()
        elif isinstance(value, list):
            stack += value
    return True


def list_hash(data: object) -> str:
    """The list's short hash: the same for two files holding the same values, whatever their comments."""
    return _hash(canonical(data))


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_DIGITS]


def b45encode(raw: bytes) -> str:
    out = []
    for i in range(0, len(raw) - 1, 2):
        n = raw[i] * 256 + raw[i + 1]
        c, n = n % 45, n // 45
        d, e = n % 45, n // 45
        out += [BASE45[c], BASE45[d], BASE45[e]]
    if len(raw) % 2:
        c, d = raw[-1] % 45, raw[-1] // 45
        out += [BASE45[c], BASE45[d]]
    return "".join(out)


def b45decode(text: str) -> bytes:
    try:
        values = [_VALUE[c] for c in text]
    except KeyError as exc:
        raise ShareCodeError(f"the code holds {exc.args[0]!r}, which no listgen code does: it was changed") from None
    if len(values) % 3 == 1:
        raise ShareCodeError("the code is cut short (its length is not one a listgen code can have)")
    out = bytearray()
    for i in range(0, len(values), 3):
        chunk = values[i : i + 3]
        n = sum(v * 45**k for k, v in enumerate(chunk))
        if len(chunk) == 3:
            if n > 0xFFFF:
                raise ShareCodeError("the code is damaged (it holds a group no listgen code can)")
            out += bytes((n >> 8, n & 0xFF))
        else:
            if n > 0xFF:
                raise ShareCodeError("the code is damaged (it holds a group no listgen code can)")
            out.append(n)
    return bytes(out)


def encode(data: object, ruleset_code: str) -> str:
    """The share code of a list's data."""
    return _encode(canonical(data), ruleset_code)


def code_and_hash(data: object, ruleset_code: str) -> tuple[str, str]:
    """The share code and the short hash of a list's data, its canonical YAML written once for both (PyYAML's
    writer is the larger part of stamping a roster)."""
    text = canonical(data)
    return _encode(text, ruleset_code), _hash(text)


def _encode(text: str, ruleset_code: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return f"{VERSION}:{ruleset_code}:{b45encode(packed)}"


_CODE = re.compile(r"^(LG\d{1,6}):([A-Z0-9]{1,12}):(.*)$", re.DOTALL)  # a version of a few digits: int() reads it


def decode(code: str) -> tuple[str, str]:
    """(ruleset code, the list as YAML text) from a share code; ShareCodeError when it cannot be read. Spaces
    pasted after a code are tried without, when the code as given does not read (base45 holds spaces too)."""
    try:
        return _decode(code)
    except ShareCodeError:
        trimmed = code.rstrip(" \t\r\n")
        if trimmed == code.replace("\r", "").replace("\n", ""):
            raise
        return _decode(trimmed)


def _decode(code: str) -> tuple[str, str]:
    # line breaks (a code wrapped in an email, a file's last newline) are never part of a code; spaces may be
    code = code.replace("\r", "").replace("\n", "").lstrip()
    if len(code) > MAX_CODE:
        raise ShareCodeError(f"the code is {len(code):,} characters long; a listgen code is at most {MAX_CODE:,}")
    match = _CODE.match(code)
    if match is None:
        start = code[:12] + ("..." if len(code) > 12 else "")
        raise ShareCodeError(f"'{start}' is not a listgen share code (one starts 'LG1:' and its ruleset's code)")
    version, ruleset_code, body = match.groups()
    if version != VERSION:
        if int(version[2:]) < int(VERSION[2:]):
            raise ShareCodeError(f"the code says format {version}, which no listgen writes (they begin {VERSION}:)")
        raise ShareCodeError(f"the code is format {version}, newer than this listgen reads ({VERSION}): upgrade it")
    packed = b45decode(body)
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_LIST + 1)  # one byte past, no more: a bigger code is refused for its size
    except zlib.error:
        raise ShareCodeError("the code is damaged: its checksum does not match (a character was changed)") from None
    if len(raw) > MAX_LIST:
        raise ShareCodeError(f"the code unpacks to more than {MAX_LIST:,} bytes, more than any list may hold")
    if not inflate.eof or inflate.unused_data:
        raise ShareCodeError("the code is cut short or has something added to it")
    try:
        return ruleset_code, raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError("the code is damaged: it does not unpack to text") from None


def read_code(stream: TextIO) -> str:
    """A code from standard input, read no further than a code can be: a longer input is refused by its size
    (never cut, which would read as a code cut short)."""
    code = stream.read(MAX_INPUT + 1)  # equivalent mutant (constant): + 2 refuses the same inputs
    if len(code) > MAX_INPUT:
        raise ShareCodeError(
            f"standard input holds more than {MAX_INPUT:,} characters; a share code is at most {MAX_CODE:,}"
        )
    return code


def list_text(code: str) -> str:
    """The YAML list a share code holds, ready to write to a file; ShareCodeError when the code cannot be read or
    does not hold a list of the ruleset it names."""
    from listgen.core import rulesets
    from listgen.core.exceptions import InputError
    from listgen.core.loader import parse

    ruleset_code, text = decode(code)
    try:
        data = parse(text, "<code>").data
    except InputError as exc:
        raise ShareCodeError(f"the code does not hold a readable list ({exc})") from None
    slug = data.get("ruleset") if isinstance(data, dict) else None
    # the rulesets the code's letters name (a renamed copy of a ruleset keeps its code): the list is one of theirs
    named = [s for s in rulesets.slugs() if rulesets.get(s).code == ruleset_code]
    if not named:
        raise ShareCodeError(f"the code is for a ruleset this listgen does not know ({ruleset_code})")
    if slug not in named:
        raise ShareCodeError(f"the code is damaged: it says {ruleset_code} but holds a list for '{slug}'")
    # the list's values written anew, as `listgen share` writes them: whatever else the code's text held (comments,
    # an editor's modeline naming a stranger's schema, controls) is not copied into the user's file
    return f"# Imported from a listgen share code (list {list_hash(data)}).\n" + canonical(data)
