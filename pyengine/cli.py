"""The command-line interface: a thin layer over :mod:`pyengine.api`.

Exit codes: 0 success; 1 ``check``: a scenario gave a wrong answer, the engine failed on it or
it timed out, and any command: an internal error (a bug in the engine or its encodings, one
line; ``--log debug`` logs the traceback); 2 bad input (a scenario file that is not valid, also
in ``check``) or bad usage, with one line on stderr and never a traceback; 128 + the signal's
number when interrupted (130 Ctrl-C; ``check`` also stops on SIGTERM, 143, and SIGHUP, 129).
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

from pyengine import __version__, hardlimit
from pyengine.errors import (
    EncodingError,
    NoInputFacts,
    OutOfMemory,
    PyengineError,
    ScenarioError,
    SolverTimeout,
)
from pyengine.printable import escape, escape_lines

log = logging.getLogger("pyengine")

LOG_LEVELS = ("debug", "info", "warning", "error")


class _Usage(Exception):
    """Bad usage detected by argparse; exit 2 with its one-line message."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (raised, the CLI prints them, exit 2)."""

    def error(self, message: str) -> Any:  # argparse would print usage and exit itself
        raise _Usage(f"{self.prog}: {message} (see --help)")


def _command_at(words: list[str]) -> int | None:
    """The position of the command word: the first that is not a top-level option or the
    value of one."""
    i = 0
    while i < len(words):
        if words[i] in ("--log", "--cards"):
            i += 2
        elif words[i].startswith("-"):
            i += 1
        else:
            return i
    return None


MAX_TIMEOUT = 86_400.0  # a day


