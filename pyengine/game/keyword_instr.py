"""Keyword actions as instructions of a spell or ability (CR 701), followed in order as it
resolves (608.2c): bolster N (701.39a), populate (701.36a), amass [subtype] N (701.47a) and
explore (701.44a, pyengine.game.explore), connive (701.50a, pyengine.game.connive).

Each has a choice its player makes as the instruction is followed (608.2d): the creature among
those tied for least toughness (bolster), the creature token to copy (populate), the Army
creature to put the counters on (amass: after its 0/0 black SUBTYPE Army token is created when
the player controls no Army creature; the Army becomes a SUBTYPE in addition to its other types,
indefinitely, when it isn't one). The script
gives it ahead as ``{keyword_choice: {KEY: ID}}`` (KEY as ``may``'s: the resolving object's
id, ``SOURCE:N`` or ``SOURCE``); without it the game stops naming the candidates, unless there
is only one (or none: 701.36b, nothing is created; bolster with no creature does nothing). The
counters and the copy are put and made as the script actions ``bolster`` and ``populate`` do
(pyengine.game.keyword_actions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "keyword_instr"  # the bound event (pyengine.game.choice.KINDS)
WHAT = "keyword"  # the kind of the script's choice kept among the game's resolution choices
WORDS = ("bolster", "populate", "amass", "explore", "connive")
RULES = {
    "bolster": "701.39a",
    "populate": "701.36a",
    "amass": "701.47a",
    "explore": "701.44a",
    "connive": "701.50a",
    "transform": "701.27a",
}


def bind(
    ins: Instruction, refs: dict[str, tuple[str, ...]], plain: Callable[[Instruction], list[Event]]
) -> list[Event]:
    """One event per player the instruction's ``player`` names (608.2c); amass's token
    creation bound as an event, made only if needed as it resolves."""
    from pyengine.game.choice import _named

    f = dict(ins.fields)
    if ins.kind in ("explore", "connive", "transform"):  # 701.44a: the permanent's controller, as it resolves
        return [
            Event(KIND, (("word", ins.kind), ("object", ("o", oid)))) for oid in _named(refs, f["object"])
        ]
    if ins.kind == "remove_or_sacrifice":  # 702.32a (pyengine.game.fading)
        return [Event(KIND, (("word", ins.kind), ("object", ("o", oid)), ("counter", f["counter"])))
                for oid in _named(refs, f["object"])]
    if ins.kind == "myriad":  # 702.116a (pyengine.game.myriad)
        return [Event(KIND, (("word", "myriad"),))]
    if ins.kind == "additional_phases":  # 500.8 (pyengine.game.extra_phases)
        return [Event(KIND, (("word", ins.kind), ("phases", f["phases"]), ("after", f["after"])))]
    if ins.kind == "renown":  # 702.112a (pyengine.game.renown)
        return [Event(KIND, (("word", "renown"), ("object", ("o", oid)), ("amount", f["amount"])))
                for oid in _named(refs, f["object"])]
    out = []
    for pid in _named(refs, ins.get("player")):
        create = tuple(plain(f["create"])) if "create" in f else ()
        if create:  # the token is created under the amassing player's control (701.47a)
            create = tuple(
                Event(e.kind, tuple((k, ("p", pid)) if k == "control" else (k, v) for k, v in e.fields))
                for e in create
            )
        out.append(
            Event(
                KIND,
                (
                    ("word", ins.kind),
                    ("player", ("p", pid)),
                    ("amount", f.get("amount")),
                    ("subtype", f.get("subtype")),
                    ("create", create),
                ),
            )
        )
    return out


def read(reader: Any, cur: Any) -> Any:
    """``{KEY: ID}``: the creature (bolster), creature token (populate) or Army (amass)
    chosen; ``{KEY: true|false}``: whether the nonland card an explore revealed is put into
    the graveyard (701.44a)."""
    from pyengine.game.choice import ChooseAhead

    cur.mapping(
        None, "{KEY: ID}: the resolving spell's or ability's id, SOURCE:N or SOURCE, and the permanent chosen"
    )
    if len(cur.value) != 1:
        cur.fail("expected one resolving object's choice")
    key, sub = next(iter(cur.items()))
    if isinstance(sub.value, bool):
        return ChooseAhead(WHAT, str(key), sub.value)
    oid = sub.string("a permanent's id (or true|false: explore's graveyard choice)")
    if oid not in reader.ids:
        sub.fail(f"dangling object id {oid!r}: no object has this id")
    return ChooseAhead(WHAT, str(key), oid)


def perform(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """The keyword action, its choice the script's (608.2d)."""
    from pyengine.game import keyword_model as M
    from pyengine.game.choice import _keys, _take
    from pyengine.game.keyword_actions import _bolster, _creatures, _populate

    word = e.get("word")
    if word == "transform":  # 701.27a, 701.27f (pyengine.game.transform_instr)
        from pyengine.game.transform_instr import transform_instr

        return transform_instr(game, item, e.get("object")[1], budget)
    if word == "remove_or_sacrifice":  # 702.32a: no choice to make
        from pyengine.game.fading import remove_or_sacrifice

        return remove_or_sacrifice(game, e.get("object")[1], e.get("counter"), budget)
    if word == "additional_phases":  # 500.8: after the current phase
        from pyengine.game.extra_phases import add

        return add(game, tuple(e.get("phases")), e.get("after") == "main_phase")
    if word == "myriad":  # 702.116a: no opponent other than the defending player in two-player games
        from pyengine.game.myriad import myriad

        return myriad(game, item)
    if word == "renown":  # 702.112a: no choice to make
        from pyengine.game.renown import renown

        return renown(game, e.get("object")[1], e.get("amount"), budget)
    game, chosen = _take(game, item, WHAT)
    if word == "explore":
        from pyengine.game.explore import explore

        return explore(game, item, e.get("object")[1], chosen, budget)
    if word == "connive":  # 701.50a (pyengine.game.connive)
        from pyengine.game.connive import connive

        return connive(game, item, e.get("object")[1], chosen, budget)
    pid = e.get("player")[1]
    if word == "amass":
        return _amass(game, item, e, pid, chosen, budget)
    if word == "bolster":  # 701.39a: among the creatures tied for least toughness
        mine = _creatures(game, pid, budget)
        least = min((ch.toughness or 0 for ch in mine.values()), default=None)
        tied = sorted(i for i, ch in mine.items() if (ch.toughness or 0) == least)
        candidates = tied
    else:  # 701.36a: a creature token they control
        candidates = sorted(_creatures(game, pid, budget, tokens=True))
    if chosen is None and len(candidates) > 1:
        raise IllegalAction(
            RULES[word],
            f"{item.text!r} ({item.id}): {pid} chooses among "
            f"{', '.join(candidates)}: give {{keyword_choice: "
            f"{{{_keys(item)[-1]}: ID}}}} before it resolves",
        )
    if chosen is not None and chosen not in candidates:
        what = "the creatures tied for least toughness" if word == "bolster" else "the creature tokens"
        raise IllegalAction(
            RULES[word], f"{chosen} is not among {what} {pid} controls: {', '.join(candidates) or 'none'}"
        )
    pick = chosen if chosen is not None else (candidates[0] if candidates else None)
    if word == "bolster":
        return _bolster(game, M.Bolster(pid, e.get("amount"), pick), budget)
    if pick is None:  # 701.36b: no creature token, no token created
        return game
    from pyengine.game.tokens import new_id

    copied = game.state.object(pick)
    taken = {o.id for o in game.state.objects}
    name = copied.printed.name or pick
    return _populate(game, M.Populate(pid, pick, new_id(name, taken)), budget)


