"""The playground's HTTP application (Starlette): the page, its script, and a small JSON API.

It reads only the scenario text a request sends and the bundled files (the scenarios folder,
the card catalog, the JSON Schema); each request's work has a time limit (the query's budget,
then a kill, pyengine.web.work) and a size limit (bundled.MAX_BYTES)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pyengine.errors import PyengineError
from pyengine.web import bundled, work

STATIC = Path(__file__).parent / "static"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


@dataclass(frozen=True)
class Settings:
    """``timeout``: the default seconds of a query, ``max_timeout`` the most a request may ask;
    ``jobs``: queries computed at once; ``memory``: MiB a query may use (None: no limit)."""

    scenarios: Path
    timeout: float = 10.0
    max_timeout: float = 60.0
    jobs: int = 2
    memory: int | None = None
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]", "testserver")  # Host headers taken


class TooLarge(Exception):
    """A request body past the size limit."""


def _cross_site(request: Request) -> bool:
    """A request a page of another site sent (its Origin is not this server): a browser sends
    such a POST without asking, so the playground refuses it rather than spend a query on it."""
    origin = request.headers.get("origin")
    return origin is not None and urlsplit(origin).netloc != request.headers.get("host")


def _refused() -> JSONResponse:
    return JSONResponse({"status": "error", "line": None,
                         "message": "refused: the request came from a page of another site"}, 403)


async def _body(request: Request) -> str:
    size = int(request.headers.get("content-length") or 0)
    if size > bundled.MAX_BYTES:
        raise TooLarge
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > bundled.MAX_BYTES:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", errors="replace")


def _too_large() -> JSONResponse:
    return JSONResponse({"status": "error", "line": None, "message": "the scenario is larger than "
                         f"{bundled.MAX_BYTES // 1024} KB: the playground takes at most that"}, 413)


def create_app(settings: Settings) -> Starlette:
    """The application for ``settings``."""
    limiter = anyio.CapacityLimiter(max(1, settings.jobs))
    work.preload()

    def timeout_of(request: Request) -> float:
        raw = request.query_params.get("timeout", "")
        try:
            value = float(raw) if raw else settings.timeout
        except ValueError:
            value = settings.timeout
        if not value > 0:
            value = settings.timeout
        return min(value, settings.max_timeout)

    async def limited(fn: Any, args: tuple[Any, ...], timeout: float) -> dict[str, Any]:
        return await anyio.to_thread.run_sync(work.run_limited, fn, args, timeout, settings.memory,
                                              limiter=limiter)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def scenarios(request: Request) -> Response:
        return JSONResponse(bundled.listing(settings.scenarios))

    async def scenario(request: Request) -> Response:
        rel = request.query_params.get("path", "")
        try:
            return JSONResponse({"path": rel, "text": bundled.read(settings.scenarios, rel)})
        except PyengineError as exc:
            return JSONResponse({"status": "error", "message": str(exc)}, 404)

    async def limits(request: Request) -> Response:
        return JSONResponse({"timeout": settings.timeout, "max_timeout": settings.max_timeout,
                             "max_bytes": bundled.MAX_BYTES})

    async def cards(request: Request) -> Response:
        return JSONResponse(bundled.cards())

    async def schema(request: Request) -> Response:
        from pyengine import api

        return JSONResponse(api.schema())

    async def validate(request: Request) -> Response:
        if _cross_site(request):
            return _refused()
        try:
            text = await _body(request)
        except TooLarge:
            return _too_large()
        return JSONResponse(await limited(work.validate, (text,), settings.timeout))

    async def solve(request: Request) -> Response:
        if _cross_site(request):
            return _refused()
        try:
            text = await _body(request)
        except TooLarge:
            return _too_large()
        timeout = timeout_of(request)
        return JSONResponse(await limited(work.analyse_text, (text, timeout), timeout))

    async def check(request: Request) -> Response:
        if _cross_site(request):
            return _refused()
        rel = request.query_params.get("path", "")
        try:
            text = bundled.read(settings.scenarios, rel)
        except PyengineError as exc:
            return JSONResponse({"status": "error", "message": str(exc)}, 404)
        timeout = timeout_of(request)
        result = await limited(work.analyse_text, (text, timeout, False), timeout)
        keep = ("status", "id", "kind", "check", "message", "line", "seconds")
        return JSONResponse({"path": rel} | {k: v for k, v in result.items() if k in keep})

    routes = [
        Route("/", index),
        Route("/api/scenarios", scenarios),
        Route("/api/scenario", scenario),
        Route("/api/cards", cards),
        Route("/api/limits", limits),
        Route("/api/schema", schema),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/solve", solve, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    # a page on another site can't reach this server through a name it controls (DNS rebinding)
    app = Starlette(routes=routes, middleware=[
        Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts)),
        Middleware(SecurityHeaders)])
    return app


class SecurityHeaders:
    """ASGI middleware: every response runs no script but the page's own (CSP), is not
    sniffed as another type, and sends no referrer."""

    HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer")]

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = message | {"headers": list(message.get("headers", [])) + self.HEADERS}
            await send(message)

        await self.app(scope, receive, sending)
