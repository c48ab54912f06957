"""Instructions that ask a player to choose as a spell or ability resolves (CR 608.2d): a
discard of cards the discarding player chooses (701.9b), an optional action with what follows
"If you do" / "If you don't" (118.12), and "[do something] unless [a player] pays {N}"
(118.12a).

They are bound, like events, as the spell or ability is put on the stack: each becomes an
:class:`Event` of one of :data:`KINDS` (its references filled in; the events it holds bound
too), kept among the stack object's events. As it resolves, the instructions are followed in
order (608.2c): the events before such an instruction happen (one batch), then the choice is
made and what it says happens, and so on.

The game never chooses for a player: the script gives each choice ahead, keyed like ``may``
(the stack object's id, ``SOURCE:N`` or ``SOURCE``): ``discard_choice`` (the cards),
``pay_choice`` (whether, and with which mana, the player pays), ``may`` (whether the optional
action is taken). A choice the script didn't give stops the game naming what to give, except
where the rules leave nothing to choose: every card of the hand is discarded, or the hand holds
no named card (its unnamed cards are all alike here).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.perform import perform
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.mana import parse_cost
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

# the stack object's events that are choices made as it resolves
# attach (701.3) and counter (a spell or ability, 701.6): performed in order by this module too;
# keyword_instr: bolster, populate, amass, explore, connive (701, pyengine.game.keyword_instr)
KINDS = frozenset({"discard_cards", "may_then", "unless_pays", "each_of", "proliferate_choice", "attach",
                   "counter", "pay_mana", "add_mana", "sacrifice_chosen", "keyword_instr",
                   "exile_until", "copy_spell", "madness_cast",
                   "cascade", "discover",  # 702.85a, 701.57a
                   "untap_chosen", "rebound_cast"})  # copy_spell: 707.10 (pyengine.game.copies)
# a card of the hand the scenario doesn't name, in a discard choice
UNNAMED = "unnamed"


@dataclass(frozen=True)
class ChooseAhead:
    """A choice the script makes ahead for a resolving spell or ability (608.2d): ``what``
    ``discard`` (the cards, ids or :data:`UNNAMED`) or ``pay`` (False, True, or the mana
    symbols spent from the pool); ``key`` as ``may``'s. Each is used once, in order."""

    what: str
    key: str
    value: Any


def read_ahead(reader: Any, what: str, cur: Cursor) -> ChooseAhead:
    """``{KEY: [CARDS]}`` (``discard_choice``) or ``{KEY: true|false|MANA}`` (``pay_choice``):
    the resolving object's id, ``SOURCE:N`` or ``SOURCE``."""
    shape = "[CARD ids or 'unnamed']" if what == "discard" else \
        "[PERMANENTS]" if what in ("sacrifice", "untap") \
        else "[PERMANENTS and PLAYERS]" \
        if what == "proliferate" else "MANA (the mana added, 106.1a)" if what == "mana" else \
        "true|false|MANA (the mana spent from the pool)"
    cur.mapping(None, f"{{KEY: {shape}}}: the resolving spell's or ability's id, SOURCE:N or SOURCE")
    if len(cur.value) != 1:
        cur.fail("expected one resolving object's choice")
    key, sub = next(iter(cur.items()))
    if what == "proliferate":  # 701.34a: the permanents and players chosen
        from pyengine.game.proliferate import read_ids

        return ChooseAhead(what, str(key), read_ids(reader, sub))
    if what in ("sacrifice", "untap"):  # 701.21a, 701.26b: the permanents chosen
        ids = tuple(sub.strings("a list of permanent ids"))
        for c in ids:
            if c not in reader.ids:
                sub.fail(f"dangling object id {c!r}: no object has this id")
        return ChooseAhead(what, str(key), ids)
    if what == "discard":
        cards = tuple(sub.strings("a list of card ids ('unnamed': a card of the hand the scenario "
                                  "doesn't name)"))
        for c, at in zip(cards, [sub] if isinstance(sub.value, str) else sub.seq(), strict=False):
            if c != UNNAMED and c not in reader.ids:
                at.fail(f"dangling object id {c!r}: no object has this id")
        return ChooseAhead(what, str(key), cards)
    if isinstance(sub.value, bool) and what != "mana":
        return ChooseAhead(what, str(key), sub.value)
    mana = sub.string("true, false or mana symbols")
    try:
        parse_cost(mana)
    except ValueError as e:
        sub.fail(str(e))
    return ChooseAhead(what, str(key), mana)


