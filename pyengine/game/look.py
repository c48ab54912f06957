"""Looking at (or revealing) the top cards of a library and putting them where the instruction
says: "Look at the top four cards of your library. You may reveal a creature card from among
them and put it into your hand. Put the rest on the bottom of your library in a random order."

The instruction ``{kind: look, player: P, count: N, reveal: BOOL, take: K|all, up_to: BOOL,
for: WORDS, to: hand|graveyard|battlefield, tapped: BOOL, rest: bottom|top|graveyard|hand,
order: any|random}`` of a ``do:`` (docs/effect-language.md). The player looks at the top ``count``
cards of their library (all of them when it has fewer: 609.3), only they seeing them (701.20e),
or reveals them (701.20a: shown to every player); the cards stay in the library while looked
at (701.20b). Then (608.2c, in the order written) ``take`` of them go ``to`` their zone (``tapped``
onto the battlefield): exactly ``K`` (fewer only when fewer were looked at, 609.3), up to ``K``
(``up_to``: "you may ... a card"), or ``all`` those that match; with ``for`` each card taken must
have every word of one of its alternatives ("creature", "Elf or Warrior") among its supertypes,
card types and subtypes (pyengine.game.search). The others ("the rest") go on the bottom of the
library, back on top, into the graveyard or into the hand. Cards put on the top or the bottom together are in
the order the player chooses (401.4; "in any order"); "in a random order" is no choice of the
player's, and the order the script gives stands for the random result (as a discard at random
names the card it took).

The choice is the script's, given ahead (``{look_choice: {player: P, take: [IDS], rest: [IDS]}}``,
``rest`` top first) and used by that player's next such instruction; without one the game stops
rather than choose, unless nothing is looked at. A card looked at that is not a named object
becomes one (``PLAYER-card-N``, its face unknown, pyengine.game.library): such a card can be
taken when the instruction names no quality, but whether it matches a quality is unknown, so
it can't be taken for one, and with ``take: all`` the game stops rather than guess. The moves
to a hand, graveyard or the battlefield go through the replacement engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.lang.yamlread import Cursor
from pyengine.model.objects import Characteristics
from pyengine.replacement.event import Event

RULE = "701.20e"  # looking at cards (701.20a: revealing them)
TAKEN_TO = ("hand", "graveyard", "battlefield")
REST_TO = ("bottom", "top", "graveyard", "hand")
ORDERS = ("any", "random")
FORM = ("{kind: look, player: P, count: N, reveal: BOOL, take: K|all, up_to: BOOL, for: WORDS, "
        "to: hand|graveyard|battlefield, tapped: BOOL, rest: bottom|top|graveyard|hand, order: any|random} "
        "(CR 701.20e, 701.20a, 401.4)")


def read(doc: dict[str, Any], cur: Cursor, players: Sequence[str]) -> Event:
    """The instruction (player ids filled in)."""
    cur.mapping({"kind", "player", "count", "reveal", "take", "up_to", "for", "to", "tapped", "rest",
                 "order"}, FORM)
    player = cur.req("player").choice(tuple(players), "a player id:") if cur.has("player") else players[0]
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    take: int | str = 0
    if cur.has("take"):
        if cur.get("take").value == "all":
            take = "all"
        else:
            take = cur.get("take").integer("how many cards are taken (or all)", 0)
    quality = cur.get("for").string("the quality of the cards taken (supertype, card type, subtype "
                                    "words)") if cur.has("for") and cur.get("for").value != "" else ""
    if take == "all" and not quality:
        cur.get("take").fail("take: all needs the quality of the cards taken (for: WORDS)")
    flags = {k: cur.get(k).boolean() if cur.has(k) else False for k in ("reveal", "up_to", "tapped")}
    to = cur.get("to").choice(TAKEN_TO, "where the cards taken go:") if cur.has("to") else "hand"
    rest = cur.get("rest").choice(REST_TO, "where the rest go:") if cur.has("rest") else "top"
    order = cur.get("order").choice(ORDERS, "the order of the rest:") if cur.has("order") else "any"
    return Event("look", (("player", ("p", player)), ("count", count), ("reveal", flags["reveal"]),
                          ("take", take), ("up_to", flags["up_to"]), ("for", quality), ("to", to),
                          ("tapped", flags["tapped"] and to == "battlefield"), ("rest", rest),
                          ("order", order)))


def _ask(player: str, looked: list[str]) -> str:
    return (f"{{look_choice: {{player: {player}, take: [IDS], rest: [IDS]}}}} before it happens "
            f"(cards looked at, top first: {', '.join(looked)})")


def _check(game: Game, e: Event, looked: list[str], take: tuple[str, ...], rest: tuple[str, ...]) -> None:
    """The choice puts each card looked at in one place, and takes what the instruction allows."""
    from pyengine.game.search import matches

    player, want, quality = e.get("player")[1], e.get("take"), e.get("for")
    placed = take + rest
    if sorted(placed) != sorted(looked) or len(set(placed)) != len(placed):
        raise IllegalAction(RULE, f"{player} looks at {', '.join(looked)}: the choice must put each card "
                                  f"looked at in exactly one place, got {', '.join(placed) or 'none'}")
    if quality:
        for oid in take:
            if not matches(game, oid, quality):
                raise IllegalAction(RULE, f"{oid} can't be taken: it is not known to be a {quality} card")
    if want == "all":  # every card that matches: a card whose face is unknown may match
        objs = {o.id: o for o in game.state.objects}
        unknown = [i for i in rest if objs[i].printed == Characteristics()]  # looked at, face unknown
        if unknown:
            raise IllegalAction(RULE, f"whether {', '.join(unknown)} is a {quality} card is unknown: name "
                                      "the cards of the library")
        left = [i for i in rest if matches(game, i, quality)]
        if left:
            raise IllegalAction(RULE, f"every {quality} card looked at is taken; {', '.join(left)} is one")
        return
    need = min(int(want), len(looked))
    if len(take) > need or (not e.get("up_to") and len(take) < need):
        how = "up to " if e.get("up_to") else ""
        raise IllegalAction("609.3" if len(take) < need else RULE,
                            f"{player} takes {how}{need} of the cards looked at, got {len(take)}")


def look(game: Game, e: Event, budget: Budget | float) -> Game:
    """701.20e (701.20a revealed): the top cards looked at, then put where the choice says."""
    from pyengine.game import library
    from pyengine.game.perform import perform

    player, n = e.get("player")[1], e.get("count")
    verb = "reveals" if e.get("reveal") else "looks at"
    rule = "701.20a" if e.get("reveal") else RULE
    if n <= 0:
        return game
    game, looked = library._top_cards(game, player, n)
    if not looked:  # nothing to look at (609.3): a choice given for it, placing nothing, is used up
        empty = next((c for c in game.look_choices if c.player == player), None)
        if empty is not None and empty.kind == "look" and not empty.top and not empty.away:
            game = game.clone(look_choices=tuple(c for c in game.look_choices if c is not empty))
        return game.emit(GameEvent("look", player=player, amount=n, cause="nothing to look at", rule=rule))
    choice = next((c for c in game.look_choices if c.player == player), None)
    if choice is None:
        raise IllegalAction(rule, f"{player} {verb} the top {n} card(s) of their library: the player "
                                  f"chooses where they go; give {_ask(player, looked)}")
    if choice.kind != "look":
        raise IllegalAction(rule, f"{player} {verb} the top {n} card(s) of their library, but the next "
                                  f"choice given is a {choice.kind}'s; give {_ask(player, looked)}")
    _check(game, e, looked, choice.top, choice.away)
    game = game.clone(look_choices=tuple(c for c in game.look_choices if c is not choice))
    where = f"taken ({e.get('to')}): {', '.join(choice.top) or 'none'}; rest ({e.get('rest')}, " \
            f"{e.get('order')} order): {', '.join(choice.away) or 'none'}"
    game = game.emit(GameEvent("look", player=player, amount=len(looked),
                               cause=where, rule=rule))

    def moves(ids: Sequence[str], to: str, tapped: bool) -> list[Event]:
        return [Event("move", (("object", ("o", oid)), ("count", 1), ("from", "library"), ("to", to),
                               ("cause", "effect"), ("position", None), ("control", None), ("as", None),
                               ("tapped", tapped), ("face", "front"), ("choice", None))) for oid in ids]

    rest = e.get("rest")
    if rest == "bottom":  # 401.4: put together, in the chosen (or random) order, the last bottom-most
        below = [i for i in library.bottom_of(game, player) if i not in looked]
        game = library._set_bottom(game, player, tuple(below + list(choice.away)))
    elif rest == "top":
        game = library._order_top(game, player, choice.away)
    if choice.top:  # 608.2c: the cards taken, then the rest (a graveyard's order is no choice here)
        game = perform(game, moves(choice.top, e.get("to"), bool(e.get("tapped"))), rule=rule, budget=budget)
    if rest in ("graveyard", "hand") and choice.away:
        game = perform(game, moves(choice.away, rest, False), rule=rule, budget=budget)
    return game
