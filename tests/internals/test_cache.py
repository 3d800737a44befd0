"""The cache never stops a command (issue 12): unusable, read-only, missing and damaged caches.

Subprocess tests run pokercli with their own cache directory; as root (where
chmod cannot make a directory read-only) a read-only cache is simulated by
making pokercli's writability probe fail, and the tests check that nothing in
the directory changes. Compiled code never lands beside the sources.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pokercli

PACKAGE = Path(pokercli.__file__).parent
AA_KK = '"wins": 1410336'
#: A command that compiles and runs enumeration kernels (with hand types counted,
#: a heads-up preflop spot is enumerated, not read from the shipped table of deals).
HEAVY = ("equity", "AsAh", "KsKh", "--categories")


def strict_json(text: str):
    """Parse JSON refusing NaN and Infinity, as strict parsers do."""
    def bad(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=bad)


def beside_sources() -> set:
    return {p for p in PACKAGE.rglob("*") if p.suffix in (".nbi", ".nbc")}


def tree(path: Path) -> dict:
    """Every file below ``path`` with its size and modification time."""
    return {str(p.relative_to(path)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in path.rglob("*") if p.is_file()}


def run_with(env: dict, *args, patch: str = ""):
    """``pokercli ARGS`` in a fresh interpreter with ``env``; ``patch`` is Python
    run first (to simulate what root cannot: a read-only directory)."""
    code = (f"{patch}\nimport sys\nsys.argv = ['pokercli', *{list(map(str, args))!r}]\n"
            "from pokercli.cli import main\nmain()\n")
    full = {k: v for k, v in os.environ.items() if k not in ("POKERCLI_CACHE_DIR", "NUMBA_CACHE_DIR")}
    full.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                          timeout=600)


READ_ONLY = ("import pokercli.paths as P\n"
             "P._try_writable = lambda path: 'Read-only file system'\n")
NO_TEMP = READ_ONLY + "P._private_temp = lambda: None\n"


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory) -> Path:
    """A cache directory holding what the heavy commands of these tests need:
    a copy of the suite's own cache once those commands have run on it (they
    compile there only what no test has yet, and a fresh directory of their
    own would compile it all again, on every run)."""
    import shutil

    from pokercli._kernels import jit
    from pokercli.paths import cache

    path = tmp_path_factory.mktemp("warm")
    suite = cache()
    if suite.path is None or not suite.writable:  # (a suite run with no cache of its own): fill this one
        suite = type(suite)(path, True)
    for args in (HEAVY, ("draw", "As Ks Qs Js 2d")):
        assert run_with({"POKERCLI_CACHE_DIR": str(suite.path)}, *args).returncode == 0
    if suite.path != path:
        for f in suite.path.iterdir():  # the tables, and this version's kernels alone (not a user's old ones)
            if f.is_file() and not f.name.endswith((".lock", ".tmp")):
                shutil.copy(f, path)
        shutil.copytree(jit._NUMBA_DIR, path / jit._NUMBA_DIR.relative_to(suite.path),
                        ignore=shutil.ignore_patterns("*.lock", "*.tmp*"))
    return path


def seeded(warm: Path, path: Path, *, tables: bool = True) -> Path:
    """``path`` holding a copy of the warm cache (compiled kernels), with or
    without the lookup tables, so that a test compiles only what it is about."""
    import shutil

    shutil.copytree(warm, path, dirs_exist_ok=True)
    if not tables:
        (path / "tables-v2.npz").unlink()
    return path


# --- 1. an unusable cache directory ---------------------------------------------------

def test_uncreatable_cache_falls_back_to_a_private_temporary_directory(tmp_path, warm_cache):
    before = beside_sources()
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir(mode=0o700)
    seeded(warm_cache, private, tables=False)
    env = {"POKERCLI_CACHE_DIR": "/dev/null/pokercli", "TMPDIR": str(tmp_path)}
    for _ in range(2):  # the first run builds the tables there, the second reads them
        r = run_with(env, *HEAVY, "--json")
        assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
        warnings = [l for l in r.stderr.splitlines() if "warning" in l]
        assert len(warnings) == 1 and "/dev/null/pokercli" in warnings[0]
        assert str(private) in warnings[0] and "Traceback" not in r.stderr
        assert (private / "tables-v2.npz").exists()
    assert "compiling" not in r.stderr and "building" not in r.stderr
    assert beside_sources() == before


def test_a_temporary_directory_someone_else_can_write_is_not_used(tmp_path):
    """A ``pokercli-<uid>`` that others can write (planted cache files would be
    unpickled) is refused: everything is built in memory instead."""
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir()
    private.chmod(0o777)
    r = run_with({"POKERCLI_CACHE_DIR": "/dev/null/pokercli", "TMPDIR": str(tmp_path)},
                 "rank", "As Ks Qs Js Ts", "--json")
    assert r.returncode == 0 and "in memory" in r.stderr and list(private.iterdir()) == []


def test_missing_home_directory_is_not_created(tmp_path, warm_cache):
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir(mode=0o700)
    seeded(warm_cache, private)
    home = tmp_path / "gone" / "home"
    env = {"HOME": str(home), "XDG_CACHE_HOME": "", "TMPDIR": str(tmp_path)}
    r = run_with(env, *HEAVY, "--json")
    assert r.returncode == 0 and AA_KK in r.stdout and f"{home} does not exist" in r.stderr
    assert not (tmp_path / "gone").exists()


def _read_only(path: Path):
    """Make ``path`` read-only for real (not root) or by patching pokercli's probe
    (root, whom chmod does not stop). Returns (patch, restore)."""
    if os.geteuid() == 0:
        return READ_ONLY, lambda: None
    modes = {p: p.stat().st_mode for p in [path, *path.rglob("*")] if p.is_dir()}
    for p in modes:
        p.chmod(0o555)
    return "", lambda: [p.chmod(m) for p, m in modes.items()]


def test_read_only_complete_cache_is_used_as_it_is(warm_cache):
    before = tree(warm_cache)
    patch, restore = _read_only(warm_cache)
    try:
        r = run_with({"POKERCLI_CACHE_DIR": str(warm_cache)}, *HEAVY, "--json",
                     patch=patch)
    finally:
        restore()
    assert r.returncode == 0 and AA_KK in r.stdout
    assert r.stderr == ""  # complete: nothing to say, nothing compiled
    assert tree(warm_cache) == before


def test_read_only_incomplete_cache_compiles_in_memory(tmp_path):
    cache = tmp_path / "empty"
    cache.mkdir()
    patch, restore = _read_only(cache)
    try:
        r = run_with({"POKERCLI_CACHE_DIR": str(cache), "TMPDIR": str(tmp_path)},
                     *HEAVY, "--json", patch=patch)
    finally:
        restore()
    assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
    warnings = [l for l in r.stderr.splitlines() if "warning" in l]
    assert len(warnings) == 1 and "read-only" in warnings[0] and "in memory" in warnings[0]
    assert "this run only" in r.stderr
    assert tree(cache) == {}


def test_no_usable_directory_at_all_compiles_in_memory(tmp_path):
    before = beside_sources()
    r = run_with({"POKERCLI_CACHE_DIR": str(tmp_path / "x"), "TMPDIR": str(tmp_path)},
                 *HEAVY, "--json", patch=NO_TEMP)
    assert r.returncode == 0 and AA_KK in r.stdout
    warnings = [l for l in r.stderr.splitlines() if "warning" in l]
    assert len(warnings) == 1 and "in memory" in warnings[0]
    assert tree(tmp_path) == {} and beside_sources() == before


# --- 5. a damaged cache ---------------------------------------------------------------

def _garble(path: Path, cut: bool) -> None:
    data = bytearray(path.read_bytes())
    if cut:
        path.write_bytes(bytes(data[:len(data) // 3]))
    else:
        data[len(data) // 2] ^= 0x5A
        path.write_bytes(bytes(data))


@pytest.mark.parametrize("victim,cut", [("*showdown.boards5-*.nbi", True), ("*showdown.boards5-*.nbc", False),
                                        ("tables-v2.npz", False), ("tables-v2.npz", True)])
def test_damaged_cache_files_are_rebuilt_and_said_once(tmp_path, warm_cache, victim, cut):
    env = {"POKERCLI_CACHE_DIR": str(seeded(warm_cache, tmp_path))}
    files = sorted(tmp_path.rglob(victim))
    assert files
    for f in files:
        _garble(f, cut)
    r = run_with(env, *HEAVY, "--json")
    assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
    assert len([l for l in r.stderr.splitlines() if "damaged; rebuilding" in l]) == 1
    again = run_with(env, *HEAVY, "--json")
    assert again.returncode == 0 and again.stderr == ""  # rebuilt and saved


def test_damaged_score_list_is_detected_even_when_it_still_parses(tmp_path, warm_cache):
    """One digit changed in the list of 7,462 values: the checksum notices."""
    env = {"POKERCLI_CACHE_DIR": str(seeded(warm_cache, tmp_path))}
    f = tmp_path / "scores-v2.txt"
    text = f.read_text()
    f.write_text(text.replace("\n6", "\n7", 1))
    r = run_with(env, "rank", "As Ks Qs Js Ts", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["class"] == 1
    assert "damaged" in r.stderr and f.read_text() == text


# --- where compiled code goes, and when it is compiled again ---------------------------

def test_compiled_code_goes_to_the_cache_dir_only(tmp_path):
    """Even when Numba is imported first, kernels are cached under POKERCLI_CACHE_DIR."""
    import pokercli

    package = Path(pokercli.__file__).parent
    before = {p for p in package.rglob("*") if p.suffix in (".nbi", ".nbc")}
    code = ("import logging, numba, numpy as np\n"
            "logging.basicConfig(level=logging.INFO)  # the library's progress notices are INFO\n"
            "from pokercli import evaluate as E\n"
            "print(int(E.scores(np.array([[0, 1, 2, 3, 4, 5, 6]], np.int8))[0]))\n")
    env = {k: v for k, v in __import__("os").environ.items() if k != "NUMBA_CACHE_DIR"}
    env["POKERCLI_CACHE_DIR"] = str(tmp_path)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert "compiling" in r.stderr  # a fresh cache says what it is doing
    after = {p for p in package.rglob("*") if p.suffix in (".nbi", ".nbc")}
    assert after == before
    assert list(tmp_path.rglob("*.nbi")) and (tmp_path / "tables-v2.npz").exists()


def test_numba_cache_follows_every_kernel_source(tmp_path):
    """Numba checks only a kernel's own file for staleness; pokercli names its cache
    directory after every module of pokercli/_kernels, so a change to an inlined
    helper recompiles the kernels that use it. Every module that compiles
    kernels lives there."""
    import pokercli
    from pokercli._kernels import jit as _jit

    package = Path(pokercli.__file__).parent
    compiling = {p for p in package.rglob("*.py") if "from pokercli._kernels.jit import jit" in p.read_text()}
    sources = _jit.kernel_sources()
    kernels = package / "_kernels"
    assert compiling and compiling <= set(sources) and all(kernels in p.parents for p in sources)
    assert any(p.parent != kernels for p in sources)  # the family folders (omaha/) count too
    copies = [tmp_path / p.relative_to(kernels) for p in sources]
    for path, copy in zip(sources, copies):
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(path.read_bytes())
    assert _jit._sources_digest(tmp_path) == _jit._sources_digest()
    seen = {_jit._sources_digest(tmp_path)}
    for copy in copies:
        with open(copy, "a") as f:
            f.write("\n# edited\n")
        seen.add(_jit._sources_digest(tmp_path))
    assert len(seen) == len(sources) + 1


def test_another_copy_of_the_same_sources_loads_the_kernels_compiled_by_the_first(tmp_path, warm_cache):
    """A second copy of the package (as a checkout beside an installed copy, or
    a reinstall: other paths, new file times, the same sources) finds the
    kernels the first compiled: it compiles nothing and adds no file to the
    cache (Numba alone files a kernel by its source file's path and time)."""
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(PACKAGE, copy / "pokercli", copy_function=shutil.copy,  # (shutil.copy: new times)
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert (copy / "pokercli" / "_kernels" / "jit.py").stat().st_mtime != (PACKAGE / "_kernels" / "jit.py").stat().st_mtime
    cache_dir = seeded(warm_cache, tmp_path / "cache")
    before = tree(cache_dir)
    this_copy = (f"import sys\nsys.path.insert(0, {str(copy)!r})\nimport pokercli\n"
                 f"assert pokercli.__file__.startswith({str(copy)!r}), pokercli.__file__\n")
    r = run_with({"POKERCLI_CACHE_DIR": str(cache_dir)}, *HEAVY, "--json", patch=this_copy)
    assert r.returncode == 0, r.stderr
    assert AA_KK in r.stdout and "compil" not in r.stderr
    assert {p for p in tree(cache_dir) if p.endswith((".nbi", ".nbc"))} == \
        {p for p in before if p.endswith((".nbi", ".nbc"))}
    # this package's kernels are filed by their folder in the package (in a folder of the Numba version,
    # which Numba's index is written for), not by the copy's path
    import numba

    folders = {tuple(p.split("/")[2:-1]) for p in before if p.startswith("numba/") and p.endswith(".nbi")}
    assert (f"numba-{numba.__version__}", "kernels") in folders
    assert not [f for f in folders if f[0].startswith("_kernels_")]


def test_a_damaged_shipped_table_says_reinstall(monkeypatch):
    """The shipped heads-up table is not a cache: when it is damaged (not a zip
    archive), the one line says which file and to reinstall, whatever failed."""
    import io

    import pytest

    from pokercli import preflop_lookup as L

    class Damaged:
        def joinpath(self, name):
            return self

        def open(self, mode):
            return io.BytesIO(b"PK\x03\x04 not a whole archive")

    monkeypatch.setattr(L.resources, "files", lambda package: Damaged())
    L.data.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=r"data/preflop_headsup.npz is damaged .*; reinstall pokercli"):
            L.data()
    finally:
        L.data.cache_clear()


@pytest.mark.parametrize("payload,why", [
    (b"PK\x03\x04 not a whole archive", "BadZipFile"),
    ("edited", "checksum"),
])
def test_the_light_table_reader_refuses_a_damaged_table(monkeypatch, payload, why):
    """The NumPy-free reader of one heads-up deal (:mod:`pokercli.preflop_pairs`)
    refuses a damaged table as the NumPy reader does: not a zip archive, or one
    whose numbers no longer match its checksum."""
    import io
    import zipfile

    from pokercli import preflop_pairs as P

    if payload == "edited":  # the real table with one count changed
        source = io.BytesIO(P.resources.files("pokercli").joinpath("data/preflop_headsup.npz").read_bytes())
        out = io.BytesIO()
        with zipfile.ZipFile(source) as zin, zipfile.ZipFile(out, "w") as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if item.filename == "wins.npy":
                    data = data[:-1] + bytes([data[-1] ^ 1])
                zout.writestr(item, data)
        payload = out.getvalue()

    class Damaged:
        def joinpath(self, name):
            return self

        def open(self, mode):
            return io.BytesIO(payload)

    monkeypatch.setattr(P.resources, "files", lambda package: Damaged())
    P.table.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=rf"data/preflop_headsup.npz is damaged \({why}.*; reinstall pokercli"):
            P.pair_counts((0, 1), (2, 3))
    finally:
        P.table.cache_clear()


