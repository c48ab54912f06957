"""Query kinds. Each module registers a :class:`QueryKind` in :data:`REGISTRY`."""

from __future__ import annotations

from pyengine.queries.base import REGISTRY, QueryKind, get

__all__ = ["REGISTRY", "QueryKind", "get"]
