"""The public Python API: load a scenario (or build a game state in code), ask its query,
get a typed, immutable answer; check a scenario against its expectation. The command-line
interface (pyengine/cli.py) is a thin layer over these functions.

Example::

    import pyengine.api as pe

    scenario = pe.load("scenarios/layers/some-scenario.yaml")
    answer = pe.solve(scenario)          # the query kind's typed answer
    print(answer.render())
    outcome = pe.check(scenario)         # Outcome(status=pass/fail/error/timeout, diffs, ...)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import clingo

from pyengine import hardlimit
from pyengine.errors import NoInputFacts, OutOfMemory, PyengineError, ScenarioError, UnsupportedQuery
from pyengine.hardlimit import DEFAULT_TIMEOUT
from pyengine.model.objects import GameState
from pyengine.queries import base as queries
from pyengine.queries.base import Answer
from pyengine.scenario import loader
from pyengine.scenario import schema as _schema
from pyengine.scenario.model import Scenario

if TYPE_CHECKING:
    from pyengine.scenario.runner import Outcome, Status

__all__ = ["Answer", "Outcome", "Scenario", "Status", "check", "check_paths", "facts", "load",
           "loads", "schema", "solve"]


def __getattr__(name: str) -> Any:
    """``Outcome``, ``Status`` and ``runner``: the batch runner's, imported when first asked
    for (answering a query never needs the runner, nor its multiprocessing)."""
    if name in ("Outcome", "Status", "runner"):
        from pyengine.scenario import runner

        return runner if name == "runner" else getattr(runner, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load(path: str | Path) -> Scenario:
    """Read and validate one scenario file.

    Raises:
        ScenarioError: bad input; ``str(error)`` is one line naming the file, the line, the
            field path and what was expected.
    """
    return loader.load_file(path)


def loads(text: str, file: str = "<input>") -> Scenario:
    """Validate a scenario given as YAML text (``file`` names it in error messages)."""
    return loader.load_text(text, file)


def _kind_of(query: Any) -> queries.QueryKind:
    name = getattr(query, "kind", None)
    kind = queries.get(str(name)) if name is not None else None
    if kind is None:
        raise PyengineError(f"not a query of a known kind: {query!r}")
    if kind.solve is None:
        raise UnsupportedQuery(f"query kind {kind.name!r} is not supported yet (planned: {kind.planned})")
    return kind


def solve(target: Scenario | GameState, query: Any = None, *, timeout: float = DEFAULT_TIMEOUT) -> Answer:
    """Answer a query: a scenario's own, or ``query`` about a :class:`GameState` built in code.

    Args:
        target: a loaded scenario, or a game state.
        query: with a game state, the typed query (e.g. ``CharacteristicsQuery``); with a
            scenario, a different query about its state (default: the scenario's own).
        timeout: seconds the solver may take.

    Returns:
        The query kind's typed, immutable answer: ``render()`` explains it in text,
        ``to_json()`` gives it as data.

    Raises:
        SolverTimeout: the time ran out (never a verdict).
        OutOfMemory: the memory ran out (never a verdict; see hardlimit.limit_memory).
        PyengineError: the query is not supported, or the engine failed.
    """
    if isinstance(target, Scenario):
        state, query = target.state, (target.query if query is None else query)
    else:
        if query is None:
            raise PyengineError("solve(state, query): a game state needs a query")
        state = target
    try:
        return _kind_of(query).solve(state, query, timeout)  # type: ignore[misc]
    except ScenarioError as exc:  # found while answering: still name the scenario's file
        raise exc.located(target.file if isinstance(target, Scenario) else None) from None
    except (MemoryError, RuntimeError) as exc:
        if hardlimit.is_out_of_memory(exc):
            raise OutOfMemory(hardlimit.out_of_memory_message()) from None
        raise


def check(scenario: Scenario, *, timeout: float = DEFAULT_TIMEOUT) -> Outcome:
    """Run a scenario and compare its answer with its expectation (in this process).

    Returns:
        An :class:`Outcome` with ``status`` pass, fail (with ``diffs``, one line per
        difference), error (with ``message``) or timeout.
    """
    from pyengine.scenario import runner

    return runner.run_scenario(scenario, timeout)


def check_paths(paths: Sequence[str | Path], *, jobs: int | None = None,
                timeout: float = DEFAULT_TIMEOUT, patterns: Sequence[str] = (),
                dask: str | None = None,
                max_memory: int | None = hardlimit.DEFAULT_MAX_MEMORY_MIB) -> list[Outcome]:
    """Check every scenario file under ``paths`` in parallel worker processes (or on a Dask
    cluster: a scheduler address, or ``"local"``), as ``pyengine check`` does; outcomes come
    back sorted by file. Each worker process may use ``max_memory`` MiB (None: no limit);
    past it the outcome's status is ``memory``."""
    from pyengine.scenario import runner
    from pyengine.scenario.identity import IdCheck

    files = runner.discover(paths, patterns)
    ids = IdCheck()  # a second file with an id, or an id that is not the file's path: bad input
    return [ids.vet(o) for o in runner.run_many(files, jobs=jobs, timeout=timeout, dask=dask,
                                                 max_memory=max_memory)]


def schema() -> dict[str, Any]:
    """The JSON Schema of the scenario format (as ``pyengine schema`` prints it)."""
    return _schema.build()


def _layer_facts(state: GameState, query: Any, timeout: float) -> tuple[list[clingo.Symbol], str]:
    from pyengine import encodings
    from pyengine.layers.facts import FactBuilder

    static, cur = FactBuilder(state).build()
    hint = (f"the layer engine runs `python -m clingo {encodings.path('layers')} FACTS -c layer=L` once per "
            "layer or sublayer in use (L = l1a ... l7d), carrying final/3 forward as cur/3")
    return static + cur, hint


# query kind -> the input facts of its engine (and how to run them); a kind not listed here
# provides ``facts(state, query, timeout) -> (symbols, hint)`` in its module pyengine.queries.<kind>
FACT_DUMPERS: dict[str, Callable[[GameState, Any, float], tuple[list[clingo.Symbol], str]]] = {
    "characteristics": _layer_facts,
}


def facts(scenario: Scenario, timeout: float = DEFAULT_TIMEOUT) -> tuple[tuple[clingo.Symbol, ...], str]:
    """The input facts of the scenario's engine, sorted, and a hint on running clingo on them
    by hand (``pyengine facts``). An engine whose facts depend on other engines' answers (the
    combat board and the replacement effects are read after the layers, CR 613) runs those
    within ``timeout`` seconds.

    Raises:
        ScenarioError: bad input the engine found while building its facts.
        SolverTimeout: the engines it needs did not finish in time."""
    import importlib

    kind = _kind_of(scenario.query)
    dumper = FACT_DUMPERS.get(kind.name)
    if dumper is None:
        module = importlib.import_module(f"pyengine.queries.{kind.name}")
        dumper = getattr(module, "facts", None)
    if dumper is None:
        none = f"the {kind.name} query has no single set of input facts"
        raise NoInputFacts(getattr(module, "NO_FACTS", none))
    try:
        symbols, hint = dumper(scenario.state, scenario.query, timeout)
    except ScenarioError as exc:
        raise exc.located(scenario.file) from None
    return tuple(sorted(set(symbols))), hint
