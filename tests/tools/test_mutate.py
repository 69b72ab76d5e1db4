"""The mutation harness (tools/mutate.py): which mutants it makes, that a seed fixes the sample,
and that it tells killed, survived, timeout and incompetent mutants apart, on a tiny repository
of its own (a few pytest runs of a one-line test)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from tools.mutate import child_env, main, make_copy, run_mutant
from tools.mutation_sites import Site, apply_site, find_sites, module_sites, sample_sites

ROOT = Path(__file__).resolve().parents[2]

SOURCE = '''\
from __future__ import annotations


def f(a: int, b: int = 1) -> bool:
    """Doc."""
    if not a == b and a < b:
        g(a)
    x = a + 2
    x -= b
    label = f"{a + 1}"
    return x > 0 or True
'''


def test_every_operator_and_nothing_else() -> None:
    """Operators as documented in tools/mutation_sites.py; annotations, docstrings and
    f-strings give no site."""
    got = [(s.line, s.operator, s.original, s.mutated) for s in module_sites(SOURCE, "m.py")]
    assert got == [
        (4, "constant", "1", "0"),
        (4, "constant", "1", "2"),
        (6, "not", "not a == b", "(a == b)"),
        (6, "boolean", "not a == b and a < b", "(not a == b or a < b)"),
        (6, "compare", "a == b", "(a != b)"),
        (6, "compare", "a < b", "(a <= b)"),
        (7, "delete call", "g(a)", "pass"),
        (8, "arithmetic", "a + 2", "(a - 2)"),
        (8, "constant", "2", "1"),
        (8, "constant", "2", "3"),
        (9, "arithmetic", "x -= b", "x += b"),
        (11, "return", "return x > 0 or True", "return None"),
        (11, "compare", "x > 0", "(x >= 0)"),
        (11, "boolean", "x > 0 or True", "(x > 0 and True)"),
        (11, "constant", "0", "(-1)"),
        (11, "constant", "0", "1"),
        (11, "constant", "True", "False"),
    ]


def test_a_site_applies_only_to_the_source_it_was_found_in() -> None:
    site = next(s for s in module_sites(SOURCE, "m.py") if s.mutated == "(a <= b)")
    assert "if not a == b and (a <= b):" in apply_site(SOURCE, site)
    with pytest.raises(ValueError, match="no longer reads"):
        apply_site(SOURCE.replace("a < b", "a > b"), site)


def test_the_seed_fixes_the_sample() -> None:
    sites = find_sites(ROOT, ["nemesis_env/games/not_alone/rules"])
    assert len(sites) > 200
    first = sample_sites(sites, 20, seed=0)
    assert sample_sites(find_sites(ROOT, ["nemesis_env/games/not_alone/rules"]), 20, 0) == first
    assert sample_sites(sites, 20, seed=1) != first
    assert first == sorted(first, key=lambda s: (s.path, s.line, s.col))
    assert sample_sites(sites[:5], 20, seed=0) == sites[:5]


# -- a tiny repository ----------------------------------------------------------------------
def tiny_repo(root: Path) -> Path:
    files = {
        "pkg/__init__.py": "",
        "pkg/small.py": "def add(a, b):\n    return a + b\n",
        "pkg/other.py": """\
            def flag():
                return True


            def spin(n):
                i = 0
                while i < n:
                    i += 1
                return i


            TABLE = (7,)[0]
            """,
        "tests/test_it.py": """\
            from pkg.other import spin
            from pkg.small import add


            def test_add():
                assert add(2, 3) == 5


            def test_spin():
                assert spin(3) == 3
            """,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # faster child runs
    return tiny_repo(tmp_path / "repo")


def pick(root: Path, where: str, mutated: str) -> Site:
    return next(s for s in find_sites(root, ["pkg"]) if s.where == where and s.mutated == mutated)


def test_each_outcome_is_told_apart(repo: Path, tmp_path: Path) -> None:
    copy_root = make_copy(repo, tmp_path / "copy")
    env = child_env(copy_root, repo)

    def status(site: Site, timeout: float = 60.0) -> str:
        return run_mutant(copy_root, site, ["tests"], timeout, sys.executable, env).status

    assert status(pick(repo, "pkg/other.py:2", "False")) == "survived"  # flag() is untested
    assert status(pick(repo, "pkg/other.py:8", "i -= 1"), timeout=2.0) == "timeout"
    assert status(pick(repo, "pkg/other.py:12", "1")) == "incompetent"  # IndexError on import
    broken = Site("pkg/small.py", 2, 4, 2, 16, "test", "return a + b", "return a +")
    assert status(broken) == "incompetent"  # does not compile: pytest never runs
    assert (copy_root / "pkg/other.py").read_text() == (repo / "pkg/other.py").read_text()


def test_the_command_writes_its_reports_and_leaves_the_tree_alone(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()}
    out = tmp_path / "out"
    argv = ["--root", str(repo), "--targets", "pkg/small.py", "--tests", "tests",
            "--sample", "5", "--seed", "0", "--timeout", "60", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    doc = json.loads((out / "mutation.json").read_text())
    assert doc["counts"] == {"killed": 2, "survived": 0, "timeout": 0, "incompetent": 0}
    assert doc["kill_rate"] == 1.0 and doc["sites_total"] == 2
    assert [(m["line"], m["operator"]) for m in doc["mutants"]] == [
        (2, "return"),
        (2, "arithmetic"),
    ]
    assert "**kill rate 100.0%**" in (out / "mutation.md").read_text()
    assert {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()} == before
    assert main(argv) == 2  # one report per folder
    assert "not empty" in capsys.readouterr().err