def choose(game: Game, action: ChooseAhead) -> Game:
    """The game with the choice kept until a resolving object it names uses it."""
    return game.clone(resolution_choices=game.resolution_choices + ((action.what, action.key, action.value),))


def _keys(item: StackItem) -> tuple[str, ...]:
    t = item.trigger[0] if item.trigger is not None else None
    return (item.id,) + ((f"{t.source}:{t.ability}", t.source) if t is not None else ())


def _take(game: Game, item: StackItem, what: str) -> tuple[Game, Any]:
    """The first choice of kind ``what`` the script gave for ``item`` (None: none given)."""
    keys = _keys(item)
    for i, (w, k, v) in enumerate(game.resolution_choices):
        if w == what and k in keys:
            rest = game.resolution_choices[:i] + game.resolution_choices[i + 1:]
            return game.clone(resolution_choices=rest), v
    return game, None


# --- binding (as the object is put on the stack) ------------------------------------------

def is_choice(ins: Instruction) -> bool:
    """Whether an instruction is bound here: a discard of chosen cards, "unless ... pays", or
    an optional instruction with what follows it (or one in a spell, which has no optional
    events of its own)."""
    if ins.kind == "transform":  # 701.27a, 701.27f: followed as it resolves (keyword_instr)
        return True
    return ins.kind in ("discard_cards", "unless_pays", "each", "proliferate", "attach", "counter",
                        "pay_mana", "add_mana", "sacrifice_chosen", "bolster", "populate", "amass", "explore",
                        "connive", "exile_until", "renown", "remove_or_sacrifice", "myriad", "copy_spell", "madness_cast",
                        "additional_phases", "untap_chosen", "rebound_cast") or \
        ins.kind in ("cascade", "discover") or \
        ins.kind == "may" and (
        bool(ins.get("then")) or bool(ins.get("otherwise")) or any(is_choice(i) for i in ins.get("do")))