def _armies(game: Game, pid: str, budget: Budget | float) -> list[str]:
    from pyengine.game.keyword_actions import _creatures

    return sorted(i for i, ch in _creatures(game, pid, budget).items() if "Army" in ch.subtypes)


def _amass(game: Game, item: StackItem, e: Event, pid: str, chosen: Any, budget: Budget | float) -> Game:
    """701.47a: an Army token if the player controls no Army creature; then the chosen Army gets
    N +1/+1 counters and becomes a SUBTYPE in addition to its other types if it isn't one."""
    from pyengine.game.choice import _keys
    from pyengine.game.perform import perform as perform_events

    rule, sub = RULES["amass"], e.get("subtype")
    if not _armies(game, pid, budget):
        game = perform_events(game, list(e.get("create")), rule=rule, budget=budget)
    armies = _armies(game, pid, budget)
    if chosen is None and len(armies) > 1:
        raise IllegalAction(
            rule,
            f"{item.text!r} ({item.id}): {pid} chooses an Army among {', '.join(armies)}: "
            f"give {{keyword_choice: {{{_keys(item)[-1]}: ID}}}} before it resolves",
        )
    if chosen is not None and chosen not in armies:
        raise IllegalAction(
            rule, f"{chosen} is not an Army creature {pid} controls: {', '.join(armies) or 'none'}"
        )
    army = chosen if chosen is not None else (armies[0] if armies else None)
    if army is None:  # the token wasn't created (a replacement, 614): nothing to choose (701.47b)
        return game
    n = e.get("amount")
    if n:
        ev = Event(
            "counters",
            (
                ("target", ("o", army)),
                ("counter", "+1/+1"),
                ("amount", n),
                ("by", ("p", pid)),
                ("cause", "effect"),
            ),
        )
        game = perform_events(game, [ev], rule=rule, budget=budget)
    from pyengine.game.perform import layers

    ch = layers(game.state, budget).objects.get(army)
    if ch is None or sub in ch.subtypes or game.state.object(army).zone.value != "battlefield":
        return game
    return _becomes(game, army, sub, pid)


