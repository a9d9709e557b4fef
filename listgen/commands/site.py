"""``listgen site``: a folder of static files that runs the page of ``listgen serve`` in each player's browser.

Nothing is written in JavaScript but the glue: the site's service worker starts Pyodide (CPython compiled to
WebAssembly), unpacks listgen and the pure-Python packages it runs on, and answers the page's requests with the
same Flask app (``listgen.web.browser``). What goes into the site:

- Pyodide's runtime, the npm registry's ``pyodide`` package at ``PYODIDE.version``, checked against its
  published sha512 (downloaded once into the user's cache, or given as a file for a build without a network);
- ``python.zip``: listgen (code, templates, fonts, the page's static files) and the packages it imports in the
  page, each at the version this Python runs listgen with (installed from PyPI), their pure-Python files only
  (PyYAML, MarkupSafe and ReportLab fall back to their Python code without their C parts, as they do anywhere);
  a ``PIL`` module that refuses images, because ReportLab imports Pillow at load and listgen draws none;
- the folder's lists as the site's examples, and its event pack (``pack.yaml``) if it has one;
- the page's static files (its scripts and stylesheets) as files of the site, ``app/static/``: the service worker
  answers them from its cache, not through Python, where each waited its turn behind the page that named them
  (python.zip keeps its copy: listgen reads its favicon there);
- ``index.html`` (starts the service worker, then opens the page), ``sw.js`` and ``listgen-site.json``: what
  the site holds, each file's size and sha256; the service worker's cache is keyed on their digest, so a new
  build replaces the old cache.

The folder is built beside the target and renamed into place: a failed build leaves the old site as it was, and
a folder that is not a listgen site is never replaced.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import os
import shutil
import tarfile
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from listgen.core.exceptions import ListgenError, SiteError
from listgen.events.pack import Pack
from listgen.output.files import find_lists
from listgen.output.templating import environment, template_folder

from .. import __version__


@dataclass(frozen=True)
class Runtime:
    """A Pyodide release on the npm registry, pinned by version and by the registry's own sha512."""

    version: str
    integrity: str  # the registry's dist.integrity: "sha512-" and the base64 digest of the tarball

    @property
    def url(self) -> str:
        return f"https://registry.npmjs.org/pyodide/-/pyodide-{self.version}.tgz"

    def matches(self, data: bytes) -> bool:
        digest = base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")
        return self.integrity == f"sha512-{digest}"


