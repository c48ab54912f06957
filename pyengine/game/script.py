"""Reading a game query's ``script``: a list of actions (scenarios/turns/README.md). Each item
is a word (``pass``, ``resolve``) or a one-key mapping; a malformed item is one line naming the
file, the line, the item's index and field, and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine import catalog
from pyengine.damage.model import Recipient, Share
from pyengine.game import choice, keyword_actions, library
from pyengine.game.actions import (
    Action,
    Advance,
    AssignDamage,
    Choose,
    ChooseLegend,
    Concede,
    DeclareAttackers,
    DeclareBlockers,
    OrderTriggers,
    Pass,
    Perform,
    PutOnStack,
)
from pyengine.game.model import StackItem
from pyengine.lang.yamlread import Cursor, describe
from pyengine.model.enums import CardType, Duration, Step
from pyengine.model.objects import GameState
from pyengine.replacement.event import Event, EventReader
from pyengine.replacement.spec import Value as SpecValue


@dataclass(frozen=True)
class Resolve:
    """All players pass in succession once: the top object of the stack resolves (117.4)."""


@dataclass(frozen=True)
class Checkpoint:
    """A named moment whose state the expectation describes."""

    name: str


@dataclass(frozen=True)
class DiscardNow:
    """The script makes a player discard (an effect's discard, 701.9), or the cleanup
    step's discard to hand size when it is pending (514.1)."""

    player: str
    cards: tuple[str, ...]


Item = Any  # an Action, Resolve, Checkpoint or DiscardNow

WORDS = {"pass", "resolve"}
KEYS = {"pass", "resolve", "advance", "attack", "block", "assign", "stack", "cast", "mana", "activate",
        "deal", "events", "counters", "draw", "discard", "concede", "choose", "checkpoint", "order_triggers",
        "legend", "trigger_targets", "may", "discard_choice", "pay_choice", "proliferate_choice",
        "sacrifice_choice", "keyword_choice", "copy_choice", "madness_choice", "rebound_choice",
        "trigger_modes", "command_zone", "mana_choice", "untap_choice"}
KEYS |= keyword_actions.KEYS  # 701: keyword actions
KEYS |= library.CHOICE_KEYS  # scry and surveil choices
KEYS |= {"cascade_choice", "discover_choice"}  # 702.85a, 701.57a (pyengine.game.cascade)
KEYS.add("graveyard_order")  # 404.3: chosen ahead (pyengine.game.graveyard)


class ScriptReader:
    """Reads script items against the scenario's state (ids checked)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events = EventReader(state)
        self.players = state.player_ids
        from pyengine.game.tokens import ScriptIds

        self.ids = ScriptIds(o.id for o in state.objects)  # and the tokens the game creates
        self.checkpoints: list[str] = []

    def item(self, cur: Cursor) -> Item:
        if isinstance(cur.value, str):
            word = cur.choice(sorted(WORDS), "an action word:")
            return Pass() if word == "pass" else Resolve()
        cur.mapping(KEYS, "an action: a word (pass, resolve) or a one-key mapping")
        if len(cur.value) != 1:
            keys = sorted(k for k in cur.value if k not in ("choices",))
            if len(keys) != 1 or "choices" not in cur.value or keys[0] not in ("assign", "deal", "events"):
                cur.fail("expected one action per item (a one-key mapping such as {attack: {bears: bob}})")
        key = next(k for k in cur.value if k != "choices")
        sub = cur.get(key)
        choices = self.choices(cur.get("choices")) if cur.has("choices") else ()
        if key in keyword_actions.KEYS:
            return keyword_actions.read(self, key, sub)
        if key in library.CHOICE_KEYS:  # 701.22a, 701.25a: chosen ahead
            return library.read_choice(self, key, sub)
        return getattr(self, "_" + key)(sub, choices)

    # -- actions --------------------------------------------------------------------------
    def _pass(self, cur: Cursor, _c: tuple) -> Action:
        return Pass(None if cur.value is None else self.player(cur))

    def _resolve(self, cur: Cursor, _c: tuple) -> Any:
        return Resolve()

    def _advance(self, cur: Cursor, _c: tuple) -> Action:
        if isinstance(cur.value, str):
            return Advance(Step(cur.choice(Step.words(), "a step:")))
        cur.mapping({"step", "turn"}, "{step: STEP, turn: N}")
        turn = cur.get("turn").integer("a turn number", 1) if cur.has("turn") else None
        return Advance(Step(cur.req("step").choice(Step.words(), "a step:")), turn)

    def _attack(self, cur: Cursor, _c: tuple) -> Action:
        if cur.value is None or cur.value == {}:
            return DeclareAttackers(())
        cur.mapping(None, "a mapping attacking creature -> player or planeswalker attacked")
        pairs = []
        for a, sub in cur.items():
            self.object(Cursor(a, sub.path, sub.line, sub.file))
            t = sub.string("the player or planeswalker it attacks")
            if t not in self.players and t not in self.ids:
                sub.fail(f"expected a player or a planeswalker or battle id, got {t!r}")
            pairs.append((a, t))
        return DeclareAttackers(tuple(sorted(pairs)))

    def _block(self, cur: Cursor, _c: tuple) -> Action:
        if cur.value is None or cur.value == {}:
            return DeclareBlockers(())
        cur.mapping(None, "a mapping blocking creature -> attacker (or a list of attackers)")
        pairs = []
        for b, sub in cur.items():
            self.object(Cursor(b, sub.path, sub.line, sub.file))
            for a in sub.strings("the attacker(s) it blocks"):
                if a not in self.ids:
                    sub.fail(f"dangling object id {a!r}: no object has this id")
                pairs.append((b, a))
        return DeclareBlockers(tuple(sorted(pairs)))

    def _assign(self, cur: Cursor, choices: tuple) -> Action:
        if cur.value == "default" or cur.value is None:
            return AssignDamage(None, choices)
        shares = []
        for c in cur.seq("a list of {source, to, amount} or 'default'"):
            c.mapping({"source", "to", "amount"}, "{source: CREATURE, to: RECIPIENT, amount: N}")
            src = self.object(c.req("source"))
            to = c.req("to").string("a player or object id")
            if to not in self.players and to not in self.ids:
                c.get("to").fail(f"expected a player or object id, got {to!r}")
            amount = c.req("amount").integer("an amount", 0)
            shares.append(Share(src, Recipient(to, to in self.players), amount))
        try:
            from pyengine.damage.model import assignment

            return AssignDamage(assignment(shares), choices)
        except ValueError as e:
            cur.fail(str(e))

    def _stack(self, cur: Cursor, _c: tuple) -> Action:
        cur.mapping({"card", "object", "id", "controller", "targets", "target_types", "effect", "duration",
                     "source", "text", "choices", "modes", "x"}, "a spell or ability put on the stack")
        controller = self.player(cur.req("controller"))
        card = obj = None
        continuous = None
        does = None
        if cur.has("card") and cur.has("object"):
            cur.fail("give card: (a new spell) or object: (a card in the state), not both")
        if cur.has("card"):
            name = cur.get("card").string("a catalog card name")
            found = catalog.lookup(name)
            if found is None:
                cur.get("card").fail(f"unknown card {name!r}; `pyengine cards` lists the catalog")
            card, continuous, does = found.name, found.resolves, found.does
            obj = cur.req("id").string("an id for the new spell")
            if obj in self.ids:
                cur.get("id").fail(f"id {obj!r} is already used")
            self.ids.add(obj)
            self.events.objects.add(obj)
        elif cur.has("object"):
            obj = self.object(cur.get("object"))
            if obj not in {x.id for x in self.state.objects}:
                cur.get("object").fail(f"expected a card of the scenario's state, got {obj!r}")
            o = self.state.object(obj)
            found = catalog.lookup(o.card) if o.card else None
            continuous = found.resolves if found else None
            does = found.does if found else None
        if does is not None:  # not cast, so not kicked (702.33d)
            from pyengine.game.kicked import chosen

            does = chosen(does, False)
        from pyengine.game.activation_x import spell_value

        does, continuous = spell_value(cur, does, continuous)  # 107.3a: the X of its mana cost
        sid = cur.get("id").string("an id") if cur.has("id") else obj
        if sid is None:
            cur.fail("missing required field 'id' (a name for the ability on the stack)")
        lasting: tuple[Any, ...] = ()
        targets = tuple((t, t in self.players) for t in (cur.get("targets").strings("a list of target ids")
                                                         if cur.has("targets") else []))
        for (t, is_p), sub in zip(targets, _listed(cur.get("targets")), strict=False):
            if not is_p and t not in self.ids:
                sub.fail(f"dangling object id {t!r}: no object has this id")
        types = tuple(cur.get("target_types").strings()) if cur.has("target_types") else ()
        for t in types:
            if t not in CardType.words():
                cur.get("target_types").fail(f"expected card types ({', '.join(CardType.words())}), "
                                             f"got {t!r}")
        events = tuple(self.event(c) for c in cur.get("effect").seq("a list of events")) \
            if cur.has("effect") else ()
        taps: tuple[tuple[str, bool], ...] = ()
        if not events and does is not None and obj is not None:  # the card's own `does:` (608.2c)
            from pyengine.game.modes import stack_modes

            does, lasting = stack_modes(cur, does, obj, controller, targets)  # 700.2a, 611.2a
            events = self._does(cur, does, obj, controller, targets)
            from pyengine.game.casting import spell_taps  # 701.26: as it resolves

            taps = spell_taps(does, {("target" if i == 0 else f"target{i + 1}"): t
                                     for i, (t, _) in enumerate(targets)})
        elif cur.has("modes"):
            cur.get("modes").fail("only a modal card's own does: (CR 700.2) takes the modes chosen")
        kinds = set(catalog.lookup(card).characteristics.types) if card else (  # type: ignore[union-attr]
            set(self.state.object(obj).printed.types) if obj else set())
        permanent = bool(kinds) and not kinds & {"Instant", "Sorcery"}  # 608.3: it enters
        if not events and not taps and continuous is None and not permanent and not lasting:
            cur.fail("missing 'effect': what it does as it resolves, a list of events (the card has no "
                     "'resolves:' effect)")
        if cur.has("duration"):
            duration = Duration(cur.get("duration").choice(Duration.words(), "a duration:"))
        elif continuous is not None:  # 514.2 "until end of turn"; 502.3 "next untap step"
            from pyengine.game.casting import resolves_duration

            duration = resolves_duration(_oracle(card, obj, self))
        else:
            duration = Duration.PERMANENT
        source = self.object(cur.get("source")) if cur.has("source") else None
        if targets and obj is None and source is None:
            cur.fail("missing 'source': the object whose ability targets (hexproof, shroud and "
                     "protection are judged against it, 702.11, 702.18, 702.16)")
        text = cur.get("text").string("a text") if cur.has("text") else (card or sid)
        choices = self.choices(cur.get("choices")) if cur.has("choices") else ()
        return PutOnStack(StackItem(sid, controller, text, obj=obj, events=events, continuous=continuous,
                                    duration=duration, targets=targets, target_types=types, source=source,
                                    choices=choices, card=card, taps=taps,
                                    lasting=lasting))

    def _does(self, cur: Cursor, does: Any, obj: str, controller: str,
              targets: tuple[tuple[str, bool], ...]) -> tuple[Event, ...]:
        """The card's ``does:`` events with its references filled in: ``self`` the spell,
        ``you`` its controller, ``target``, ``target2``... the targets in order (601.2c)."""
        if len(targets) != len(does.targets):
            cur.fail(f"expected {len(does.targets)} target(s) for this spell (601.2c), got {len(targets)}")
        for (t, is_p), spec in zip(targets, does.targets, strict=True):
            if (is_p and not spec.players) or (not is_p and not spec.objects):
                cur.get("targets").fail(f"{t!r} can't be this spell's target: it must be "
                                        f"{'an object' if spec.objects else 'a player'} (115.1)")
        other = next(p for p in self.players if p != controller)
        refs = {"self": obj, "you": controller, "opponent": other}
        refs.update({("target" if i == 0 else f"target{i + 1}"): t for i, (t, _) in enumerate(targets)})
        out: list[Event] = []
        for ins in does.effects:
            if ins.kind in ("delayed", "tap", "untap"):  # as it resolves (603.7a; 701.26: taps)
                continue
            if choice.is_choice(ins) or ins.kind == "may":  # chosen as it resolves (608.2d)
                out += choice.bind(ins, {k: (v,) for k, v in refs.items()},
                                   lambda i: [self._plain(cur, i, refs)])
                continue
            out.append(self._plain(cur, ins, refs))
        return tuple(out)

    def _plain(self, cur: Cursor, ins: Any, refs: dict[str, str]) -> Event:
        """One instruction of a card's ``does:`` as an event, its references filled in."""
        doc: dict[str, Any] = {"kind": ins.kind}
        later: dict[str, Any] = {}
        for k, v in ins.fields:
            if isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of"):
                if v[1] not in refs:
                    cur.fail(f"the card's effect names {v[1]!r}, which a spell on the stack doesn't have")
                doc[k] = refs[v[1]] if v[0] == "ref" else {"top_of": refs[v[1]]}
            elif hasattr(v, "op") and ins.kind not in library.LOOK:
                later[k] = v
                doc[k] = 1  # a placeholder: the amount is computed as it resolves (608.2h)
            elif hasattr(v, "op"):
                cur.fail("the card's effect computes a number of cards on resolution (608.2h), not "
                         "followed yet")
            else:
                doc[k] = v
        if doc.get("from") == "stack" and doc.get("object") in self.state_ids():
            # a spell targeted on the stack (701.6a): the script is read ahead, the object
            # may still be in a hand now; the zone is checked as it resolves (608.2b)
            doc = {**doc, "from": self.state.object(doc["object"]).zone.value}
            ev = self.events.event(Cursor(doc, cur.path, cur.line, cur.file))
            return Event(ev.kind, tuple((k, "stack" if k == "from" else v) for k, v in ev.fields))
        made = self.event(Cursor(doc, cur.path, cur.line, cur.file))  # scry and surveil too
        if later:
            from pyengine.game.amounts import deferred

            made = deferred(made, later, refs)
        return made

    def state_ids(self) -> set[str]:
        """The ids of the objects of the scenario's state."""
        return {o.id for o in self.state.objects}

    def _cast(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.casting import read_cast

        return read_cast(cur, self)

    def _mana(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.casting import read_mana

        return read_mana(cur, self)

    def _activate(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.activation import read_activate

        return read_activate(cur, self)

    def _deal(self, cur: Cursor, choices: tuple) -> Action:
        cur.mapping({"source", "to", "amount"}, "{source: OBJECT, to: PLAYER OR OBJECT, amount: N}")
        src = self.object(cur.req("source"))
        to = cur.req("to").string("a player or object id")
        if to not in self.players and to not in self.ids:
            cur.get("to").fail(f"expected a player or object id, got {to!r}")
        ev = Event("damage", (("source", ("o", src)), ("target", ("p" if to in self.players else "o", to)),
                              ("amount", cur.req("amount").integer("an amount", 0)), ("combat", False)))
        return Perform((ev,), "120.3", "damage", choices)

    def _events(self, cur: Cursor, choices: tuple) -> Action:
        return Perform(tuple(self.event(c) for c in cur.seq("a list of events")), "script", "effect",
                       choices)

    def event(self, c: Cursor) -> Event:
        """An event, or a scry or surveil (pyengine.game.library)."""
        if isinstance(c.value, dict) and c.value.get("kind") in library.LOOK:
            return library.read_look(c.value, c, self.players)
        return self.events.event(c)

    def _counters(self, cur: Cursor, _c: tuple) -> Action:
        cur.mapping({"on", "counter", "amount"}, "{on: OBJECT OR PLAYER, counter: KIND, amount: N}")
        view = Cursor({"kind": "counters", "target": cur.req("on").value, "counter": cur.req("counter").value,
                       "amount": cur.req("amount").value}, cur.path, cur.line, cur.file)
        return Perform((self.events.event(view),), "122.1")

    def _draw(self, cur: Cursor, _c: tuple) -> Action:
        if isinstance(cur.value, str):
            pid, n = self.player(cur), 1
        else:
            cur.mapping({"player", "count"}, "{player: P, count: N}")
            pid = self.player(cur.req("player"))
            n = cur.get("count").integer("a count", 1) if cur.has("count") else 1
        return Perform((Event("draw", (("player", ("p", pid)), ("count", n))),), "121.1")

    def _discard(self, cur: Cursor, _c: tuple) -> Any:
        cur.mapping({"player", "cards"}, "{player: P, cards: [CARD...]}")
        pid = self.player(cur.req("player"))
        cards = tuple(cur.req("cards").strings("a list of card ids"))
        for c, sub in zip(cards, _listed(cur.get("cards")), strict=False):
            self.object(Cursor(c, sub.path, sub.line, sub.file))
        return DiscardNow(pid, cards)

    def _concede(self, cur: Cursor, _c: tuple) -> Action:
        return Concede(self.player(cur))

    def _choose(self, cur: Cursor, _c: tuple) -> Action:
        return Choose(self.choices(cur))

    def _order_triggers(self, cur: Cursor, _c: tuple) -> Action:
        cur.mapping(set(self.players), "{PLAYER: [TRIGGERED ABILITY IDS in the order put on the stack]}")
        if len(cur.value) != 1:
            cur.fail("expected one player's order")
        pid, sub = next(iter(cur.items()))
        return OrderTriggers(pid, tuple(sub.strings("a list of triggered ability ids (SOURCE:N@EVENT or SOURCE:N)")))

    def _trigger_targets(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.triggered import TargetTriggers

        cur.mapping(None, "{ABILITY: [TARGET IDS]}: the ability's id SOURCE:N@EVENT, SOURCE:N or SOURCE")
        if len(cur.value) != 1:
            cur.fail("expected one triggered ability's targets")
        key, sub = next(iter(cur.items()))
        targets = tuple(sub.strings("a list of target ids (objects or players)"))
        for t, at in zip(targets, _listed(sub), strict=False):
            if t not in self.players and t not in self.ids and t != "none":  # none: "up to N" (601.2c)
                at.fail(f"expected a player or object id, got {t!r}")
        return TargetTriggers(str(key), targets)

    def _trigger_modes(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import modes

        return modes.read(cur)

    def _may(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.triggered import ChooseOptional

        cur.mapping(None, "{ABILITY: true|false}: whether its controller does what \"you may\" says "
                          "(the ability's id SOURCE:N@EVENT, SOURCE:N or SOURCE)")
        if len(cur.value) != 1:
            cur.fail("expected one triggered ability's choice")
        key, sub = next(iter(cur.items()))
        return ChooseOptional(str(key), sub.boolean())

    def _graveyard_order(self, cur: Cursor, _c: tuple) -> Any:  # 404.3
        from pyengine.game.graveyard import read

        return read(self, cur)

    def _discard_choice(self, cur: Cursor, _c: tuple) -> Any:
        return choice.read_ahead(self, "discard", cur)

    def _sacrifice_choice(self, cur: Cursor, _c: tuple) -> Any:  # 701.21a: chosen as it resolves
        return choice.read_ahead(self, "sacrifice", cur)

    def _untap_choice(self, cur: Cursor, _c: tuple) -> Any:  # 701.26b: chosen as it resolves
        return choice.read_ahead(self, "untap", cur)

    def _pay_choice(self, cur: Cursor, _c: tuple) -> Any:
        return choice.read_ahead(self, "pay", cur)

    def _mana_choice(self, cur: Cursor, _c: tuple) -> Any:  # 106.1a: the mana an add_mana adds
        return choice.read_ahead(self, "mana", cur)

    def _copy_choice(self, cur: Cursor, _c: tuple) -> Any:  # 707.10c: the copies' new targets
        from pyengine.game import copies

        return copies.read_choice(self, cur)

    def _proliferate_choice(self, cur: Cursor, _c: tuple) -> Any:
        return choice.read_ahead(self, "proliferate", cur)

    def _keyword_choice(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import keyword_instr  # bolster's, populate's choice (701.39a, 701.36a)

        return keyword_instr.read(self, cur)

    def _madness_choice(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import madness  # 702.35a: cast it for its madness cost, or not

        return madness.read(self, cur)

    def _cascade_choice(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import cascade  # 702.85a: cast the card found without paying, or not

        return cascade.read(self, cur, "cascade")

    def _discover_choice(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import cascade  # 701.57a: cast the card found, or put it into the hand

        return cascade.read(self, cur, "discover")

    def _rebound_choice(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game import rebound  # 702.88a: cast it from exile without paying its mana cost, or not

        return rebound.read(self, cur)

    def _command_zone(self, cur: Cursor, _c: tuple) -> Any:
        from pyengine.game.commander import ChooseCommandZone

        cur.mapping(None, "{COMMANDER: true|false}: whether its owner puts it into the command zone "
                          "(CR 903.9a)")
        if len(cur.value) != 1:
            cur.fail("expected one commander's choice")
        key, sub = next(iter(cur.items()))
        oid = str(key)
        if not any(o.id == oid and o.commander for o in self.state.objects):
            cur.fail(f"{oid} is not a commander of this scenario (give it commander: true)")
        return ChooseCommandZone(oid, sub.boolean())

    def _legend(self, cur: Cursor, _c: tuple) -> Action:
        cur.mapping({"controller", "name", "keep"}, "{controller: P, name: NAME, keep: ID}")
        return ChooseLegend(self.player(cur.req("controller")), cur.req("name").string("a name"),
                            self.object(cur.req("keep")))

    def _checkpoint(self, cur: Cursor, _c: tuple) -> Any:
        name = cur.string("a checkpoint name")
        if name in self.checkpoints:
            cur.fail(f"checkpoint {name!r} is already used")
        self.checkpoints.append(name)
        return Checkpoint(name)

    # -- values ---------------------------------------------------------------------------
    def choices(self, cur: Cursor) -> tuple[dict[str, Any], ...]:
        out = []
        for c in cur.seq("a list of replacement choices {effect, choice, by}"):
            if isinstance(c.value, str):
                out.append({"effect": c.value})
                continue
            c.mapping({"effect", "choice", "by"}, "{effect: ID, choice: ALTERNATIVE, by: PLAYER}")
            d: dict[str, Any] = {"effect": c.req("effect").string("an effect id")}
            if c.has("choice"):
                d["choice"] = str(c.get("choice").value)
            if c.has("by"):
                d["by"] = self.player(c.get("by"))
            out.append(d)
        return tuple(out)

    def player(self, cur: Cursor) -> str:
        return cur.choice(self.players, "a player id:")

    def object(self, cur: Cursor) -> str:
        oid = cur.string("an object id")
        if oid not in self.ids:
            cur.fail(f"dangling object id {oid!r}: no object has this id")
        return oid


def _listed(cur: Cursor) -> list[Cursor]:
    return [cur] if isinstance(cur.value, str) else cur.seq()


def _oracle(card: str | None, obj: str | None, reader: ScriptReader) -> str:
    name = card
    if name is None and obj is not None and obj in {o.id for o in reader.state.objects}:
        name = reader.state.object(obj).card
    found = catalog.lookup(name) if name else None
    return found.oracle.lower() if found else ""


def read_script(cur: Cursor, state: GameState) -> tuple[tuple[Item, ...], tuple[str, ...], tuple[Any, ...]]:
    """The script's items, its checkpoint names and the tokens its events define inline (CR
    111.1: the game knows a token definition by its name)."""
    reader = ScriptReader(state)
    items = tuple(reader.item(c) for c in cur.seq("a list of actions"))
    if not items:
        cur.fail(f"expected at least one action, got {describe(cur.value)}")
    defined = tuple(SpecValue("tokendef", word=n, chars=c) for n, c in reader.events.token_defs.items())
    return items, tuple(reader.checkpoints), defined