def bind(ins: Instruction, refs: dict[str, tuple[str, ...]],
         plain: Callable[[Instruction], list[Event]]) -> list[Event]:
    """The instruction as events of :data:`KINDS` (one per player its word names), the
    events it holds bound by ``plain`` (or here, when they are choices too)."""
    def inner(items: tuple[Instruction, ...]) -> tuple[Event, ...]:
        return tuple(e for i in items for e in (bind(i, refs, plain) if is_choice(i) else plain(i)))

    if ins.kind == "each":  # its group is determined as it resolves (608.2c)
        from pyengine.game import each

        return [each.bind(ins, refs)]
    if ins.kind == "proliferate":  # the controller chooses as it resolves (701.34a, 608.2d)
        from pyengine.game import proliferate

        return [proliferate.bind(pid) for pid in _named(refs, ins.get("player"))]
    if ins.kind == "untap_chosen":  # 701.26b, 608.2d: the player chooses as it resolves
        from pyengine.game import untap_chosen

        return untap_chosen.bind(ins, lambda r: _named(refs, r), refs)
    if ins.kind == "sacrifice_chosen":  # 701.21a: the player chooses as it resolves
        from pyengine.game import sacrifice

        return sacrifice.bind(ins, lambda r: _named(refs, r), refs)
    if ins.kind == "transform":  # 701.27a (pyengine.game.keyword_instr)
        from pyengine.game import keyword_instr

        return keyword_instr.bind(ins, refs, plain)
    if ins.kind in ("bolster", "populate", "amass", "explore", "connive", "renown", "remove_or_sacrifice",
                    "myriad", "additional_phases"):  # 701.39a, 701.36a, 701.47a, 701.44a, 500.8:
        from pyengine.game import keyword_instr  # chosen as it resolves (608.2d)

        return keyword_instr.bind(ins, refs, plain)
    if ins.kind == "exile_until":  # 610.3: exiled until the source leaves the battlefield
        from pyengine.game import linked

        return linked.bind(ins, refs, plain)
    if ins.kind == "madness_cast":  # 702.35a: the owner's choice as it resolves (pyengine.game.madness)
        from pyengine.game import madness

        return madness.bind(ins, lambda ref: _named(refs, ref))
    if ins.kind in ("cascade", "discover"):  # 702.85a, 701.57a (pyengine.game.cascade)
        from pyengine.game import cascade

        return cascade.bind(ins, lambda ref: _named(refs, ref), refs)
    if ins.kind == "rebound_cast":  # 702.88a: cast it from exile, or not (pyengine.game.rebound)
        from pyengine.game import rebound

        return rebound.bind(ins, lambda ref: _named(refs, ref))
    if ins.kind == "may":
        return [Event("may_then", (("do", inner(ins.get("do"))), ("then", inner(ins.get("then") or ())),
                                   ("otherwise", inner(ins.get("otherwise") or ()))))]
    if ins.kind == "counter":  # 701.6a-b: "counter that spell or ability" (pyengine.game.ward)
        from pyengine.game import ward

        return ward.bind(ins, refs)
    if ins.kind == "copy_spell":  # 707.10: copies put on the stack as it resolves
        from pyengine.game import copies

        return copies.bind(ins, refs)
    if ins.kind == "attach":  # 701.3a: followed in order as it resolves (pyengine.game.attach)
        from pyengine.game import attach

        return attach.bind(ins, refs)
    if ins.kind == "pay_mana":  # 118.12: a may's optional cost, paid as it resolves
        return [Event("pay_mana", (("player", ("p", pid)), ("mana", ins.get("mana"))))
                for pid in _named(refs, ins.get("player"))]
    if ins.kind == "add_mana":  # 106.3, 106.4: into the player's pool as it resolves
        from pyengine.game import add_mana

        return add_mana.bind(ins, lambda ref: _named(refs, ref), (refs.get("self") or (None,))[0])
    if ins.kind == "discard_cards":
        f = dict(ins.fields)
        chooser = ("p", _named(refs, f["chooser"])[0]) if f.get("chooser") is not None else None
        return [Event("discard_cards", (("player", ("p", pid)), ("count", ins.get("count")),
                                        ("random", ins.get("random")), ("chooser", chooser),
                                        ("card", f.get("card"))))
                for pid in _named(refs, ins.get("player"))]
    payer = ins.get("player")
    who = ("p", _named(refs, payer)[0]) if payer is not None else \
        ("o", _named(refs, ins.get("controller_of"))[0])
    per = dict(ins.fields).get("for_each_counter")  # (counter kind, the object whose counters are counted)
    each = (per[0], ("o", _named(refs, per[1])[0])) if per is not None else None
    return [Event("unless_pays", (("payer", who), ("mana", ins.get("mana")), ("do", inner(ins.get("do"))),
                                  ("for_each_counter", each), ("life", dict(ins.fields).get("life"))))]


def _named(refs: dict[str, tuple[str, ...]], ref: Any) -> tuple[str, ...]:
    word = ref[1]
    if word not in refs:
        raise IllegalAction("608.2c", f"{word} names nothing here")
    return refs[word]


# --- resolution (608.2c, 608.2d) ------------------------------------------------------------

Keep = Callable[[Game, Event], bool]


