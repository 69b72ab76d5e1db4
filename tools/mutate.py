"""Mutation testing: does the test suite notice when the code is wrong?

    python -m tools.mutate --targets nemesis_env/games/not_alone/rules experiments \\
        --sample 200 --seed 0 --tests "tests/not_alone tests/experiments" --timeout 120 \\
        --out runs/mutation/

Sites come from tools.mutation_sites (classic operator swaps, constants, `not`, `return None`,
deleted calls), sampled deterministically from `--seed`. Every mutant is applied in ONE
temporary copy of the repository (the working tree is never written), the given pytest
selection runs there with `-x -q -p no:cacheprovider` under a timeout, and the mutant is:

- killed: a test failed (pytest exit code 1);
- survived: every test passed (exit code 0): a test is missing, or the mutant is equivalent;
- timeout: still running after `--timeout` seconds (counted with the killed ones: the suite
  noticed, if slowly);
- incompetent: it does not compile, or pytest could not run (import or collection error,
  any other exit code).

Kill rate = (killed + timeout) / (all - incompetent). `--out` gets mutation.json and
mutation.md (survivors with file:line and the change). Before any mutant, the unmutated copy
must pass the selection, and the targets must import from the copy, not from elsewhere.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tools.mutation_report import STATUSES, Outcome, write_reports
from tools.mutation_sites import Site, apply_site, find_sites, sample_sites

SKIP_COPY = {
    ".git",
    ".venv",
    "runs",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "build",
    "dist",
}


class HarnessError(Exception):
    """The harness cannot give a trustworthy answer (bad arguments, a failing baseline, code
    imported from outside the copy)."""


# -- the copy ---------------------------------------------------------------------------------
def repo_files(root: Path) -> list[Path]:
    """Files to copy: git's tracked and untracked-but-not-ignored files when `root` is a git
    checkout (the tests see what a commit would hold), else every file minus caches."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout
        names = [n for n in out.decode().split("\0") if n]
        return [Path(n) for n in names if (root / n).is_file()]
    except (OSError, subprocess.CalledProcessError):
        return [
            p.relative_to(root)
            for p in root.rglob("*")
            if p.is_file() and not SKIP_COPY & set(p.relative_to(root).parts)
        ]


def make_copy(root: Path, dest: Path) -> Path:
    copy_root = dest / root.resolve().name
    for rel in repo_files(root):
        target = copy_root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)
    return copy_root


def child_env(copy_root: Path, root: Path) -> dict[str, str]:
    """The environment for pytest in the copy: the copy first on the path, the original tree
    off it, and no bytecode written (a same-size mutant within the same second as the last
    write would otherwise reuse a stale .pyc)."""
    env = dict(os.environ)
    original = os.path.realpath(root)
    kept = [
        p
        for p in env.get("PYTHONPATH", "").split(os.pathsep)
        if p and os.path.realpath(p) != original
    ]
    env["PYTHONPATH"] = os.pathsep.join([str(copy_root), *kept])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


# -- running pytest ---------------------------------------------------------------------------
def run_pytest(
    copy_root: Path, tests: Sequence[str], timeout: float, python: str, env: dict[str, str]
) -> tuple[int | None, float, str]:
    """(exit code or None on timeout, seconds, last lines of output). The run gets its own
    process group, so a timeout kills pytest and anything it started, and nothing else."""
    cmd = [python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd,
        cwd=copy_root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):  # it may have just ended by itself
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        code = None
    tail = "\n".join(out.decode(errors="replace").strip().splitlines()[-15:])
    return code, time.monotonic() - start, tail


def classify(returncode: int | None) -> str:
    if returncode is None:
        return "timeout"
    return {0: "survived", 1: "killed"}.get(returncode, "incompetent")


def run_mutant(
    copy_root: Path,
    site: Site,
    tests: Sequence[str],
    timeout: float,
    python: str,
    env: dict[str, str],
) -> Outcome:
    """Applies `site` in the copy, runs the tests, and puts the file back whatever happens."""
    target = copy_root / site.path
    original = target.read_bytes()
    mutated = apply_site(original.decode(), site)
    try:
        compile(mutated, str(target), "exec")
    except SyntaxError as exc:
        return Outcome(site, "incompetent", 0.0, None, f"does not compile: {exc}")
    try:
        target.write_text(mutated, encoding="utf-8")
        code, seconds, tail = run_pytest(copy_root, tests, timeout, python, env)
    finally:
        target.write_bytes(original)
    return Outcome(site, classify(code), seconds, code, tail)