def _becomes(game: Game, army: str, sub: str, pid: str) -> Game:
    """ "It becomes a SUBTYPE in addition to its other types" (701.47a): a continuous effect
    from the resolving ability, of no set duration (611.2a), on that object (layer 4, 613.1d)."""
    from pyengine.lang.effects import Ctx, parse_effect
    from pyengine.lang.yamlread import Cursor
    from pyengine.model.effects import ResolvedEffect
    from pyengine.model.enums import Duration

    text = f"is a {sub} in addition to its other types"
    definition = parse_effect(
        Cursor({"text": text, "add_subtypes": [sub]}, "amass", None, None),
        Ctx(players=game.state.player_ids),
        allow_no_affects=True,
    )
    ts = game.next_timestamp
    eff = ResolvedEffect(f"amass@{ts}", definition, ts, pid, Duration.PERMANENT, locked=(army,))
    return game.with_state(effects=game.state.effects + (eff,)).clone(next_timestamp=ts + 1)


def acting_controller(game: Game, obj: str, rule: str, verb: str, budget: Budget | float) -> str:
    """The controller of the permanent that explores or connives (701.44a, 701.50a); one that
    has left the battlefield would act by its last known information (701.44c, 701.50c), which
    the game doesn't follow: it stops and says so."""
    from pyengine.game.perform import layers
    from pyengine.model.enums import Zone

    o = game.state.object(obj)
    if o.zone != Zone.BATTLEFIELD:
        raise IllegalAction(rule, f"{obj} {verb} from the {o.zone.value}: its last known information is not "
                                  "followed yet")
    ch = layers(game.state, budget).objects.get(obj)
    return ch.controller if ch is not None else o.controller


def plus_one_counter(obj: str, pid: str) -> Event:
    """A +1/+1 counter put on ``obj`` by ``pid`` (explore, 701.44a; connive, 701.50a)."""
    return Event("counters", (("target", ("o", obj)), ("counter", "+1/+1"), ("amount", 1), ("by", ("p", pid)),
                              ("cause", "effect")))
