"""No import cycles among the project's modules (shared/DESIGN.md §1: imports flow one way).

The check is self-contained (it used to run ../shared/tools/import_cycles.py and skipped on a
clone without that folder next to it; a skip by default hides a regression). Imports under
`if TYPE_CHECKING:` do not run and are not edges; an edge from a module into a package that
contains it (its parent's __init__ re-exports) is not a cycle either.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("nemesis_env", "agents", "experiments")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node except those inside an `if TYPE_CHECKING:` block."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                hidden.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return [n for n in ast.walk(tree) if id(n) not in hidden]


def imported_names(node: ast.AST, package: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join([*parts, base] if base else parts)
        return [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return []


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    files = {module_name(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        edges: set[str] = set()
        for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            for name in imported_names(node, package):
                while name and name not in files:  # `from pkg import function` → pkg
                    name = name.rpartition(".")[0]
                if name and name != mod and not mod.startswith(name + "."):
                    edges.add(name)
        graph[mod] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def test_the_project_has_no_import_cycles() -> None:
    graph = import_graph(ROOT, PACKAGES)
    assert len(graph) > 100, "the scan found too few modules: is ROOT right?"
    assert not cycles(graph), f"import cycles (break them): {[sorted(c) for c in cycles(graph)]}"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_check_finds_a_cycle_and_ignores_what_does_not_run(tmp_path: Path) -> None:
    """The checker itself: a three-module loop through a relative import is found; a
    TYPE_CHECKING import and a child importing its parent package are not cycles."""
    write(tmp_path / "pkg" / "__init__.py", "from .a import thing\n")
    write(tmp_path / "pkg" / "a.py", "from pkg.b import other\nthing = 1\n")
    write(tmp_path / "pkg" / "b.py", "from . import c\nother = 2\n")
    write(tmp_path / "pkg" / "c.py", "import pkg.a\n")
    write(
        tmp_path / "pkg" / "d.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.e\n",
    )
    write(tmp_path / "pkg" / "e.py", "import pkg.d\n")
    found = cycles(import_graph(tmp_path, ("pkg",)))
    assert found == [{"pkg.a", "pkg.b", "pkg.c"}]
