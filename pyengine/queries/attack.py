"""Query ``attack``: is a proposed declaration of attackers legal (CR 508.1)? Without a
proposal: the maximum number of requirements obeyable and every legal declaration.
Format: scenarios/combat/README.md."""

from __future__ import annotations

from functools import partial

from pyengine.combat import query as cq
from pyengine.combat.model import Kind
from pyengine.combat.schemas import expect_schema, query_schema
from pyengine.queries.base import QueryKind, register

register(
    QueryKind(
        "attack",
        partial(cq.parse_query, Kind.ATTACK),
        partial(cq.parse_expect, Kind.ATTACK),
        cq.solve,
        cq.compare,
        query_schema=query_schema("attack"),
        expect_schema=expect_schema("attack"),
    )
)

facts = cq.facts  # `pyengine facts`: the board's facts (pyengine.api.facts)
