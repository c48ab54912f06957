"""Cascade (CR 702.85a) and discover (701.57a) as their instructions resolve: exiling cards from
the top of a library until a nonland card of a small enough mana value, then the player's choice
to cast it without paying its mana cost (118.9, 608.2g).

- ``{kind: cascade}`` (the instruction of cascade's triggered ability, "when you cast this
  spell", pyengine.oracle.keyword_cascade): "exile cards from the top of your library until you
  exile a nonland card whose mana value is less than this spell's mana value. You may cast that
  card without paying its mana cost if the resulting spell's mana value is less than this
  spell's mana value. Then put all cards exiled this way that weren't cast on the bottom of your
  library in a random order." This spell is the ability's source; its mana value is read as the
  ability resolves: on the stack, with the X chosen (202.3e). A spell that has left the stack by
  then is read as the card it is now only when that can't differ from the spell (no X, not cast
  as a half or a face); otherwise its last known information would be needed (608.2h), which the
  game doesn't keep, and the game refuses.
- ``{kind: discover, count: N}``: "exile cards from the top of your library until you exile a
  nonland card with mana value N or less. You may cast that card without paying its mana cost if
  the resulting spell's mana value is less than or equal to N. If you don't cast it, put that
  card into your hand. Put the remaining exiled cards on the bottom of your library in a random
  order."

Each card is exiled in turn through the replacement engine (701.13a); a card a replacement put
elsewhere is not exiled "this way". A card's mana value in exile is the card's (202.3; a split
card's both halves, 709.4). The library's named cards are its top cards
(pyengine.game.library); an unnamed card reached has no known characteristics, and the game
stops rather than guess: the scenario names the library's cards down to the one found. An empty
library ends the exiling (nothing found, 609.3).

The choice is the script's, given ahead and used by that player's next cascade or discover that
finds a card: ``{cascade_choice: {player: P, cast: false | CAST}}`` (``discover_choice`` alike),
CAST a ``cast`` action's fields (``alternative`` is ``free``; ``player`` and ``spell`` may be
left out: the player, and the card found). The spell is cast during the resolution (608.2g:
601.2a-i, no priority after it; the cast engine's ``free_window`` allows that card from exile
with no cost but "without paying its mana cost" and checks the resulting spell's mana value,
asp/cast/announce.lp) and becomes the topmost object of the stack. Without a choice the game
stops naming it. The cards put on the bottom "in a random order" go there in the order they were
exiled (the first exiled the topmost of them): a random order the game doesn't draw, on which a
scenario mustn't rely.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KINDS = ("cascade", "discover")  # the instructions, their bound events, their choices
RULE = {"cascade": "702.85a", "discover": "701.57a"}
KEYS = frozenset(f"{k}_choice" for k in KINDS)  # the script's choices


def bind(ins: Instruction, named: Any, refs: dict[str, tuple[str, ...]]) -> list[Event]:
    """One event per player the instruction names: cascade's source is the spell (self)."""
    source = (refs.get("self") or (None,))[0] if ins.kind == "cascade" else None
    limit = ins.get("count") if ins.kind == "discover" else None
    return [Event(ins.kind, (("player", ("p", pid)), ("source", source), ("limit", limit)))
            for pid in named(ins.get("player"))]


def read(reader: Any, cur: Cursor, what: str) -> Any:
    """``{player: P, cast: false | {targets, payment, x, as, ...}}``: whether (how) the player
    casts the card their next cascade or discover finds."""
    from pyengine.game.cast_ahead import cast_or_not
    from pyengine.game.choice import ChooseAhead

    cur.mapping({"player", "cast"}, f"{{player: P, cast: false | {{spell, targets, x, as, ...}}}} "
                                    f"(CR {RULE[what]})")
    player = reader.player(cur.req("player"))
    sub = cur.req("cast")
    action = cast_or_not(reader, sub, "free", "{spell, targets, x, as, ...}", f"{RULE[what]}, 118.9b",
                         "the card is cast without paying its mana cost, no other cost", {"player": player})
    if action is False:
        return ChooseAhead(what, player, False)
    if action.proposal.player != player:
        sub.fail(f"the card is cast by {player}, who exiled it (CR {RULE[what]})")
    return ChooseAhead(what, player, action)


