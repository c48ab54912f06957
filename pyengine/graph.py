"""``pyengine graph SCENARIO -o FILE``: the dependency graph of the continuous effects of a
scenario's state (CR 613.8) as DOT, SVG or PNG (by the file's extension; SVG and PNG are drawn
by Graphviz's ``dot`` program). A combat or replacement query has no graph of its own: the file
shows its state's continuous effects, and a line on stderr says so (exit 0)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from pyengine import hardlimit
from pyengine.cli import Parser, seconds
from pyengine.depgraph import graphs, to_dot
from pyengine.errors import PyengineError
from pyengine.layers import compute
from pyengine.printable import escape
from pyengine.scenario.loader import load_file


def write(dot: str, out: Path) -> None:
    """Write DOT text, or render it with Graphviz for .svg/.png."""
    ext = out.suffix.lower()
    if ext in (".dot", ".gv"):
        try:
            out.write_text(dot, encoding="utf-8")
        except OSError as exc:
            raise PyengineError(f"{out}: can't write the file: {exc.strerror or exc}") from None
        return
    if ext not in (".svg", ".png"):
        raise PyengineError(f"{out}: expected a .dot, .gv, .svg or .png file name")
    if not out.parent.is_dir():
        raise PyengineError(f"{out}: can't write the file: no such folder {str(out.parent)!r}")
    exe = shutil.which("dot")
    if exe is None:
        raise PyengineError(f"{out}: drawing {ext} needs Graphviz's 'dot' program "
                            "(apt-get install graphviz); .dot output needs nothing")
    proc = subprocess.run([exe, f"-T{ext[1:]}", "-o", str(out)], input=dot.encode("utf-8"),
                          capture_output=True, timeout=120, check=False)
    if proc.returncode != 0:
        raise PyengineError(f"{out}: dot failed: {proc.stderr.decode(errors='replace').strip()[:200]}")


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    ap = Parser(prog="pyengine graph", description=__doc__)
    ap.add_argument("scenario", help="a scenario file (any query kind: the graph is of its state's "
                    "continuous effects)")
    ap.add_argument("-o", "--output", required=True, help="FILE.dot, FILE.svg or FILE.png")
    ap.add_argument("--timeout", type=seconds, default=60.0, metavar="S",
                    help="seconds the layer engine may take (default: %(default)g)")
    args = ap.parse_args(argv)
    scenario = load_file(args.scenario)
    with hardlimit.guard(args.timeout, f"the layer engine on {scenario.id}"):
        result = compute(scenario.state, timeout=args.timeout)
    write(to_dot(graphs(result), title=scenario.id), Path(args.output))
    if scenario.kind != "characteristics":  # the graph is the state's, not the query's
        found = "" if result.applications or result.player_applications else " (here none: it is empty)"
        print(escape(f"{scenario.id}: a {scenario.kind} query has no dependency graph of its own; "
                     f"{args.output} shows the continuous effects of its state (CR 613){found}, and "
                     "`pyengine explain` explains the query"), file=sys.stderr)
    return 0
