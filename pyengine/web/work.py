"""What the playground computes for a scenario text, as JSON, and the process that computes it
under the request's limits.

Each request's work runs in a child process (forked from a single-threaded fork server that
has the engines loaded already, so it starts at once; never forked from the server's own
threads) under the query's budget (pyengine.budget: the layer, combat
and replacement engines share one deadline) and the memory limit of the command line; clingo
cannot interrupt a grounding, so a child still running a grace period after its time is up is
killed, as ``pyengine check`` kills its workers. Either way the page says "timeout", never a
guess."""

from __future__ import annotations

import multiprocessing
import re
import time
from typing import Any, Callable

from pyengine import hardlimit, render
from pyengine.errors import OutOfMemory, PyengineError, ScenarioError, SolverTimeout

FILE = "scenario.yaml"  # the name errors give the text the page sends
# a fork server where there is one (Linux, macOS): forking the threaded web server itself could
# copy a lock another thread holds; else spawn
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
PRELOAD = ["pyengine.analysis", "pyengine.web.work", "pyengine.queries.characteristics",
           "pyengine.queries.attack", "pyengine.queries.block", "pyengine.queries.replacement",
           "pyengine.queries.game", "pyengine.queries.sba", "pyengine.queries.triggers",
           "pyengine.queries.cast", "pyengine.queries.damage", "pyengine.explain_kinds",
           "pyengine.pictures_kinds", "pyengine.catalog"]


def preload() -> None:
    """Have the fork server import the engines once, before it starts the first child."""
    if START_METHOD == "forkserver":
        multiprocessing.get_context(START_METHOD).set_forkserver_preload(PRELOAD)


def validate(text: str) -> dict[str, Any]:
    """Load the text with the scenario loader: ok, or the one-line error and its line."""
    from pyengine.scenario.loader import load_text

    try:
        scenario = load_text(text, FILE)
    except ScenarioError as exc:
        return _error(exc)
    return {"status": "valid", "id": scenario.id, "title": scenario.title, "kind": scenario.kind}


def _error(exc: ScenarioError) -> dict[str, Any]:
    line = exc.line
    if line is None:  # a message that locates itself inside its text ("scenario.yaml:12: ...")
        found = re.match(rf"{re.escape(FILE)}:(\d+):", str(exc))
        line = int(found.group(1)) if found else None
    return {"status": "error", "line": line, "path": exc.path, "message": str(exc.located(FILE))}


def _table(layers: Any) -> list[dict[str, Any]]:
    """The characteristics table: each object after every continuous effect (CR 613)."""
    rows = []
    for oid, oc in layers.objects.items():
        rows.append({"id": oid, "name": oc.name, "types": " ".join(oc.supertypes + oc.types),
                     "subtypes": " ".join(oc.subtypes), "colors": ", ".join(oc.colors),
                     "abilities": "; ".join(oc.abilities),
                     "pt": "" if oc.power is None else f"{oc.power}/{oc.toughness}",
                     "controller": oc.controller})
    return rows


def _details(an: Any) -> dict[str, str]:
    """What a click on a node of the picture shows, by the node's name in the DOT text."""
    out: dict[str, str] = {}
    for app in an.layers.applications:
        ts = ".".join(map(str, app.timestamp))
        lines = [f"{app.effect} (layer {app.layer}, timestamp {ts}, source {app.source or '-'})",
                 f"order: {app.order or 'did not apply'}", f"why: {app.reason}"]
        if app.depends_on:
            lines.append("depends on: " + ", ".join(app.depends_on))
        if app.affected:
            lines.append("applies to: " + ", ".join(app.affected))
        lines += [f"changed: {c}" for c in app.changes]
        if app.order and not app.changes and any(lay == app.layer for lay, _ in an.layers.summed):
            lines.append("changed: added together with its batch (CR 613.4c); each object's "
                         "total is in the explanation")
        out[f"{app.layer}:{app.effect}"] = "\n".join(lines)
    for row in _table(an.layers):
        out["o:" + row["id"]] = "\n".join(f"{k}: {v}" for k, v in row.items() if v)
    return out