def perform_in_order(game: Game, item: StackItem, events: tuple[Event, ...], keep: Keep,
                     budget: Budget | float) -> Game:
    """``item``'s events followed in order (608.2c): the events between two choices happen
    as one batch (those ``keep`` leaves in, judged then), each choice as it comes. Without a
    choice, one batch, as the events of a spell or ability always were."""
    batch: list[Event] = []
    first = [True]

    def flush(g: Game) -> Game:
        todo = [e for e in batch if keep(g, e)]
        batch.clear()
        if not todo:
            return g
        choices = item.choices if first[0] else ()
        first[0] = False
        return perform(g, todo, rule="608.2c", choices=choices, budget=budget)

    for e in events:
        if e.kind not in KINDS:
            batch.append(e)
            continue
        game = flush(game)
        if e.kind == "discard_cards":
            game = discard(game, item, e, budget)
        elif e.kind == "may_then":
            game = _may(game, item, e, keep, budget)
        elif e.kind == "each_of":
            from pyengine.game.each import perform_each

            game = perform_each(game, item, e, keep, budget)
        elif e.kind == "proliferate_choice":
            from pyengine.game.proliferate import perform_proliferate

            game = perform_proliferate(game, item, e, budget)
        elif e.kind == "keyword_instr":  # bolster, populate (701.39a, 701.36a)
            from pyengine.game import keyword_instr

            game = keyword_instr.perform(game, item, e, budget)
        elif e.kind == "exile_until":  # 610.3 (pyengine.game.linked)
            from pyengine.game import linked

            game = linked.perform_until(game, item, e, keep, budget)
        elif e.kind == "madness_cast":  # 702.35a, 608.2g (pyengine.game.madness)
            from pyengine.game import madness

            game = madness.perform(game, item, e, budget)
        elif e.kind in ("cascade", "discover"):  # 702.85a, 701.57a, 608.2g (pyengine.game.cascade)
            from pyengine.game import cascade

            game = cascade.perform(game, item, e, budget)
        elif e.kind == "rebound_cast":  # 702.88a, 608.2g (pyengine.game.rebound)
            from pyengine.game import rebound

            game = rebound.perform(game, item, e, budget)
        elif e.kind == "attach":
            from pyengine.game import attach

            game = attach.perform(game, e, budget) if keep(game, e) else game
        elif e.kind == "counter":
            from pyengine.game import ward

            game = ward.counter(game, e, budget)
        elif e.kind == "copy_spell":  # 707.10 (pyengine.game.copies)
            from pyengine.game import copies

            game = copies.perform(game, item, e, _take, budget)
        elif e.kind == "add_mana":  # 106.4: the mana goes into the pool, in order (608.2c)
            from pyengine.game import add_mana

            game = add_mana.perform(game, e, lambda g, what: _take(g, item, what),
                                    _keys(item)[-1])
        elif e.kind == "sacrifice_chosen":  # 701.21a, 101.4 (pyengine.game.sacrifice)
            from pyengine.game.sacrifice import perform_sacrifice

            game = perform_sacrifice(game, item, e, _take, _keys(item)[-1], budget)
        elif e.kind == "untap_chosen":  # 701.26b, 608.2d (pyengine.game.untap_chosen)
            from pyengine.game.untap_chosen import perform_untap

            game = perform_untap(game, item, e, _take, _keys(item)[-1], budget)
        elif e.kind == "pay_mana":  # 118.12, 118.3: paid from the pool, as _may allowed
            game, pays = _take(game, item, "pay")
            if pays is False:
                raise IllegalAction("603.5", f"{item.text!r} ({item.id}): the choice to pay {e.get('mana')} is "
                                             "given by may; pay_choice names only the mana (MANA or true)")
            game = _pay(game, e.get("player")[1], e.get("mana"), True if pays is None else pays)
        else:
            game = _unless(game, item, e, keep, budget)
    return flush(game)


