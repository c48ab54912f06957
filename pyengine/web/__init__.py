"""``pyengine serve``: a playground in the browser. Edit a scenario (validated as you type, the
error at its line), pick cards from the catalog, and see the answer: the characteristics
table, the layer-by-layer explanation, the picture (the dependency graph, whose nodes show
their effect when clicked; the combat witness; the replacement outcome tree), and the check
against the scenario's expectation; browse and check the bundled scenarios; share a permalink
(the scenario text in the URL's fragment, which never reaches the server).

Needs the optional extra ``web`` (Starlette and uvicorn): ``pip install -e '.[web]'``."""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path

from pyengine import hardlimit
from pyengine.errors import PyengineError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _port(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    from pyengine.cli import Parser, mebibytes, seconds

    ap = Parser(prog="pyengine serve", description=__doc__)
    ap.add_argument("--port", type=_port, default=8000, metavar="N", help="port (default: %(default)s)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default: %(default)s, this machine only)")
    ap.add_argument("--timeout", type=seconds, default=10.0, metavar="S",
                    help="seconds a query may take unless the page asks for less (default: %(default)g)")
    ap.add_argument("--max-timeout", type=seconds, default=60.0, metavar="S",
                    help="the most seconds a page may ask for (default: %(default)g)")
    ap.add_argument("--jobs", type=int, default=2, metavar="N",
                    help="queries computed at once (default: %(default)s)")
    ap.add_argument("--max-memory", type=mebibytes, default=hardlimit.DEFAULT_MAX_MEMORY_MIB,
                    metavar="MIB", help="MiB a query may use (default: %(default)s; 0: no limit)")
    ap.add_argument("--scenarios", metavar="DIR", help="the bundled scenarios to browse "
                    "(default: the checkout's scenarios folder)")
    args = ap.parse_args(argv)
    try:
        import uvicorn

        from pyengine.web.app import Settings, create_app
    except ModuleNotFoundError as exc:
        raise PyengineError(f"pyengine serve needs the optional extra 'web' (pip install "
                            f"'pyengine[web]'): {exc.name} is not installed") from None
    if args.jobs < 1:
        raise PyengineError("pyengine serve: --jobs must be at least 1")
    from pyengine.web.bundled import default_folder

    folder = Path(args.scenarios).resolve() if args.scenarios else default_folder()
    if not folder.is_dir():
        raise PyengineError(f"{args.scenarios or folder}: no such folder of scenarios")
    hosts = ["127.0.0.1", "localhost", "[::1]"]
    if args.host not in LOOPBACK:
        hosts.append(_host_header(args.host))
    settings = Settings(folder, timeout=min(args.timeout, args.max_timeout), max_timeout=args.max_timeout,
                        jobs=args.jobs, memory=args.max_memory or None, hosts=tuple(hosts))
    _preload()
    print(f"pyengine serve: http://{_host_header(args.host)}:{args.port}/ (Ctrl-C stops it)", file=sys.stderr)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="warning")
    return 0


def _host_header(host: str) -> str:
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host


def _preload() -> None:
    """The engines loaded before serving: each query's process starts with them."""
    from pyengine.web import work

    work.preload()