PYODIDE = Runtime(
    "314.0.7", "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MAX_DOWNLOAD = 64 << 20  # the runtime's tarball is 6.5 MB

# What the page imports, by distribution: listgen's own (not typer, networkx: the CLI's and the pairing's) and
# theirs. Each is packed at the version installed here.
PACKAGES = (
    "flask",
    "werkzeug",
    "jinja2",
    "markupsafe",
    "click",
    "itsdangerous",
    "blinker",
    "pyyaml",
    "ruamel.yaml",
    "reportlab",
)
# What a package above needs only at some of the versions listgen allows: packed where it is installed (ReportLab
# takes charset-normalizer from 4.4.1 on; 4.4.0, listgen's floor, does without).
SOME_VERSIONS = ("charset-normalizer",)
# The fallback fonts of names no Latin, Greek or Cyrillic font prints (glyphs.FALLBACKS, 6 MB): files of the
# site of their own, fetched by the service worker at the first printout rather than with every first visit.
LATER = ("WenQuanYiMicroHei.ttc", "SymbolaEmoji.ttf")
COMPILED = (".so", ".pyd", ".dll", ".dylib", ".c", ".h", ".pyx", ".pxd", ".pyc")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's date: the same packages give the same bytes
MANIFEST = "listgen-site.json"  # what the site holds; a folder without it is never replaced

PIL_SHIM = {
    "PIL/__init__.py": '"""listgen site: ReportLab imports Pillow when it loads; listgen draws no image."""\n',
    "PIL/Image.py": (
        '"""listgen site: no Pillow in the browser, and listgen draws no raster image."""\n\n\n'
        "class Image:\n"
        '    """Nothing is an image here."""\n\n\n'
        "def open(*args, **kwargs):\n"
        '    raise OSError("images are not drawn in the browser (listgen site)")\n'
    ),
}


@dataclass
class SiteReport:
    """What a build wrote: the folder, its files (name -> size), the examples and whether it is an event's."""

    folder: Path
    files: dict = field(default_factory=dict)
    examples: list = field(default_factory=list)
    event: str | None = None
    left_out: list = field(default_factory=list)  # what was left out as an event's (folder or file, and why), said
    notes: list = field(default_factory=list)  # what the build cannot know of an event's files, said

    @property
    def size(self) -> int:
        return sum(self.files.values())


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "listgen"


def runtime_tarball(given: Path | None = None, runtime: Runtime = PYODIDE) -> bytes:
    """The Pyodide tarball: a file given, else the user's cache, else the npm registry (then cached); each is
    checked against the pinned sha512 before anything in it is used."""
    if given is not None:
        try:
            data = Path(given).read_bytes()
        except OSError as exc:
            raise SiteError(f"cannot read {given}: {exc.strerror or exc}") from None
        if not runtime.matches(data):
            raise SiteError(f"{given} is not pyodide {runtime.version} from the npm registry (its sha512 differs)")
        return data
    cached = cache_folder() / f"pyodide-{runtime.version}.tgz"
    if cached.is_file():
        data = cached.read_bytes()
        if runtime.matches(data):
            return data
    try:
        with urllib.request.urlopen(runtime.url, timeout=60) as answer:
            data = answer.read(MAX_DOWNLOAD + 1)
    except OSError as exc:
        raise SiteError(
            f"cannot download Pyodide {runtime.version} from {runtime.url} ({exc}); on a machine without a "
            f"network, download that file elsewhere and give it with --pyodide FILE"
        ) from None
    if not runtime.matches(data):
        raise SiteError(f"the file downloaded from {runtime.url} is not the one pinned (its sha512 differs)")
    from listgen.output.files import write_atomic

    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(cached, data)
    except (OSError, ListgenError):  # a cache that cannot be written: the build goes on
        pass
    return data


def runtime_files(tarball: bytes) -> dict:
    """name -> bytes of the runtime files the site serves, from the npm package's tarball."""
    out = {}
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for name in RUNTIME_FILES:
            try:
                member = archive.extractfile(f"package/{name}")
            except KeyError:
                member = None
            if member is None:
                raise SiteError(f"the Pyodide package has no {name}")
            out[name] = member.read()
    return out


def _package_files(distribution: str) -> dict:
    """archive name -> path of a distribution's pure-Python files (and its METADATA, which its version reads)."""
    try:
        dist = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        raise SiteError(f"{distribution} is not installed here: install listgen as the README says") from None
    out = {}
    for entry in dist.files or []:
        name = entry.as_posix()
        if "__pycache__" in name or name.startswith("..") or name.endswith(COMPILED):
            continue
        if name.startswith("reportlab/fonts/"):  # Type 1 and test fonts listgen never draws with (it embeds its own)
            continue
        if ".dist-info/" in name and not name.endswith("/METADATA"):
            continue
        path = Path(str(entry.locate()))
        if path.is_file():
            out[name] = path
    return out


def _listgen_files() -> dict:
    """archive name -> path of listgen itself: its package folder and its templates (from a checkout or a wheel)."""
    package = Path(__file__).resolve().parent.parent
    out = {}
    for path in sorted(package.rglob("*")):
        name = path.relative_to(package.parent).as_posix()
        if path.is_file() and "__pycache__" not in name and not name.endswith(COMPILED) and path.name not in LATER:
            out[name] = path
    templates = Path(template_folder())
    for path in sorted(templates.rglob("*")):
        if path.is_file():
            out["listgen/templates/" + path.relative_to(templates).as_posix()] = path
    return out


def _installed(distribution: str) -> bool:
    try:
        importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def python_bundle(examples: dict, pack: bytes | None = None) -> tuple[bytes, dict]:
    """The zip the service worker unpacks: listgen, its packages, the PIL shim, the examples (under examples/)
    and the event's pack (event/pack.yaml); and distribution -> version of what is in it."""
    members: dict = {}
    versions = {"listgen": __version__}
    for distribution in PACKAGES + tuple(d for d in SOME_VERSIONS if _installed(d)):
        members.update(_package_files(distribution))
        versions[distribution] = importlib.metadata.version(distribution)
    members.update(_listgen_files())
    contents = {name: path.read_bytes() for name, path in members.items()}
    contents.update({name: text.encode("utf-8") for name, text in PIL_SHIM.items()})
    contents.update({f"examples/{name}": data for name, data in examples.items()})
    if pack is not None:
        contents["event/pack.yaml"] = pack
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(contents):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, contents[name])
    return out.getvalue(), versions


