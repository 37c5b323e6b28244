"""The hot modules, compiled with mypyc, and the switch back to plain Python.

A few modules carry nearly all of the CPU time of self-play, bots and scoring. ``make native``
(run by ``make test``, ``make serve`` and ``make bench``) compiles exactly these with mypyc, in
place: each ``.so`` lands beside its ``.py``, and Python's import system prefers the extension.
The source stays the one truth: the same files run as plain Python wherever no compiler is
found, and with ``OPENMAHJONG_PURE=1`` even where the extensions are built (the package's
``__init__`` then puts :class:`SourceFirst` in front of the import system).

    python -m openmahjong.native build    # compile if any listed source changed
    python -m openmahjong.native build --background   # the same, detached (make serve)
    python -m openmahjong.native current  # exit 0 when an up-to-date build is in place
    python -m openmahjong.native status   # which modules run compiled, and whether any is stale
    python -m openmahjong.native clean    # remove the extensions: plain Python everywhere

A build is stamped with a hash of the listed sources, the Python and the mypy version, so a
changed source is noticed (``stale``) however its file time was set (checkouts, copies).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "MODULES",
    "SourceFirst",
    "build",
    "build_in_background",
    "clean",
    "compiled",
    "current",
    "stale",
    "status",
]

#: The compiled modules, by import name. Each is typed and written so that mypyc helps it; a
#: module leaves this list if compiling it stops paying off (bench/ measures both ways). The
#: table modules go together: a compiled policy checks that its table is the compiled ``Table``.
MODULES: tuple[str, ...] = (
    "openmahjong.bots.mcr",
    "openmahjong.bots.riichi",
    "openmahjong.bots.safety",
    "openmahjong.hand.distance",
    "openmahjong.hand.improving",
    "openmahjong.hand.shanten",
    "openmahjong.hand.suit_tables",
    "openmahjong.table.claims",
    "openmahjong.table.kernel",
    "openmahjong.table.policy",
    "openmahjong.table.seat",
    "openmahjong.table.wall",
    "openmahjong.rules.mcr.detectors",
    "openmahjong.rules.mcr.principles",
    "openmahjong.rules.mcr.scoring",
    "openmahjong.rules.mcr.shapes",
    "openmahjong.rules.riichi.game.round",
    "openmahjong.rules.riichi.scoring",
    "openmahjong.rules.riichi.situations",
    "openmahjong.rules.riichi.tables",
)

SRC_DIR = Path(__file__).resolve().parents[1]
STAMP = SRC_DIR / "openmahjong" / ".native-build"
#: Held by the one build running in this tree: a second build waits for it, then finds it done.
LOCK = SRC_DIR / "openmahjong" / ".native-build.lock"
#: What a background build printed (make serve starts one when the build is missing or stale).
LOG = SRC_DIR / "openmahjong" / ".native-build.log"


def source_of(module: str) -> Path:
    return SRC_DIR.joinpath(*module.split(".")).with_suffix(".py")


def _extensions_of(module: str) -> list[Path]:
    source = source_of(module)
    return sorted(source.parent.glob(source.stem + ".*.so"))


def fingerprint() -> str:
    """What a build depends on: the listed sources, this Python and the mypy that compiles."""
    digest = hashlib.sha256()
    digest.update(sys.version.encode())
    try:
        from importlib.metadata import version

        digest.update(version("mypy").encode())
    except Exception:  # no mypy: nothing can be built, the fingerprint only has to be stable
        digest.update(b"no mypy")
    for module in MODULES:
        digest.update(module.encode())
        digest.update(source_of(module).read_bytes())
    return digest.hexdigest()


def compiled() -> dict[str, bool]:
    """Per listed module: whether importing it in this process gives the compiled extension."""
    out = {}
    for module in MODULES:
        loaded = importlib.import_module(module)
        out[module] = isinstance(
            getattr(loaded.__spec__, "loader", None), importlib.machinery.ExtensionFileLoader
        )
    return out


def built() -> bool:
    """Whether any compiled extension of a listed module is on disk."""
    return any(_extensions_of(m) for m in MODULES)


def stale() -> bool:
    """Extensions are on disk but were built from other sources than the ones here now: the
    process would run old code. ``make native`` rebuilds, ``make pure`` removes them."""
    if not built():
        return False
    try:
        return STAMP.read_text().strip() != fingerprint()
    except FileNotFoundError:
        return True


def current() -> bool:
    """An up-to-date build is in place: importing a listed module gives code built from the
    sources here now."""
    return built() and not stale()


@contextlib.contextmanager
def _exclusive() -> Iterator[None]:
    """One build at a time in this tree (mypyc's scratch folder and the extensions are shared);
    without ``fcntl`` (Windows) builds are not serialised."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with LOCK.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_in_background() -> None:
    """Start ``build`` in a detached process (its output goes to :data:`LOG`) and return at once:
    this process goes on as plain Python, the next one finds the compiled modules."""
    with LOG.open("w") as log:
        subprocess.Popen(
            [sys.executable, "-m", "openmahjong.native", "build"],
            cwd=SRC_DIR,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C on the server does not stop the build
        )


def clean() -> None:
    """Remove every extension and the shared library mypyc builds beside them."""
    for module in MODULES:
        for so in _extensions_of(module):
            so.unlink()
    for so in SRC_DIR.glob("*__mypyc.*.so"):
        so.unlink()
    for so in (SRC_DIR / "openmahjong").rglob("*.so"):  # a module that has left the list
        so.unlink()
    STAMP.unlink(missing_ok=True)


def build(*, force: bool = False) -> bool:
    """Compile the listed modules in place unless an up-to-date build is there. Returns whether
    the compiled modules are in place; on failure, removes any partial build (plain Python
    runs instead) and prints why."""
    with _exclusive():
        return _build_locked(force=force)


def _build_locked(*, force: bool) -> bool:
    if not force and current():
        return True
    clean()
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent)) or shutil.which("mypyc")
    if mypyc is None:
        print("native: mypyc is not installed; running as plain Python", file=sys.stderr)
        return False
    sources = [str(source_of(m).relative_to(SRC_DIR)) for m in MODULES]
    # The stamp names the sources as they were when mypyc read them: a source edited during the
    # build leaves the build stale (rebuilt next time), never marked current with old code.
    compiled_from = fingerprint()
    print(f"native: compiling {len(sources)} modules with mypyc (about a minute)", flush=True)
    # mypyc writes its C sources and objects under ./build; keep them out of the tree.
    scratch = SRC_DIR / "build"
    done = subprocess.run(
        [mypyc, *sources], cwd=SRC_DIR, capture_output=True, text=True, check=False
    )
    shutil.rmtree(scratch, ignore_errors=True)
    if done.returncode != 0:
        clean()
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        print(f"native: compiling failed; running as plain Python\n{tail}", file=sys.stderr)
        return False
    STAMP.write_text(compiled_from + "\n")
    return True


