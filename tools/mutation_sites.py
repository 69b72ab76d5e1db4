"""Where a Python module can be mutated, and the mutated source text: small, classic operators
found with `ast`, applied as a text replacement of one node's source segment so the rest of the
file (comments, layout, line numbers) is unchanged.

Operators: `==`/`!=`, `<`/`<=`, `>`/`>=` swapped; `+`/`-` swapped (also in `+=`/`-=`); `and`/
`or` swapped; `True`/`False` swapped; an integer constant plus or minus 1; a `not` removed;
`return <value>` made `return None`; a statement that is only a call deleted (made `pass`).
Annotations and f-strings are skipped: annotations are not evaluated here (`from __future__
import annotations`), and Python 3.11 gives nodes inside f-strings no reliable positions.
"""

from __future__ import annotations

import ast
import copy
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
}
ARITH_SWAPS: dict[type[ast.operator], type[ast.operator]] = {ast.Add: ast.Sub, ast.Sub: ast.Add}
BOOL_SWAPS: dict[type[ast.boolop], type[ast.boolop]] = {ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Site:
    """One mutant: replace the source between (line, col) and (end_line, end_col) (1-based
    lines, UTF-8 byte columns, as `ast` gives them) of `path`, which reads `original`, with
    `mutated`. `path` is relative to the repository root, with forward slashes."""

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    operator: str
    original: str
    mutated: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def describe(self) -> str:
        return f"{self.operator}: `{_one_line(self.original)}` -> `{_one_line(self.mutated)}`"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _one_line(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _byte_offset(data: bytes, line: int, col: int) -> int:
    """Offset in `data` of 1-based `line`, byte column `col` (ast's convention)."""
    offset = 0
    for _ in range(line - 1):
        offset = data.index(b"\n", offset) + 1
    return offset + col


def segment(source: str, site: Site) -> str:
    data = source.encode()
    start = _byte_offset(data, site.line, site.col)
    return data[start : _byte_offset(data, site.end_line, site.end_col)].decode()


def apply_site(source: str, site: Site) -> str:
    """`source` with the mutant applied; refuses a source whose segment is no longer the one
    the site was found on (the file changed since)."""
    data = source.encode()
    start = _byte_offset(data, site.line, site.col)
    end = _byte_offset(data, site.end_line, site.end_col)
    if data[start:end].decode() != site.original:
        raise ValueError(f"{site.where}: the source no longer reads {site.original!r}")
    return (data[:start] + site.mutated.encode() + data[end:]).decode()


class _Finder(ast.NodeVisitor):
    """Collects the sites of one module, in source order of the nodes visited."""

    def __init__(self, source: str, path: str) -> None:
        self.source, self.path = source, path
        self.sites: list[Site] = []

    def add(self, node: ast.expr | ast.stmt, operator: str, mutated: str) -> None:
        assert node.end_lineno is not None and node.end_col_offset is not None
        site = Site(
            self.path,
            node.lineno,
            node.col_offset,
            node.end_lineno,
            node.end_col_offset,
            operator,
            "",
            mutated,
        )
        original = segment(self.source, site)
        if original != mutated:
            self.sites.append(Site(**{**asdict(site), "original": original}))

    def expr(self, node: ast.expr, operator: str, new: ast.expr) -> None:
        # parenthesized, so the replacement binds as the node did wherever it sits
        self.add(node, operator, f"({ast.unparse(new)})")

    # -- skipped parts: annotations and f-strings ----------------------------------------
    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for child in [*node.decorator_list, *node.args.defaults, *node.body]:
            self.visit(child)
        for default in node.args.kw_defaults:
            if default is not None:
                self.visit(default)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return

    # -- operators --------------------------------------------------------------------------
    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            swap = COMPARE_SWAPS.get(type(op))
            if swap is not None:
                new = copy.deepcopy(node)
                new.ops[i] = swap()
                self.expr(node, "compare", new)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = ARITH_SWAPS.get(type(node.op))
        if swap is not None:
            self.expr(node, "arithmetic", ast.BinOp(node.left, swap(), node.right))
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = ARITH_SWAPS.get(type(node.op))
        if swap is not None:
            new = ast.AugAssign(node.target, swap(), node.value)
            self.add(node, "arithmetic", ast.unparse(new))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self.expr(node, "boolean", ast.BoolOp(BOOL_SWAPS[type(node.op)](), node.values))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.expr(node, "not", node.operand)
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, bool):
            self.add(node, "constant", str(not node.value))
        elif isinstance(node.value, int):
            self.add(node, "constant", str(node.value + 1))
            self.add(node, "constant", str(node.value - 1) if node.value > 0 else "(-1)")

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None
        ):
            self.add(node, "return", "return None")
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Call):
            self.add(node, "delete call", "pass")
        self.generic_visit(node)


def module_sites(source: str, path: str) -> list[Site]:
    """Every site of one module's source, sorted by position then text."""
    finder = _Finder(source, path)
    finder.visit(ast.parse(source, filename=path))
    return sorted(finder.sites, key=lambda s: (s.line, s.col, s.end_line, s.end_col, s.mutated))


def python_files(root: Path, targets: list[str]) -> list[Path]:
    """The .py files under `targets` (files or folders, relative to `root`), sorted."""
    files: set[Path] = set()
    for target in targets:
        path = root / target
        if path.is_file() and path.suffix == ".py":
            files.add(path)
        elif path.is_dir():
            files.update(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
        else:
            raise ValueError(f"{target}: not a Python file or folder under {root}")
    return sorted(files)


def find_sites(root: Path, targets: list[str]) -> list[Site]:
    sites: list[Site] = []
    for file in python_files(root, targets):
        rel = file.relative_to(root).as_posix()
        sites += module_sites(file.read_text(encoding="utf-8"), rel)
    return sites


def sample_sites(sites: list[Site], count: int, seed: int) -> list[Site]:
    """`count` sites drawn without replacement by `random.Random(seed)` (all when fewer),
    returned in file and position order: the same sources and seed give the same sample."""
    if count >= len(sites):
        return list(sites)
    picked = random.Random(seed).sample(range(len(sites)), count)
    return [sites[i] for i in sorted(picked)]