def _take(game: Game, what: str, player: str) -> tuple[Game, Any]:
    for i, (w, k, v) in enumerate(game.resolution_choices):
        if w == what and k == player:
            rest = game.resolution_choices[:i] + game.resolution_choices[i + 1:]
            return game.clone(resolution_choices=rest), v
    return game, None


def _move(oid: str, src: str, to: str, position: str | None = None) -> Event:
    return Event("move", (("object", ("o", oid)), ("count", 1), ("from", src), ("to", to),
                          ("cause", "effect"),
                          ("position", position), ("control", None), ("as", None), ("tapped", False),
                          ("face", "front"), ("choice", None)))


def spell_value(game: Game, item: StackItem, source: str | None) -> int:
    """702.85a: "this spell's mana value" as the cascade resolves (202.3e: X as chosen)."""
    from pyengine.model.mana import parse_cost

    obj = next((o for o in game.state.objects if o.id == source), None)
    if obj is None:
        raise IllegalAction("702.85a", f"{item.text!r} ({item.id}): its spell {source} is gone")
    xs = sum(1 for s in parse_cost(obj.printed.mana_cost).symbols if s == "X") if obj.printed.mana_cost else 0
    if obj.zone == Zone.STACK:
        spell = next((s for s in game.stack if s.obj == source), None)
        x = getattr(getattr(spell, "cast", None), "x", None) or 0
        return obj.printed.mana_value + xs * x
    if xs or obj.as_cast is not None or obj.printed.layout in ("split", "adventure"):
        raise IllegalAction("608.2h", f"{item.text!r} ({item.id}): {source} has left the stack; its mana "
                                      "value as a spell is its last known information, which the game "
                                      "doesn't keep")
    return obj.printed.mana_value


def perform(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """702.85a / 701.57a: exile until a card found, the cast or not, the rest to the bottom."""
    from pyengine.game.casting import cast
    from pyengine.game.library import _top_cards
    from pyengine.game.perform import perform as happen

    what, player = e.kind, e.get("player")[1]
    rule = RULE[what]
    if what == "cascade":
        limit, n = "lt", spell_value(game, item, e.get("source"))
    else:
        limit, n = "lte", int(e.get("limit"))
    exiled: list[str] = []
    found: str | None = None
    while found is None:
        game, top = _top_cards(game, player, 1)
        if not top:
            break  # 609.3: the library is empty, nothing found
        card = game.state.object(top[0])
        if not card.printed.name:
            raise IllegalAction(rule, f"{player}'s library: its next card ({card.id}) is unnamed, its "
                                      "characteristics unknown; name the library's cards down to the one "
                                      f"the {what} finds")
        game = happen(game, [_move(card.id, "library", "exile")], rule=rule, budget=budget)
        if game.state.object(card.id).zone != Zone.EXILE:
            continue  # a replacement put it elsewhere: not exiled this way
        exiled.append(card.id)
        mv = card.printed.mana_value
        if "Land" not in card.printed.types and (mv < n if limit == "lt" else mv <= n):
            found = card.id
    where = f"found {found}" if found else "nothing found"
    game = game.emit(GameEvent(what, player=player, amount=n, obj=found, rule=rule,
                               cause=f"{where}; exiled {', '.join(exiled) or 'none'}"))
    cast_it = False
    if found is not None:
        game, chosen = _take(game, what, player)
        if chosen is None:
            raise IllegalAction(rule, f"{item.text!r} ({item.id}): {player} exiled {found} and may cast it "
                                      f"without paying its mana cost; give {{{what}_choice: {{player: "
                                      f"{player}, cast: false | {{spell: {found}, targets, ...}}}}}} "
                                      "before it resolves")
        if chosen is not False:
            if chosen.proposal.spell != found:
                raise IllegalAction(rule, f"{player}'s {what} found {found}; the choice casts "
                                          f"{chosen.proposal.spell}")
            game = cast(game, replace(chosen), budget, free=(limit, n))
            cast_it = True
    if found is not None and not cast_it and what == "discover":
        game = happen(game, [_move(found, "exile", "hand")], rule=rule, budget=budget)  # 701.57a
    rest = [oid for oid in exiled if not (cast_it and oid == found)
            and game.state.object(oid).zone == Zone.EXILE]
    if rest:  # "in a random order": the order they were exiled (the module's documentation)
        moves = [_move(oid, "exile", "library", "bottom") for oid in rest]
        game = happen(game, moves, rule=rule, budget=budget)
    return game