def seconds(text: str) -> float:
    """An argparse type: a time limit in seconds, positive and finite (at most a day)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= MAX_TIMEOUT:  # also refuses nan
        raise argparse.ArgumentTypeError(f"expected seconds above 0 and at most {MAX_TIMEOUT:g}, "
                                         f"got {text!r}")
    return value


REPORT_FORMATS = ("text", "json", "junit")
REPORT_EXTENSIONS = {".json": "json", ".xml": "junit"}  # check -o FILE without --format


def _report_format(a: argparse.Namespace) -> str:
    """The report format of ``check``: --format, else (with -o FILE) FILE's extension; a text
    report is not written to a file, and an extension that names no format is refused."""
    if a.output is None:
        return a.format or "text"
    if a.format == "text":
        raise _Usage("pyengine check: -o writes a json or junit report: give --format json or "
                     "--format junit (the text lines go to stdout)")
    if a.format is not None:
        return a.format
    fmt = REPORT_EXTENSIONS.get(Path(a.output).suffix.lower())
    if fmt is None:
        raise _Usage(f"pyengine check: -o {a.output}: can't tell the report format from the file's "
                     "extension: name it .json or .xml, or give --format json or --format junit")
    return fmt


def mebibytes(text: str) -> int:
    """A ``--max-memory`` value: MiB from 256 (the interpreter, clingo and the encodings take
    about 200 MiB of address space; below, a thread's start can abort the process) to
    1048576, or 0 for no limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of MiB, got {text!r}") from None
    if value != 0 and not 256 <= value <= 1_048_576:
        raise argparse.ArgumentTypeError(f"expected MiB from 256 to 1048576 (0: no limit), got {text!r}")
    return value


_MEMORY_HELP = (f"MiB of memory a query may use (default: {hardlimit.DEFAULT_MAX_MEMORY_MIB}; "
                "0: no limit); past it: out of memory, never an answer")


def _build_parser() -> argparse.ArgumentParser:
    DEFAULT_TIMEOUT = hardlimit.DEFAULT_TIMEOUT  # noqa: N806 - equal to the runner's (tested)

    p = Parser(prog="pyengine", description="A rules expert system for Magic: The Gathering: "
                "answers rules questions about a game state with answer-set programming (clingo).")
    p.add_argument("--version", action="store_true", help="print the versions of pyengine and clingo")
    p.add_argument("--log", metavar="LEVEL", choices=LOG_LEVELS, default="warning",
                   help="log level on stderr: " + ", ".join(LOG_LEVELS) + " (default: warning)")
    p.add_argument("--cards", metavar="PATH", dest="cards_file",
                   help="card data for real cards named in scenarios: an MTGJSON AtomicCards.json "
                        "(default: PYENGINE_CARDS, else the pyengine[cards] extra)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    c = sub.add_parser("check", help="batch-check scenarios against their expected answers")
    c.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    c.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                   help="parallel worker processes (default: all cores)")
    c.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"seconds each scenario may take (default: {DEFAULT_TIMEOUT:g})")
    c.add_argument("-k", dest="patterns", action="append", default=[], metavar="PATTERN",
                   help="only files whose path contains PATTERN (or matches it as a glob); repeatable")
    c.add_argument("--format", choices=REPORT_FORMATS, default=None,
                   help="report format (default: text; with -o, taken from FILE's extension)")
    c.add_argument("-o", "--output", metavar="FILE",
                   help="write the json/junit report to FILE (the text lines still go to stdout); "
                        "without --format, FILE.json is json and FILE.xml junit")
    c.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address, or 'local' (extra 'dask')")
    c.add_argument("--max-memory", type=mebibytes, default=hardlimit.DEFAULT_MAX_MEMORY_MIB,
                   metavar="MIB", help=_MEMORY_HELP + " (per worker process)")

    s = sub.add_parser("solve", help="print the answer to a scenario's query")
    s.add_argument("scenario", metavar="SCENARIO")
    s.add_argument("--json", action="store_true", help="print the answer as JSON")
    s.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="S")
    s.add_argument("--max-memory", type=mebibytes, default=hardlimit.DEFAULT_MAX_MEMORY_MIB,
                   metavar="MIB", help=_MEMORY_HELP)

    g = sub.add_parser("play", help="play a game scenario's script and print its log, step by step")
    g.add_argument("scenario", metavar="SCENARIO")
    g.add_argument("--json", action="store_true", help="print the log and checkpoints as JSON")
    g.add_argument("--until", metavar="CHECKPOINT", help="stop the log at this checkpoint")
    g.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="S")

    f = sub.add_parser("facts", help="dump the input facts of a scenario for hand-run clingo")
    f.add_argument("scenario", metavar="SCENARIO")
    f.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="S",
                   help="seconds the engines the facts depend on may take (default: %(default)g)")

    sub.add_parser("schema", help="print the JSON Schema of the scenario format")

    k = sub.add_parser("cards", help="list the catalog cards, or show one")
    k.add_argument("name", nargs="?", metavar="NAME")
    k.add_argument("--coverage", action="store_true",
                   help="how much of the card data compiles into the effect language")
    k.add_argument("--execute", metavar="N", type=int, default=0,
                   help="with --coverage: run N fully compiled cards of each template through the "
                        "layer engine")
    k.add_argument("--cards", metavar="PATH", dest="card_data",
                   help="card data: an MTGJSON AtomicCards.json (default: PYENGINE_CARDS, "
                        "else the pyengine[cards] extra)")

    for name, what in (("explain", "explain why a scenario's answer is what it is"),
                       ("graph", "draw the picture of a scenario's answer"),
                       ("serve", "a playground in the browser (extra 'web')")):
        x = sub.add_parser(name, help=what, add_help=False)
        x.add_argument("args", nargs=argparse.REMAINDER)

    b = sub.add_parser("bench", help="run a benchmark: pyengine bench AREA [options]", add_help=False)
    b.add_argument("-h", "--help", action="store_true", dest="bench_help")
    b.add_argument("area", nargs="?", metavar="AREA")
    b.add_argument("args", nargs=argparse.REMAINDER)
    return p


# --- Commands -----------------------------------------------------------------------------

