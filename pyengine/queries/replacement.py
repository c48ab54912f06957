"""Query ``replacement``: format reserved; its engine is not built yet."""

from __future__ import annotations

from pyengine.queries.base import planned

planned("replacement")