def discard(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """701.9a-b: the player discards COUNT cards of their choice (at random: the script says
    which the random choice took); with fewer cards in hand, all of them (609.3)."""
    pid, count = e.get("player")[1], e.get("count")
    if dict(e.fields).get("card") is not None:
        from pyengine.game.reveal import chosen_discard

        return chosen_discard(game, item, e, _take, _keys(item)[-1], budget)
    named = [o.id for o in game.state.objects if o.zone == Zone.HAND and o.owner == pid]
    size = game.state.player(pid).hand_size
    n = min(count, size)
    rule = "701.9b"
    game, chosen = _take(game, item, "discard")
    if n <= 0:
        return game
    unnamed = size - len(named)
    if chosen is None:
        if n == size:  # every card of the hand: nothing to choose
            chosen = (*named, *[UNNAMED] * unnamed)
        elif not named:  # the hand's cards are all unnamed, alike here
            chosen = (UNNAMED,) * n
        else:
            how = "at random" if e.get("random") else "of their choice"
            raise IllegalAction(rule, f"{item.text!r} ({item.id}): {pid} discards {n} card(s) {how} from a "
                                      f"hand of {size} (named: {', '.join(named)}; {unnamed} unnamed): give "
                                      f"{{discard_choice: {{{_keys(item)[-1]}: [CARDS]}}}} before it "
                                      f"resolves ({UNNAMED!r} for an unnamed card)")
    chosen = tuple(chosen)
    if len(chosen) != n:
        raise IllegalAction(rule, f"{pid} discards {n} card(s) (609.3: as many as the hand holds, up to "
                                  f"{count}); {len(chosen)} chosen")
    for c in chosen:
        if c != UNNAMED and c not in named:
            raise IllegalAction("701.9a", f"{c} is not in {pid}'s hand")
    picked = [c for c in chosen if c != UNNAMED]
    if len(set(picked)) != len(picked) or len(chosen) - len(picked) > unnamed:
        raise IllegalAction("701.9a", f"{pid}'s hand holds {', '.join(named) or 'no named card'} and "
                                      f"{unnamed} unnamed card(s); a card is discarded once")
    events = [_discard_event(("o", c) if c != UNNAMED else ("card", pid, "hand")) for c in chosen]
    return perform(game, events, rule="701.9a", cause="discard", budget=budget)


def _discard_event(obj: Any) -> Event:
    return Event("move", (("object", obj), ("count", 1), ("from", "hand"), ("to", "graveyard"),
                          ("cause", "discard"), ("position", None), ("control", None), ("as", None),
                          ("tapped", False), ("face", "front"), ("choice", None)))


def _may(game: Game, item: StackItem, e: Event, keep: Keep, budget: Budget | float) -> Game:
    """"You may [do]. If you do, [then]. If you don't, [otherwise]." (603.5, 118.12): the
    controller chooses; "if you do" checks the choice, and a player can't choose to do what
    they can't (118.3, 608.2d)."""
    from pyengine.game.triggered import optional_choice

    game, take = optional_choice(game, item)
    if take:
        why = _cannot(game, e.get("do"), keep)
        if why:
            raise IllegalAction("118.3", f"{item.text!r} ({item.id}): {item.controller} can't choose to do "
                                         f"it: {why}")
        return perform_in_order(game, item, e.get("do") + e.get("then"), keep, budget)
    return perform_in_order(game, item, e.get("otherwise"), keep, budget)


def _cannot(game: Game, events: tuple[Event, ...], keep: Keep) -> str | None:
    """Why the optional action can't be done (118.3, 119.4, 701.21a), or None."""
    for ev in events:
        if ev.kind not in KINDS and not keep(game, ev):
            return f"{ev.render()} is impossible now"
        if ev.kind == "pay_mana":  # 118.3: the pool must hold mana that pays it (106.4)
            from pyengine.game.activation_cost import mana_spent
            from pyengine.game.pool import Pool

            pid = ev.get("player")[1]
            pool = Pool.parse(game.state.player(pid).mana)
            try:
                mana_spent(ev.get("mana"), pool, None, rule="118.3", choose_rule="ambiguous")
            except IllegalAction as err:
                if err.rule != "ambiguous":
                    return f"{pid}'s mana pool ({pool.render() or 'empty'}) can't pay {ev.get('mana')} (118.3)"
        if ev.kind == "pay_life":
            pl = game.state.player(ev.get("player")[1])
            if pl.life < ev.get("amount"):  # 119.4
                return f"{pl.id} has {pl.life} life, less than {ev.get('amount')} (119.4)"
        if ev.kind == "discard_cards" and dict(ev.fields).get("card") is None and \
                game.state.player(ev.get("player")[1]).hand_size < ev.get("count"):
            return f"{ev.get('player')[1]} has fewer than {ev.get('count')} card(s) in hand"
        if ev.kind == "sacrifice_chosen":
            from pyengine.game.sacrifice import cannot

            if why := cannot(game, ev):
                return why
        if ev.kind == "move" and ev.get("cause") == "sacrifice":
            obj = ev.get("object")
            o = next((x for x in game.state.objects if isinstance(obj, tuple) and x.id == obj[1]), None)
            if o is None or o.zone != Zone.BATTLEFIELD:  # 701.21a
                named = obj[1] if isinstance(obj, tuple) else obj
                return f"{named} is not a permanent to sacrifice (701.21a)"
    return None


def _unless(game: Game, item: StackItem, e: Event, keep: Keep, budget: Budget | float) -> Game:
    """118.12a: "[do] unless [player] pays {N}" is "[player] may pay {N}. If they don't,
    [do]": the player chooses (608.2d) and pays from their mana pool (605.3a: mana abilities
    are activated while asked to pay; here before, while the player holds priority)."""
    payer = e.get("payer")
    if payer[0] == "o":  # "its controller": the controller of the spell (or permanent) now
        o = next((x for x in game.state.objects if x.id == payer[1]), None)
        if o is None:
            raise IllegalAction("608.2c", f"{payer[1]} no longer exists: no player to pay")
        pid = o.controller
    else:
        pid = payer[1]
    mana = e.get("mana")
    each = dict(e.fields).get("for_each_counter")
    if each is not None:  # "[cost] for each age counter on it" (702.24a): the counters now (608.2h)
        o = next((x for x in game.state.objects if x.id == each[1][1]), None)
        n = dict(o.counters).get(each[0], 0) if o is not None and o.zone == Zone.BATTLEFIELD else 0
        mana = mana * n
    game, pays = _take(game, item, "pay")
    if pays is None:
        raise IllegalAction("118.12a", f"{item.text!r} ({item.id}): {pid} chooses whether to pay {mana}: "
                                       f"give {{pay_choice: {{{_keys(item)[-1]}: true|false|MANA}}}} before "
                                       "it resolves (MANA: the mana spent from the pool)")
    if pays is False:
        return perform_in_order(game, item, e.get("do"), keep, budget)
    life = dict(e.fields).get("life")
    if life is not None:  # "unless that player pays 3 life" (ward, 702.21a): 119.4
        if pays is not True:
            raise IllegalAction("118.12a", f"{pid} pays {life} life, not mana: give "
                                           "{pay_choice: {KEY: true}}")
        has = game.state.player(pid).life
        if has < life:
            raise IllegalAction("119.4", f"{pid} has {has} life: can't pay {life} life (118.3)")
        return perform(game, [Event("pay_life", (("player", ("p", pid)), ("amount", life)))], rule="119.4",
                       cause="cost", budget=budget)
    if not mana:  # nothing to pay (no age counter): paying it is doing nothing (118.5)
        return game
    return _pay(game, pid, mana, pays)


def _pay(game: Game, pid: str, mana: str, pays: Any) -> Game:
    """``pid`` pays ``mana`` from their pool (106.4, 118.3): with the mana the script names,
    or, given ``true``, the only way the pool can pay it (one type of mana in it, or exactly
    the cost's amount); an ambiguous or impossible payment is refused."""
    from pyengine.game.activation_cost import mana_spent
    from pyengine.game.pool import Pool

    cost = parse_cost(mana)
    if any(not (s.isdigit() or s.upper() in "WUBRGC") for s in cost.symbols):
        raise IllegalAction("118.12a", f"paying {mana} is not followed by the game yet")
    pool = Pool.parse(game.state.player(pid).mana)
    given = None if pays is True else Pool.parse(str(pays))
    spent = mana_spent(mana, pool, given, rule="118.3", choose_rule="106.4", say="pay_choice: {KEY: MANA}")
    left = pool.minus(spent)  # mana_spent checked that the pool holds it
    players = tuple(replace(p, mana=left.render()) if p.id == pid else p for p in game.state.players)
    return game.with_state(players=players)