def test_the_light_table_reader_agrees_with_numpy_and_imports_neither():
    """Every row the NumPy reader gives, the light one gives; and a hand against
    a hand on the command line imports neither NumPy nor Numba."""
    import random
    import subprocess
    import sys

    from pokercli import preflop_lookup as L
    from pokercli import preflop_pairs as P

    codes, wins, ties = L.data()
    light = P.table()
    assert [list(a) for a in light] == [codes.tolist(), wins.tolist(), ties.tolist()]
    combos = L.all_combos().tolist()
    rng = random.Random(4)
    for _ in range(2000):
        i, j = rng.sample(range(len(combos)), 2)
        if set(combos[i]) & set(combos[j]):
            continue
        assert P.pair_counts(tuple(combos[i]), tuple(combos[j])) == L.pair_counts(i, j)
    code = ("import sys; from pokercli.cli import main; sys.argv = ['pokercli', 'equity', 'AsAh', 'KsKh']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "1,712,304 boards" in r.stdout and r.stdout.strip().endswith("[]"), r.stdout + r.stderr


def test_a_cold_cache_compiles_the_table_builder_and_no_sampler(tmp_path):
    """On an empty cache, building the evaluator's tables loads Numba (their
    perfect hash is placed by a kernel); the small jobs after it are still
    taken by the light paths instead of compiling their own kernels (which
    made a first ``--monte-carlo`` 5 s instead of 3): a one-off Monte Carlo,
    then a range spot and a hand against random on a flop, each answered as a
    warm process answers it."""
    code = ("import json, re, sys\n"
            "import pokercli\n"
            "from pokercli._kernels import jit\n"
            "mc = pokercli.equity(['AsAh', 'KsKh'], method='monte-carlo', seed=7)\n"
            "ranges = pokercli.equity(['QQ+,AKs', 'JJ-99,AQs+'], 'Kd 7c 2h')\n"
            "rnd = pokercli.equity(['AsKs', 'random'], 'Kd 7c 2h')\n"
            "print(json.dumps([[p.wins, p.ties] for r in (mc, ranges, rnd) for p in r.players]))\n"
            "print(sorted(k.py_func.__name__ for k in jit._warm))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("POKERCLI_CACHE_DIR", "NUMBA_CACHE_DIR")}
    env["POKERCLI_CACHE_DIR"] = str(tmp_path / "cold")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    counts, loaded = r.stdout.splitlines()
    assert loaded == "['place_rows']"  # every kernel this process loaded (here, compiled)
    mc = pokercli.equity(["AsAh", "KsKh"], method="monte-carlo", seed=7)
    ranges = pokercli.equity(["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h")
    rnd = pokercli.equity(["AsKs", "random"], "Kd 7c 2h")
    assert json.loads(counts) == [[p.wins, p.ties] for r in (mc, ranges, rnd) for p in r.players]


def test_a_jobs_seconds_leave_out_loading_and_compiling_kernels(monkeypatch):
    """A first run's reported seconds once held its compilation (14.8 s against
    0.28 s warm): the time spent preparing kernels meanwhile is taken out."""
    import time

    from pokercli import timing

    clock = timing.Clock()
    t0 = time.perf_counter()
    monkeypatch.setattr(timing, "PREPARING", [timing.PREPARING[0] + 30.0])  # as if 30 s went to compiling
    time.sleep(0.05)
    assert clock.seconds() == 0.0  # the job's own time is the rest: none, here
    later = timing.Clock()
    time.sleep(0.05)
    assert 0.05 <= later.seconds() <= time.perf_counter() - t0


def test_preparing_a_kernel_is_counted(monkeypatch):
    from pokercli import timing
    from pokercli._kernels import jit

    before = timing.PREPARING[0]
    jit._prepare(lambda: None, ())  # a plain function (as under NUMBA_DISABLE_JIT): nothing to do
    assert timing.PREPARING[0] >= before


def test_a_kernel_numba_fails_to_serialize_is_said_once_and_not_fatal(monkeypatch):
    """Saving a compiled kernel can fail inside Numba (once, under load: a
    RuntimeError "no compiled object yet" from its serializer, which ended a
    push/fold command): the kernel is compiled and in use already, so the
    failure is one warning, never an error."""
    import logging

    from numba.core import caching

    from pokercli import paths
    from pokercli._kernels import jit
    from pokercli._kernels.run_pairs import run_totals

    assert isinstance(run_totals._cache, jit._KernelCache) and jit.cache().writable

    def refuse(self, sig, data):
        raise RuntimeError("no compiled object yet for <Library 'run_totals'>")

    class Kept(logging.Handler):  # on the library's logger itself: the CLI's tests may stop its propagation
        def __init__(self):
            super().__init__(logging.WARNING)
            self.messages = []

        def emit(self, record):
            self.messages.append(record.getMessage())

    kept = Kept()
    monkeypatch.setattr(caching.FunctionCache, "save_overload", refuse)
    monkeypatch.setattr(paths, "_warned", set())
    paths.LOG.addHandler(kept)
    try:
        run_totals._cache.save_overload((), None)
        run_totals._cache.save_overload((), None)
    finally:
        paths.LOG.removeHandler(kept)
    said = [m for m in kept.messages if "cannot save compiled kernels" in m]
    assert len(said) == 1 and "compiled again next time" in said[0]


def test_two_processes_on_an_empty_cache_compile_each_kernel_once(tmp_path):
    """Two commands started together on an empty cache: the second waits for the
    first's compile of a kernel (a lock beside the cached code) and loads it,
    so each kernel's "compiling" notice appears once between them; both
    answer alike."""
    args = ("equity", "AsKs", "QhQd", "random", "--board", "2c 7d 9h", "--json")
    env = {k: v for k, v in os.environ.items() if k not in ("POKERCLI_CACHE_DIR", "NUMBA_CACHE_DIR")}
    env["POKERCLI_CACHE_DIR"] = str(tmp_path)
    procs = [subprocess.Popen([sys.executable, "-m", "pokercli", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for _ in range(2)]
    done = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], done
    compiled = [line for _, err in done for line in err.splitlines() if line.startswith("pokercli: compiling ")]
    names = [line.split()[2] for line in compiled]
    assert names and len(names) == len(set(names)), compiled
    counts = [[(p["wins"], p["ties"], p["total"]) for p in strict_json(out)["players"]] for out, _ in done]
    assert counts[0] == counts[1]