def check_imports(copy_root: Path, sites: Sequence[Site], python: str, env: dict[str, str]) -> None:
    """Each target package must import from the copy: an editable install or a stray path
    entry would otherwise test the unmutated code and report every mutant as survived."""
    for top in sorted({site.path.split("/")[0].removesuffix(".py") for site in sites}):
        code = f"import importlib.util as u; s = u.find_spec({top!r}); print(s and s.origin)"
        out = subprocess.run(
            [python, "-c", code],
            cwd=copy_root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        if not out or not Path(out).resolve().is_relative_to(copy_root.resolve()):
            raise HarnessError(f"{top} imports from {out or 'nowhere'}, not from the copy")


# -- the command ------------------------------------------------------------------------------
def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m tools.mutate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--targets", nargs="+", required=True, help="files or folders to mutate")
    p.add_argument("--tests", required=True, help='pytest selection, e.g. "tests/a tests/b"')
    p.add_argument("--sample", type=int, default=200, help="mutants to run (default 200)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    p.add_argument("--out", type=Path, required=True, help="folder for mutation.json/.md")
    p.add_argument("--root", type=Path, default=Path("."), help="repository root (default .)")
    p.add_argument("--python", default=sys.executable, help="interpreter that runs pytest")
    p.add_argument("--overwrite", action="store_true", help="replace an earlier report in --out")
    p.add_argument("--list", action="store_true", help="print the sampled mutants; run nothing")
    return p.parse_args(argv)


def validate(args: argparse.Namespace) -> list[str]:
    """Checks everything before any file is written; returns the pytest selection."""
    if args.sample < 1 or args.timeout <= 0:
        raise HarnessError("--sample must be at least 1 and --timeout positive")
    tests = shlex.split(args.tests)
    for test in tests:
        if not (args.root / test.split("::")[0]).exists():
            raise HarnessError(f"--tests: {test} does not exist under {args.root}")
    out: Path = args.out
    if out.exists() and any(out.iterdir()) and not args.overwrite:
        raise HarnessError(f"--out {out} is not empty (one report per folder; --overwrite)")
    return tests


def run(args: argparse.Namespace) -> dict[str, int]:
    tests = validate(args)
    root: Path = args.root.resolve()
    try:
        sites = find_sites(root, args.targets)
    except ValueError as exc:
        raise HarnessError(str(exc)) from None
    sample = sample_sites(sites, args.sample, args.seed)
    if args.list:
        for site in sample:
            print(f"{site.where}  {site.describe()}")
        return {}
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        copy_root = make_copy(root, Path(tmp))
        env = child_env(copy_root, root)
        check_imports(copy_root, sample, args.python, env)
        code, seconds, tail = run_pytest(copy_root, tests, args.timeout, args.python, env)
        if code != 0:
            raise HarnessError(f"the unmutated tests do not pass (exit {code}):\n{tail}")
        print(
            f"baseline passes in {seconds:.1f}s; {len(sample)} of {len(sites)} sites",
            file=sys.stderr,
        )
        for i, site in enumerate(sample, 1):
            outcome = run_mutant(copy_root, site, tests, args.timeout, args.python, env)
            outcomes.append(outcome)
            print(
                f"[{i}/{len(sample)}] {outcome.status:11} {site.where}  {site.describe()}",
                file=sys.stderr,
            )
    args.out.mkdir(parents=True, exist_ok=True)
    settings = {
        "targets": args.targets,
        "tests": tests,
        "seed": args.seed,
        "sample": args.sample,
        "timeout_s": args.timeout,
        "sites_total": len(sites),
    }
    return write_reports(args.out, outcomes, settings, root)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        counts = run(args)
    except HarnessError as exc:
        print(f"mutate: error: {exc}", file=sys.stderr)
        return 2
    if counts:
        print(", ".join(f"{counts[s]} {s}" for s in STATUSES) + f" -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
