"""Reading the keyword actions of a game script (CR 701): ``{KEY: ...}`` items into the values
of :mod:`pyengine.game.keyword_model`; a malformed one is a one-line error naming its field."""

from __future__ import annotations

from typing import Any

from pyengine.game import keyword_model as M
from pyengine.lang.yamlread import Cursor


def read(reader: Any, key: str, cur: Cursor) -> M.KeywordAction:
    """The action of script item ``{key: ...}`` (``reader``: the script's ScriptReader)."""
    if key == "abandon":  # a scheme card (701.33a)
        return M.VariantAction(key, reader.object(cur))
    if key in M.VARIANTS:
        return M.VariantAction(key, reader.player(cur))
    if key == "transform":
        return M.Transform(reader.object(cur if isinstance(cur.value, str) else
                                         cur.mapping({"object"}, "{object: PERMANENT}").req("object")))
    if key == "proliferate":
        cur.mapping({"player", "chosen"}, "{player: P, chosen: [PERMANENTS AND PLAYERS WITH COUNTERS]}")
        chosen = tuple(cur.req("chosen").strings("a list of permanent and player ids")) \
            if cur.get("chosen").value != [] else ()
        for c in chosen:
            if c not in reader.players and c not in reader.ids:
                cur.get("chosen").fail(f"expected a player or object id, got {c!r}")
        if len(set(chosen)) != len(chosen):
            cur.get("chosen").fail("expected each permanent or player once (CR 701.34a)")
        return M.Proliferate(reader.player(cur.req("player")), chosen)
    if key == "populate":
        cur.mapping({"player", "token", "id"}, "{player: P, token: CREATURE TOKEN, id: NEW TOKEN ID}")
        token = reader.object(cur.get("token")) if cur.has("token") else None
        return M.Populate(reader.player(cur.req("player")), token, _fresh(reader, cur.req("id")))
    if key == "monstrosity":
        cur.mapping({"object", "amount"}, "{object: PERMANENT, amount: N}")
        return M.Monstrosity(reader.object(cur.req("object")), cur.req("amount").integer("N", 0))
    if key == "bolster":
        cur.mapping({"player", "amount", "choice"}, "{player: P, amount: N, choice: CREATURE}")
        choice = reader.object(cur.get("choice")) if cur.has("choice") else None
        return M.Bolster(reader.player(cur.req("player")), cur.req("amount").integer("N", 0), choice)
    if key == "detain":
        cur.mapping({"controller", "objects"}, "{controller: P, objects: [PERMANENTS]}")
        objs = cur.req("objects")
        ids = [objs.value] if isinstance(objs.value, str) else objs.strings("a list of permanent ids")
        for o in ids:
            reader.object(Cursor(o, objs.path, objs.line, objs.file))
        if not ids:
            objs.fail("expected at least one permanent to detain")
        return M.Detain(reader.player(cur.req("controller")), tuple(ids))
    if key == "play_land":
        cur.mapping({"player", "card"}, "{player: P, card: A LAND CARD IN THEIR HAND}")
        return M.PlayLand(reader.player(cur.req("player")), reader.object(cur.req("card")))
    if key == "manifest":
        if isinstance(cur.value, str):
            return M.Manifest(reader.player(cur), None)
        cur.mapping({"player", "id"}, "{player: P, id: ID FOR AN UNNAMED TOP CARD}")
        new_id = _fresh(reader, cur.get("id")) if cur.has("id") else None
        return M.Manifest(reader.player(cur.req("player")), new_id)
    cur.mapping({"player", "object", "payment"},
                "{player: P, object: FACE-DOWN PERMANENT, payment: {tap, pool}}")
    payment = None
    if cur.has("payment"):
        from pyengine.queries.cast import _payment

        payment = _payment(cur.get("payment"), {o.id: o for o in reader.state.objects}, {})
    return M.TurnFaceUp(reader.player(cur.req("player")), reader.object(cur.req("object")), payment)


def _fresh(reader: Any, cur: Cursor) -> str:
    oid = cur.string("an id for the new object")
    if oid in reader.ids or oid in reader.players:
        cur.fail(f"id {oid!r} is already used")
    reader.ids.add(oid)
    reader.events.objects.add(oid)
    return oid