def _check(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine.scenario import report, runner
    from pyengine.scenario.identity import IdCheck

    if a.jobs is not None and a.jobs < 1:
        raise _Usage("pyengine check: --jobs must be at least 1")
    a.format = _report_format(a)
    files = runner.discover(a.paths, a.patterns)
    if not files:
        what = " matching " + " or ".join(repr(k) for k in a.patterns) if a.patterns else ""
        raise ScenarioError(f"no scenario files{what} under: {' '.join(a.paths)}")
    # text lines go to stdout, unless a machine-readable report takes stdout
    text = out if (a.format == "text" or a.output) else err
    bar = None
    if err.isatty():
        bar = report.ProgressBar(len(files), err)
    same_terminal = bar is not None and text.isatty()

    ids = IdCheck()  # an id names one file, its path under `scenarios/` (pyengine.scenario.identity)
    vetted: list[runner.Outcome] = []

    def emit(o: runner.Outcome) -> None:
        o = ids.vet(o)
        vetted.append(o)
        if same_terminal:
            bar.clear()  # type: ignore[union-attr]
        text.write(o.report() + "\n")
        text.flush()
        if same_terminal:
            bar.redraw()  # type: ignore[union-attr]

    jobs = a.jobs or runner.default_jobs()
    log.info("checking %d scenario files with %d jobs, timeout %g s", len(files), jobs, a.timeout)
    started = time.perf_counter()
    runner.run_many(files, jobs=jobs, timeout=a.timeout, dask=a.dask, on_outcome=emit,
                    on_progress=bar.update if bar else None, max_memory=a.max_memory or None,
                    answers=False)  # the report reads each answer's JSON form only
    outcomes = vetted
    seconds = time.perf_counter() - started
    if bar is not None:
        bar.clear()
    note = ids.note()
    if note:
        text.write(note + "\n")
    for line in report.closing_lines(outcomes):
        text.write(line + "\n")
    text.flush()
    if a.format != "text":
        rendered = report.render(outcomes, a.format, seconds)
        if a.output:
            path = Path(a.output)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(rendered, encoding="utf-8")
            except OSError as exc:
                raise PyengineError(f"{a.output}: cannot write the report: {exc.strerror}") from None
        else:
            out.write(rendered)
            out.flush()
    if any(o.error_kind == "input" for o in outcomes):
        return 2  # bad input, as for every other command
    if any(not o.ok for o in outcomes):
        return 1
    return 0


# commands whose process answers one query and ends (_one_answer_process)
_ONE_ANSWER = frozenset({"solve", "facts", "explain", "graph"})


def _one_answer_process() -> None:
    """This process answers one query and ends: the garbage collector runs less often (a
    young generation of 20,000 objects, not 700), and what is loaded is frozen (not scanned
    again: ``gc.freeze``, called again once the scenario is loaded). A large board's facts and
    answer are some 100,000 objects that all live until the answer is printed, and the
    default thresholds had the collector scan them again and again (asp/README.md,
    "Performance", "The dense board under 0.5 s")."""
    import gc

    gc.set_threshold(20_000, 10, 10)
    gc.freeze()


def _solve(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine import api

    if hardlimit.enabled():  # the process's own command line, not a caller's main([...])
        from pyengine import solver

        solver.start_watchdog()  # its thread before the limit (no thread starts near it)
        hardlimit.limit_memory(a.max_memory)
    scenario = api.load(a.scenario)
    if hardlimit.enabled():
        _one_answer_process()  # the modules and the scenario stay to the end
    with hardlimit.guard(a.timeout, f"the query of {scenario.id}"):
        answer = api.solve(scenario, timeout=a.timeout)
    if a.json:
        doc = {"id": scenario.id, "file": scenario.file, "kind": scenario.kind,
               "answer": answer.to_json()}
        out.write(json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        out.write(escape(f"{scenario.id}: {scenario.title}") + "\n")
        out.write(escape_lines(answer.render().rstrip("\n")) + "\n")
    return 0


def _play(a: argparse.Namespace, out: TextIO) -> int:
    from pyengine.game.play import play_command

    return play_command(a.scenario, a.json, a.until, a.timeout, out)


def _facts(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine import api

    scenario = api.load(a.scenario)
    # a comment line: the id and file name can't end it (no line break reaches the program)
    where = _one_line(f"{scenario.id} ({scenario.file})")
    try:
        with hardlimit.guard(a.timeout, f"the input facts of {scenario.id}"):
            symbols, hint = api.facts(scenario, timeout=a.timeout)
    except NoInputFacts as exc:  # not bad input: this query kind has none to give
        out.write(f"% input facts of {where}: none: {_one_line(str(exc))}\n")
        return 0
    out.write(f"% input facts of {where}: {len(symbols)} atoms\n")
    out.write(f"% {hint}\n")
    for sym in symbols:
        out.write(f"{sym}.\n")  # text only at the edge, from clingo's own rendering
    return 0


def _schema(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pyengine import api

    out.write(json.dumps(api.schema(), indent=2, ensure_ascii=False) + "\n")
    return 0


def _cards(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import difflib

    from pyengine import catalog, oracle
    from pyengine.oracle import data as card_data

    card_data.use_file(a.card_data)
    oracle.reset()
    if a.coverage:
        from pyengine.oracle import coverage

        out.write(coverage.render(coverage.measure()))
        if a.execute > 0:
            from pyengine.oracle import execute

            out.write("\n" + execute.render(execute.execute_sample(a.execute)))
        return 0
    if a.name is not None and card_data.available() and a.name.lower() not in catalog.catalog():
        return _data_card(a.name, out)
    cards = catalog.catalog()
    if a.name is None:
        for key in sorted(cards):
            ch = cards[key].characteristics
            line = " ".join(ch.supertypes + ch.types)
            if ch.subtypes:
                line += " — " + " ".join(ch.subtypes)
            pt = f"  {ch.power}/{ch.toughness}" if ch.power is not None and ch.toughness is not None else ""
            out.write(f"{cards[key].name:<32} {ch.mana_cost or '':<12} {line}{pt}\n")
        out.write(f"{len(cards)} cards\n")
        return 0
    found = catalog.lookup(a.name)
    if found is None:
        close = difflib.get_close_matches(a.name.lower(), list(cards), n=3)
        hint = "; did you mean: " + ", ".join(cards[c].name for c in close) if close else ""
        raise PyengineError(f"unknown card {a.name!r}{hint} (`pyengine cards` lists the catalog)")
    from importlib import resources

    text = resources.files("pyengine").joinpath(found.file.removeprefix("pyengine/")).read_text("utf-8")
    out.write(f"# {found.file}\n{text.rstrip()}\n")
    return 0


def _data_card(name: str, out: TextIO) -> int:
    """A card of the card data: its Oracle text, its effect-language form, what was not
    understood."""
    import yaml

    from pyengine import catalog, oracle

    got = oracle.compiled(name)
    if got is None:
        import difflib

        cards = catalog.catalog()
        close = [cards[c].name for c in difflib.get_close_matches(name.lower(), list(cards), n=3)]
        close = close or oracle.suggest(name)  # the catalog's names first, then the card data's
        hint = "; did you mean: " + ", ".join(close) if close else ""
        raise PyengineError(f"unknown card {name!r}{hint} (`pyengine cards` lists the catalog)")
    out.write(f"# {got.name}: compiled from card data ({oracle.source()})\n")
    out.write(f"# status: {got.status}\n# Oracle text:\n")
    out.write("".join(f"#   {line}\n" for line in got.card.get("oracle", "").split("\n")))
    out.write("# paragraphs:\n")
    for clause in got.clauses:
        said = f"template: {clause.template}" if clause.template else "NOT UNDERSTOOD"
        out.write(f"#   [{said}] {clause.text}\n")
        if clause.why and clause.template:  # recognised, but seen only as present or absent
            out.write(f"#     ({clause.why}: no engine runs it)\n")
        elif clause.why:
            out.write(f"#     (the effect-language parser refused it: {clause.why})\n")
    shown = {k: v for k, v in got.card.items() if k != "oracle"}
    out.write(yaml.safe_dump(shown, sort_keys=False, allow_unicode=True, width=100))
    return 0


def _dispatch(module: str, args: Sequence[str], what: str) -> int:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module.startswith(exc.name):
            raise PyengineError(f"{what} is not available in this version of pyengine") from None
        raise
    main = getattr(mod, "main", None)
    if main is None:
        raise PyengineError(f"{what} is not available in this version of pyengine")
    result = main(list(args))
    return int(result or 0)


BENCH_AREAS = ("layers", "combat", "replacement", "game", "cast", "check")


def _bench(a: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if a.bench_help and not a.area:
        out.write("usage: pyengine bench AREA [options]\n\nareas: " + ", ".join(BENCH_AREAS)
                  + "\n`pyengine bench AREA --help` lists an area's options.\n")
        return 0
    if a.bench_help:  # pyengine bench layers --help: the area's own help
        a.args = ["--help", *a.args]
    if not a.area or a.area.startswith("-"):
        raise _Usage("pyengine bench: name an area, e.g. `pyengine bench layers` or `pyengine bench combat`")
    if not a.area.isidentifier():
        raise _Usage(f"pyengine bench: not a benchmark area: {a.area!r}")
    return _dispatch(f"pyengine.bench.{a.area}", a.args, f"the benchmark {a.area!r}")


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO], int]] = {
    "check": _check, "solve": _solve, "facts": _facts, "schema": _schema, "cards": _cards,
    "bench": _bench, "play": lambda a, o, e: _play(a, o),
    "explain": lambda a, o, e: _dispatch("pyengine.explain", a.args, "pyengine explain"),
    "graph": lambda a, o, e: _dispatch("pyengine.graph", a.args, "pyengine graph"),
    "serve": lambda a, o, e: _dispatch("pyengine.web", a.args, "pyengine serve"),
}


def _one_line(text: str) -> str:
    """A message as one line, control characters in names escaped (pyengine.printable)."""
    return escape(" ".join(text.split()))


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the CLI; returns the exit code (``python -m pyengine`` and the ``pyengine`` script
    pass it to ``SystemExit``)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    if argv is None:  # the process's own command line: a query may end the process (exit 3)
        hardlimit.enable()
    words = list(sys.argv[1:] if argv is None else argv)
    # explain and graph parse their own arguments, options first included (argparse would
    # take `explain --timeout 5 FILE`'s option as the top parser's)
    at = _command_at(words)
    rest: list[str] | None = None
    if at is not None and words[at] in ("explain", "graph", "serve"):
        words, rest = words[:at + 1], words[at + 1:]
    try:
        a = _build_parser().parse_args(words)
    except _Usage as exc:
        err.write(_one_line(str(exc)) + "\n")
        return 2
    if rest is not None:
        a.args = rest
    if argv is None and a.command in _ONE_ANSWER:  # the process's own command line
        _one_answer_process()
    level = getattr(logging, a.log.upper())
    logging.basicConfig(level=level, stream=err, format="%(levelname)s %(name)s: %(message)s",
                        force=True)
    for handler in logging.root.handlers:  # libraries that set their own logger levels too
        handler.setLevel(level)
    if a.cards_file:  # for this process and the worker processes it starts
        os.environ["PYENGINE_CARDS"] = a.cards_file
    if a.version:
        from pyengine.solver import version

        out.write(f"pyengine {__version__} (clingo {version()})\n")
        return 0
    if a.command is None:
        err.write("pyengine: name a command: " + ", ".join(COMMANDS) + " (see --help)\n")
        return 2
    try:
        return COMMANDS[a.command](a, out, err)
    except _Usage as exc:
        err.write(_one_line(str(exc)) + "\n")
        return 2
    except EncodingError as exc:  # a bug in asp/, not in the input
        err.write(_one_line(f"pyengine: internal error (a bug in pyengine's encodings): {exc}") + "\n")
        return 1
    except SolverTimeout as exc:  # no answer, neither bad input nor a verdict
        err.write(_one_line(str(exc)) + "\n")
        return hardlimit.EXIT_TIMEOUT
    except (OutOfMemory, MemoryError):  # no answer either: the memory limit ran out
        err.write(f"pyengine: {hardlimit.out_of_memory_message()}\n")
        return hardlimit.EXIT_MEMORY
    except PyengineError as exc:
        err.write(_one_line(str(exc)) + "\n")
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C; in check also SIGTERM and SIGHUP (workers killed)
        signum = getattr(exc, "signum", 2)
        err.write(f"pyengine: interrupted{f' ({exc})' if signum != 2 else ''}\n")
        return 128 + signum
    except BrokenPipeError:  # e.g. `pyengine cards | head`
        return 0
    except Exception as exc:  # an engine bug: one line, the traceback only in the debug log
        log.debug("internal error", exc_info=True)
        err.write(_one_line(f"pyengine: internal error (a bug in pyengine; --log debug shows where): "
                            f"{type(exc).__name__}: {exc}") + "\n")
        return 1