def examples_of(folder: Path) -> tuple[dict, Pack | None, list]:
    """name -> bytes of the folder's lists (names relative to it), its event's pack, checked, if it has one, and
    what was left out of them as an event's (events.event_files: a pack, a round file, an event's folder, entries,
    wherever they stand; the players' entries are the organiser's, never published), each once, as it was left out."""
    return _examples(folder)[:3]


def _examples(folder: Path) -> tuple[dict, Pack | None, list, list]:
    """examples_of, and what cannot be known of the events found (event_files.untold)."""
    from listgen.core.loader import MAX_BYTES
    from listgen.events.event_files import event_part, events_among, untold

    if not folder.is_dir():
        raise SiteError(f"{folder}: no such folder")
    pack = _pack_of(folder)
    found = find_lists(folder, recursive=True)
    events = events_among(found, folder)
    own = folder / "pack.yaml" if pack is not None else None  # published as the entry page's pack, not left out
    left: dict = {}
    out = {}
    for path in found:
        name = path.relative_to(folder).as_posix()
        part = event_part(path, events)
        if part is not None:
            if path != own:
                left[part] = left.get(part, 0) + 1
            continue
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_BYTES or ".listgen" in name:
            continue  # what the page would not open (a link, a pipe, a file over the loader's limit)
        out[name] = path.read_bytes()
    left_out = []
    for (where, why, is_folder), count in left.items():
        if is_folder:
            left_out.append(f"{_relative(where, folder)}/ ({why}: {count} YAML file{'s' if count > 1 else ''})")
        else:
            left_out.append(f"{_relative(where, folder)} ({why})")
    return out, pack, sorted(left_out), untold(events)


def _relative(path: Path, folder: Path) -> str:
    for base in (folder, folder.resolve()):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            pass
    return str(path)


def _pack_of(folder: Path) -> Pack | None:
    """The folder's event pack (pack.yaml), checked, or None."""
    if not (folder / "pack.yaml").is_file():
        return None
    from listgen.events.pack import load_pack

    pack, findings = load_pack(str(folder / "pack.yaml"))
    if pack is None:
        raise SiteError(f"{folder / 'pack.yaml'} does not read: " + "; ".join(f.message for f in findings[:3]))
    return pack


def build_site(folder: Path, out: Path, pyodide: Path | None = None, runtime: Runtime = PYODIDE) -> SiteReport:
    """Write the static site for a folder of lists into out (replacing an earlier listgen site there); pyodide:
    the runtime's tarball, else it is downloaded (or taken from the cache)."""
    folder, out = Path(folder), Path(out)
    _can_replace(out)
    examples, pack, left_out, notes = _examples(folder)
    event = pack.event if pack is not None else None
    served = runtime_files(runtime_tarball(pyodide, runtime))
    bundle, versions = python_bundle(examples, (folder / "pack.yaml").read_bytes() if pack is not None else None)
    package = Path(__file__).resolve().parent.parent
    site_templates = Path(template_folder()) / "site"
    files = {f"pyodide/{name}": data for name, data in served.items()}
    files["python.zip"] = bundle
    files.update(static_files(package / "static"))
    files["boot.js"] = (site_templates / "boot.js").read_bytes()
    files.update(app_files(event))
    files.update(published_printouts(folder))
    later = {f"fonts/{name}": (package / "fonts" / name).read_bytes() for name in LATER}
    version = _digest(files | later, site_templates)
    env = environment()
    # the root and the app's pages (LISTGEN_TOUCH_ICON) name their Home Screen icon inline, as their favicon: an
    # icon fetch cut off by the next navigation is reported by Firefox as a failed service-worker interception
    touch_icon = "data:image/png;base64," + base64.b64encode(files["apple-touch-icon.png"]).decode("ascii")
    files["index.html"] = (
        env.get_template("site/index.html.j2").render(event=event, version=version, touch_icon=touch_icon).encode()
    )
    settings = {
        "version": version,
        "files": sorted(files),  # cached when the service worker is installed
        "later": {name: f"listgen/{name}" for name in sorted(later)},  # fetched at the first printout
        # what the service worker checks each file against before it caches or runs it (listgen-site.json's
        # sha256; sw.js itself is the one file the browser fetches unchecked, and it holds these)
        "sha256": {name: hashlib.sha256(data).hexdigest() for name, data in sorted((files | later).items())},
        "environ": _environ() | _published(files) | {"LISTGEN_TOUCH_ICON": touch_icon},
        "event": event,
    }
    files["sw.js"] = env.get_template("site/sw.js.j2").render(settings=settings).encode()
    files.update(later)
    manifest = {
        "listgen": __version__,
        "site": version,
        "pyodide": {"version": runtime.version, "from": runtime.url, "integrity": runtime.integrity},
        "python": versions,
        "examples": sorted(examples),
        "event": event,
        "files": {
            name: {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()} for name, data in files.items()
        },
    }
    files[MANIFEST] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    _write_folder(out, files)
    return SiteReport(
        folder=out,
        files={n: len(d) for n, d in files.items()},
        examples=sorted(examples),
        event=event,
        left_out=left_out,
        notes=notes,
    )


