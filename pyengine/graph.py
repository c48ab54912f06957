"""``pyengine graph SCENARIO -o FILE``: the picture of a scenario's answer as DOT, SVG or PNG
(by the file's extension): for a characteristics query, the dependency graph of the continuous
effects (CR 613.8); for an attack or block query, the witness declaration with the
requirements it obeys and breaks (CR 508.1, 509.1); for a replacement query, the outcome tree
(CR 616.1); a game's timeline by step; the state-based actions on their objects (CR 704.5);
events -> triggered abilities -> stack order (CR 603.3b); the steps of a cast, the failing one
red, and its payment (CR 601.2; pyengine.pictures_kinds). SVG and PNG are drawn by Graphviz's
``dot`` when it is installed, else by the PyPI package graphviz-pure (pyengine.render);
``--log info`` says which."""

from __future__ import annotations

from pathlib import Path

from pyengine import hardlimit, render
from pyengine.analysis import analyse
from pyengine.cli import Parser, seconds
from pyengine.depgraph import graphs, to_dot
from pyengine.errors import PyengineError
from pyengine.layers import compute
from pyengine.scenario.loader import load_file


def write(dot: str, out: Path, timeout: float = 120.0) -> None:
    """Write DOT text, or draw it (pyengine.render) for .svg/.png."""
    ext = out.suffix.lower()
    if ext not in (".dot", ".gv", ".svg", ".png"):
        raise PyengineError(f"{out}: expected a .dot, .gv, .svg or .png file name")
    if not out.parent.is_dir():
        raise PyengineError(f"{out}: can't write the file: no such folder {str(out.parent)!r}")
    data = dot.encode("utf-8") if ext in (".dot", ".gv") else render.draw(dot, ext[1:], timeout=timeout)
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise PyengineError(f"{out}: can't write the file: {exc.strerror or exc}") from None


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    ap = Parser(prog="pyengine graph", description=__doc__)
    ap.add_argument("scenario", help="a scenario file (any query kind)")
    ap.add_argument("-o", "--output", required=True, help="FILE.dot, FILE.svg or FILE.png")
    ap.add_argument("--timeout", type=seconds, default=60.0, metavar="S",
                    help="seconds the engines may take (default: %(default)g)")
    args = ap.parse_args(argv)
    scenario = load_file(args.scenario)
    with hardlimit.guard(args.timeout, f"the {scenario.kind} engine on {scenario.id}"):
        if scenario.kind == "characteristics":
            dot = to_dot(graphs(compute(scenario.state, timeout=args.timeout)), title=scenario.id)
        else:
            dot = analyse(scenario, args.timeout).dot()
    write(dot, Path(args.output))
    return 0
