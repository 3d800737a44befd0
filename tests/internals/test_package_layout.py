"""How the package is laid out: what the library raises is listed in one module."""

from __future__ import annotations

import ast
from pathlib import Path

import pokercli

PACKAGE = Path(pokercli.__file__).parent


def test_every_poker_error_subclass_is_in_errors_py():
    """One place lists what the library raises: PokerError and its subclasses."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    getattr(b, "id", getattr(b, "attr", "")) == "PokerError" or
                    getattr(b, "id", getattr(b, "attr", "")).endswith("Error") for b in node.bases):
                found.append((path.relative_to(PACKAGE).as_posix(), node.name))
    assert found and all(where == "errors.py" for where, _ in found), found


def _imports(path: Path, module: str, modules: set[str]) -> set[str]:
    """The package modules ``module`` (at ``path``) imports, anywhere in it (inside
    functions too), except under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for sub in node.body for n in ast.walk(sub)}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def known(name: str):
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package
                for _ in range(node.level - 1):
                    up = up.rpartition(".")[0]
                base = f"{up}.{base}" if base else up
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            names = subs if len(subs) == len(node.names) else [base, *subs]
        found |= {m for m in map(known, (n for n in names if n.startswith("pokercli"))) if m and m != module}
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    paths = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("pokercli", *path.relative_to(PACKAGE).with_suffix("").parts)
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return {m: _imports(p, m, set(paths)) for m, p in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_has_no_cycles():
    graph = import_graph()
    assert len(graph) > 80 and "pokercli.games.rules" in graph["pokercli.games.game"]
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_uses_another_modules_private_names():
    """A name with a leading underscore stays in its module: neither imported
    from it nor read through it by another module of the package."""
    modules = set(import_graph())
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pokercli"):
                for a in node.names:
                    if a.name.startswith("_") and not a.name.startswith("__"):
                        found.append(f"{path.name}:{node.lineno}: {a.name}")
                    if f"{node.module}.{a.name}" in modules:
                        aliases[a.asname or a.name] = True
            elif isinstance(node, ast.Import):
                aliases.update({(a.asname or a.name): True for a in node.names if a.name.startswith("pokercli")})
        found += [f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                  and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
                  and node.value.id in aliases]
    assert found == []


def test_library_notices_go_through_logging_not_stderr():
    """Only the command line and the output layer write to stderr (and the batch
    readers, whose bad-line reports are their output); the library's notices go
    to the "pokercli" logger, which the CLI prints."""
    writers = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                     if "sys.stderr.write" in p.read_text(encoding="utf-8"))
    assert all(w.startswith(("cli/", "render/")) or w == "batch.py" for w in writers), writers


def test_a_library_warning_is_a_log_record_and_the_cli_prints_it(cli, monkeypatch):
    import logging

    from pokercli import paths

    class Keep(logging.Handler):
        def __init__(self):
            super().__init__()
            self.records = []

        def emit(self, record):
            self.records.append(record)

    keep = Keep()
    log = logging.getLogger("pokercli")
    monkeypatch.setattr(paths, "_warned", set())
    log.addHandler(keep)
    try:
        paths.warn_once("test", "warning: something to say")
        paths.warn_once("test", "warning: something to say")
    finally:
        log.removeHandler(keep)
    assert [(r.name, r.levelname, r.getMessage()) for r in keep.records] == [
        ("pokercli", "WARNING", "warning: something to say")]
    # the CLI's handler prints notices in the running command's flags
    monkeypatch.setenv("POKERCLI_THREADS", "many")
    code, out, err = cli("equity", "AsAh", "KsKh", "QdJd", "--board", "2c 3d 4h")
    assert code == 0 and "pokercli: warning: POKERCLI_THREADS='many' is not a whole number" in err
