"""Fuzzing the scenario format: mutations of the bundled scenarios (tests/pyengine/fuzz.py)
through the API in this process, and a smaller sample through the command line.

Every case ends in a verdict (pass, fail, disputed, timeout, out of memory) or in bad input
reported on one line naming the file (exit code 2 on the command line); never a traceback, an
internal error, an integer in the answer past the bound the loader certified (a wrapped
number), or this process's memory past the limit.

PYENGINE_FUZZ_CASES sets the number of in-process cases (default 40: the default suite stays
cheap; CI runs 10,000 as a step of its own); PYENGINE_FUZZ_CLI the command-line sample
(default: one per 100 cases, at least 4). With CI=true the seed is fixed; elsewhere it is
random unless PYENGINE_FUZZ_SEED gives it, and every failure names it.
"""

from __future__ import annotations

import collections
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

import pyengine.api as pe
from pyengine import hardlimit
from pyengine.errors import PyengineError, ScenarioError
from pyengine.lang import bounds
from tests.pyengine.fuzz import Case, bases, make_case

REPO = Path(__file__).resolve().parents[2]
CASES = int(os.environ.get("PYENGINE_FUZZ_CASES", "40"))
CLI_CASES = int(os.environ.get("PYENGINE_FUZZ_CLI", str(max(4, CASES // 100))))
SEED = int(os.environ.get("PYENGINE_FUZZ_SEED", "20260116"
                          if os.environ.get("PYENGINE_HYPOTHESIS_RANDOM") != "1"
                          else str(random.SystemRandom().randrange(2**32))))
TIMEOUT = 2.0
FILE = "fuzz.yaml"


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in _ints(v)]
    if isinstance(value, (list, tuple)):
        return [i for v in value for i in _ints(v)]
    return []


def _one_line(message: str) -> bool:
    return bool(message) and "\n" not in message and "\r" not in message and "Traceback" not in message


def run_case(case: Case) -> str | None:
    """None if ``case`` keeps the contract, else what it broke."""
    try:
        scenario = pe.loads(case.text, FILE)
    except ScenarioError as exc:
        text = str(exc)
        if not _one_line(text) or not text.startswith(FILE):
            return f"bad-input message not one line naming the file: {text[:200]!r}"
        return None
    except Exception as exc:  # noqa: BLE001 - the contract: only ScenarioError escapes loading
        return f"loading raised {type(exc).__name__}: {str(exc)[:200]}"
    try:
        certified = bounds.check_state(scenario.state)
    except bounds.BoundError as exc:
        return f"loaded, but its bounds fail: {exc}"
    outcome = pe.check(scenario, timeout=TIMEOUT)
    status = outcome.status.value
    if status == "error":
        if not _one_line(outcome.message):
            return f"error message not one line: {outcome.message[:200]!r}"
        if outcome.error_kind != "input" or "internal error" in outcome.message:
            return f"engine error: {outcome.message[:300]}"
        return None
    if status in ("timeout", "memory"):
        return None
    limit = max(certified, bounds.CERTIFIED)
    wrapped = [i for i in _ints(outcome.answer_json) if abs(i) > limit]
    if wrapped:
        return f"an integer past the certified bound {limit:,} in the answer: {wrapped[:3]}"
    return None


def _cases(count: int, seed: int) -> Iterator[Case]:
    rng = random.Random(seed)
    pool = bases()
    by_kind = collections.defaultdict(list)
    for kind, name, text in pool:
        by_kind[kind].append((name, text))
    kinds = sorted(by_kind)
    for i in range(count):
        kind = kinds[i % len(kinds)]  # spread over the query kinds
        name, text = rng.choice(by_kind[kind])
        try:
            yield make_case(rng, kind, name, text)
        except (ValueError, UnicodeEncodeError, RecursionError, yaml.YAMLError) as exc:
            yield Case(name, kind, [f"unrepresentable:{type(exc).__name__}"], text)  # the dumper refused


def test_fuzz_in_process() -> None:
    started = time.perf_counter()
    failures: list[str] = []
    mutations: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    for case in _cases(CASES, SEED):
        kinds[case.kind] += 1
        mutations.update(case.mutations)
        try:
            problem = run_case(case)
        except PyengineError as exc:
            problem = f"raised {type(exc).__name__}: {exc}"
        if problem is not None:
            failures.append(f"{case.base} {case.mutations}: {problem}")
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    took = time.perf_counter() - started
    print(f"fuzz: {CASES} cases, seed {SEED}, {took:.1f} s, peak {peak_mib:.0f} MiB; "
          f"kinds {dict(kinds)}; mutations {dict(mutations)}")
    assert not failures, (f"seed {SEED} (PYENGINE_FUZZ_SEED): {len(failures)} of {CASES} cases broke "
                          "the contract:\n" + "\n".join(failures[:30]))
    assert peak_mib < hardlimit.DEFAULT_MAX_MEMORY_MIB, f"seed {SEED}: peak memory {peak_mib:.0f} MiB"


def test_fuzz_command_line(tmp_path: Path) -> None:
    """``pyengine solve`` on a sample: exit 0 with an answer, 2 with one line naming the file,
    3 (time) or 4 (memory) with one line; never 1 (an internal error) or a traceback."""
    failures = []
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for i, case in enumerate(_cases(CLI_CASES, SEED + 1)):
        path = tmp_path / f"case{i}.yaml"
        path.write_bytes(case.text.encode("utf-8", "surrogatepass"))
        proc = subprocess.run([sys.executable, "-m", "pyengine", "solve", "--timeout", "10",
                               "--max-memory", "1024", str(path)],
                              capture_output=True, text=True, errors="replace", env=env, timeout=120)
        err = proc.stderr.strip()
        where = f"{case.base} {case.mutations}: exit {proc.returncode}"
        if proc.returncode == 0:
            if err or not proc.stdout.strip():
                failures.append(f"{where}, stderr {err[:200]!r}")
        elif proc.returncode == 2:
            if not _one_line(err) or not err.startswith(str(path)):
                failures.append(f"{where}, not one line naming the file: {err[:300]!r}")
        elif proc.returncode in (3, 4):
            if not _one_line(err):
                failures.append(f"{where}: {err[:300]!r}")
        else:
            failures.append(f"{where}: {err[:300]!r}")
    assert not failures, f"seed {SEED + 1}:\n" + "\n".join(failures)


@pytest.mark.parametrize("kind", ["characteristics", "attack", "block", "replacement"])
def test_bases_cover_every_query_kind(kind: str) -> None:
    assert any(k == kind for k, _, _ in bases())
