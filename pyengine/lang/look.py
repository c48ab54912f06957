"""``{kind: look, player: REF, count: N, reveal: BOOL, take: K|all, up_to: BOOL, for: WORDS,
to: hand|graveyard|battlefield, tapped: BOOL, rest: bottom|top|graveyard|hand, order: any|random}``:
"look at the top four cards of your library. You may reveal a creature card from among them and
put it into your hand. Put the rest on the bottom of your library in a random order." (CR
701.20e, 701.20a, 401.4; performed by pyengine.game.look). ``player`` defaults to ``you``,
``count`` to 1, ``take`` to 0, ``to`` to hand, ``rest`` to top, ``order`` to any."""

from __future__ import annotations

from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction

FIELDS = ("player", "count", "reveal", "take", "up_to", "for", "to", "tapped", "rest", "order")


def parse(cur: Cursor, n_targets: int) -> Instruction:
    from pyengine.game.look import FORM, ORDERS, REST_TO, TAKEN_TO
    from pyengine.lang.triggers import PLAYER_WORDS, _ref

    cur.mapping({"kind", *FIELDS}, FORM)
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    take: int | str = 0
    if cur.has("take"):
        take = "all" if cur.get("take").value == "all" else \
            cur.get("take").integer("how many cards are taken (or all)", 0)
    quality = cur.get("for").string("the quality of the cards taken (supertype, card type, subtype "
                                    "words)") if cur.has("for") and cur.get("for").value != "" else ""
    if take == "all" and not quality.split():
        cur.get("take").fail("take: all needs the quality of the cards taken (for: WORDS)")
    flags = {k: cur.get(k).boolean() if cur.has(k) else False for k in ("reveal", "up_to", "tapped")}
    to = cur.get("to").choice(TAKEN_TO, "where the cards taken go:") if cur.has("to") else "hand"
    rest = cur.get("rest").choice(REST_TO, "where the rest go:") if cur.has("rest") else "top"
    order = cur.get("order").choice(ORDERS, "the order of the rest:") if cur.has("order") else "any"
    fields = (("player", player), ("count", count), ("reveal", flags["reveal"]), ("take", take),
              ("up_to", flags["up_to"]), ("for", quality), ("to", to), ("tapped", flags["tapped"]),
              ("rest", rest), ("order", order))
    return Instruction("look", fields)