def analyse_text(text: str, timeout: float, picture: bool = True) -> dict[str, Any]:
    """Everything the answer panel shows for a scenario text: its answer, the check against
    its expectation, the characteristics table, the explanation and (``picture``) the picture
    as SVG."""
    from pyengine.analysis import analyse
    from pyengine.queries import base as queries
    from pyengine.scenario import runner
    from pyengine.scenario.loader import load_text

    began = time.perf_counter()
    try:
        scenario = load_text(text, FILE)
    except ScenarioError as exc:
        return _error(exc)
    head = {"id": scenario.id, "title": scenario.title, "kind": scenario.kind}
    try:
        an = analyse(scenario, timeout)
        reading, diffs = runner._compare(queries.get(scenario.kind), scenario, an.answer)
        left = max(0.5, timeout - (time.perf_counter() - began))
        svg, drawn_by = "", ""
        try:
            if picture:
                renderer = render.choose()
                svg = render.draw(an.dot(), "svg", timeout=left, renderer=renderer).decode("utf-8")
                drawn_by = renderer.name
        except PyengineError as exc:
            svg, drawn_by = "", f"no picture: {exc}"
    except SolverTimeout as exc:
        return head | {"status": "timeout", "message": f"timeout: {exc.what} did not finish within "
                                                      f"{timeout:g} s"}
    except ScenarioError as exc:
        return head | _error(exc)
    except (OutOfMemory, MemoryError):
        return head | {"status": "memory", "message": hardlimit.out_of_memory_message()}
    except PyengineError as exc:
        return head | {"status": "error", "line": None, "message": f"{type(exc).__name__}: {exc}"}
    return head | {
        "status": "answered", "answer": an.answer.render(), "explanation": an.text(),
        "check": {"status": "fail" if diffs else "pass", "diffs": list(diffs), "reading": reading},
        "table": _table(an.layers), "svg": svg, "drawn_by": drawn_by, "details": _details(an),
        "seconds": round(time.perf_counter() - began, 3),
    }


def _child(send: Any, fn: Callable[..., dict[str, Any]], args: tuple[Any, ...], memory: int | None) -> None:
    try:
        hardlimit.limit_memory(memory)
        result = fn(*args)
    except (OutOfMemory, MemoryError):
        result = {"status": "memory", "message": hardlimit.out_of_memory_message()}
    except Exception as exc:  # an engine bug: one line, never a traceback on the page
        result = {"status": "error", "line": None,
                  "message": f"internal error (a bug in pyengine): {type(exc).__name__}: {exc}"}
    send.send(result)
    send.close()


def run_limited(fn: Callable[..., dict[str, Any]], args: tuple[Any, ...], timeout: float,
                memory: int | None = None) -> dict[str, Any]:
    """``fn(*args)`` in a forked child; past ``timeout`` plus the grace period
    (pyengine.hardlimit's: 1 s, or a tenth of the limit if longer) the child is killed and the
    result is a timeout."""
    ctx = multiprocessing.get_context(START_METHOD)
    recv, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, fn, args, memory), daemon=True)  # type: ignore[attr-defined]
    child.start()
    send.close()
    try:
        if recv.poll(timeout + max(1.0, timeout / 10)):
            try:
                return recv.recv()  # type: ignore[no-any-return]
            except EOFError:  # the child died without a word: out of memory, or killed
                return {"status": "error", "line": None, "message": "the query's process ended "
                        "without an answer (out of memory?)"}
        return {"status": "timeout", "message": f"timeout: the query did not finish within {timeout:g} s "
                "(its process was stopped a grace period later: clingo cannot interrupt a grounding)"}
    finally:
        recv.close()
        if child.is_alive():
            child.kill()
        child.join()