class SourceFirst:
    """A meta path finder that loads the listed modules from their ``.py`` files even where an
    extension sits beside them (``OPENMAHJONG_PURE=1``)."""

    def find_spec(self, name: str, path=None, target=None):  # noqa: ANN001, ANN201
        if name not in MODULES or not path:
            return None
        tail = name.rpartition(".")[2]
        for entry in path:
            candidate = os.path.join(entry, tail + ".py")
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(name, candidate)
        return None


def status() -> str:
    flags = compiled()
    lines = [f"{'compiled' if c else 'python  '}  {m}" for m, c in flags.items()]
    if os.environ.get("OPENMAHJONG_PURE"):
        lines.append("OPENMAHJONG_PURE is set: plain Python everywhere")
    elif stale():
        lines.append("STALE: the extensions were built from other sources; run `make native`")
    return "\n".join(lines)


def summary() -> str:
    """One line for benchmarks: how many of the listed modules this process runs compiled."""
    flags = compiled()
    n = sum(flags.values())
    mode = "plain Python" if n == 0 else "mypyc-compiled" if n == len(flags) else "partly compiled"
    return f"hot modules: {mode} ({n}/{len(flags)} compiled; OPENMAHJONG_PURE=1 for plain Python)"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "status"
    if command == "build" and "--background" in argv:
        build_in_background()
        print(
            "native: the compiled modules are missing or stale; this process serves as plain "
            f"Python while they build in the background (log: {LOG}); the next start runs them "
            "compiled",
            file=sys.stderr,
        )
        return 0
    if command == "current":
        return 0 if current() else 1
    if command == "build":
        ok = build(force="--force" in argv)
        # CI must test what users run: a build that fails there is an error, not a fallback.
        return 0 if ok or not os.environ.get("CI") else 1
    if command == "clean":
        clean()
        return 0
    if command == "status":
        print(status())
        return 1 if stale() and not os.environ.get("OPENMAHJONG_PURE") else 0
    if command == "list":
        print("\n".join(MODULES))
        return 0
    print(
        "usage: python -m openmahjong.native "
        "[build [--force | --background] | current | status | clean | list]"
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