def static_files(static: Path) -> dict[str, bytes]:
    """The page's static files (app/static/, where its pages name them) as files of the site: checked and cached at
    the install with the rest, answered by the service worker from its cache (sw.js)."""
    return {f"app/static/{path.name}": path.read_bytes() for path in sorted(static.iterdir()) if path.is_file()}


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-192.png": (192, True),
         "apple-touch-icon.png": (180, False)}  # fmt: skip


def app_files(event: str | None) -> dict[str, bytes]:
    """What makes the site installable as an app (Chromium's install prompt, Android's Home Screen, an iPhone's
    Add to Home Screen): the web manifest, opening at the site's root, and its icons (PNG: an iPhone takes no SVG;
    a maskable one that a phone may cut to its own shape)."""
    from listgen.render.icon import icon_png

    name = f"{event}: listgen" if event else "listgen"
    manifest = {
        "name": name,
        "short_name": "listgen",
        "description": "Army lists built, checked and printed in your browser: nothing is sent anywhere.",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f2d3a",
        "icons": [
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
        ],
    }
    files = {file: icon_png(size, maskable) for file, (size, maskable) in ICONS.items()}
    files["manifest.webmanifest"] = (json.dumps(manifest, indent=1) + "\n").encode()
    return files


def published_printouts(folder: Path) -> dict[str, bytes]:
    """The folder's printouts its club publishes on the site (the ladder's PDF when its ladder.yaml says
    ``publish: true``), drawn at build time: the exports they are made from are an event's files, never on the
    site. SiteError with every problem, located, when the ladder cannot be made."""
    import io

    from listgen.events.ladder import LADDER_FILE, LadderError, read_ladder_file

    from .printouts import of_scope

    if not (folder / LADDER_FILE).is_file():
        return {}
    try:
        if not read_ladder_file(str(folder / LADDER_FILE)).publish:
            return {}
        published = {}
        for printout in of_scope("folder"):
            out = io.BytesIO()
            printout.printed_for_folder(folder, out, "a4")
            published[f"{printout.name}.pdf"] = out.getvalue()
        return published
    except LadderError as exc:
        raise SiteError("the club's ladder cannot be published:\n" + "\n".join(exc.problems)) from None


def _published(files: dict) -> dict:
    """What the page in the browser learns of the published printouts (web.browser.start: Site.published)."""
    from .printouts import of_scope

    names = [f"{p.name}.pdf" for p in of_scope("folder") if f"{p.name}.pdf" in files]
    return {"LISTGEN_PUBLISHED": ",".join(names)} if names else {}


def _digest(files: dict, templates: Path) -> str:
    """The site's version: a digest of every file and of the templates of its page and service worker."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    for path in sorted(templates.iterdir()):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def _environ() -> dict:
    """What the printouts in the browser take from the build: SOURCE_DATE_EPOCH, when set (reproducible sites)."""
    from listgen.output.files import source_date_epoch

    epoch = source_date_epoch()
    return {} if epoch is None else {"SOURCE_DATE_EPOCH": str(epoch)}


def _can_replace(out: Path) -> None:
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise SiteError(f"{out} is not a folder: give a folder for the site")
    if out.is_dir() and any(out.iterdir()) and not (out / MANIFEST).is_file():
        raise SiteError(f"{out} holds files and is not a listgen site: give an empty or new folder")


def _write_folder(out: Path, files: dict) -> None:
    """Write the site beside out, then rename it into place (the old site goes only once the new one is whole)."""
    parent = out.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".listgen-site-", dir=parent))
    except OSError as exc:
        raise SiteError(f"cannot write in {parent}: {exc.strerror or exc}") from None
    old = None
    try:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        staging.chmod(0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=".listgen-site-old-", dir=parent))
            out.rename(old / "site")
        staging.rename(out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if old is not None and not out.exists():
            (old / "site").rename(out)
        raise SiteError(f"cannot write the site into {out}: {exc.strerror or exc}") from None
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
