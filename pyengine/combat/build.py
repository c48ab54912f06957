"""A game state, the layer engine's result and a combat setup -> a :class:`Board`.

Characteristics come from the layer engine (CR 613), so an effect such as Humility or
Opalescence changes who may attack and block. The combat operations present after layers
(``LayerResult.active``, area ``combat``) and the combat keyword words an object has become
ground :class:`Item` s; their selector arguments are read at the final state
(:mod:`pyengine.combat.select`). Which targets may be attacked, which pairs may block, and every
other rule is left to the encodings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pyengine import qualities
from pyengine.combat.model import MANA_SYMBOLS, Board, EffectInfo, Item, Kind, Permanent, Target
from pyengine.combat.select import Context, FinalState
from pyengine.errors import PyengineError
from pyengine.lang.ops_combat import COMBAT_WORDS, TargetSpec, arg
from pyengine.lang.ops_combat import Args as OpArgs
from pyengine.layers.result import ActiveEffect, LayerResult, ObjectChars
from pyengine.model import subtypes as subtype_table
from pyengine.model.enums import Supertype, Zone
from pyengine.model.mana import parse_cost
from pyengine.model.objects import GameState

CR_KEYWORDS = frozenset(
    {
        "flying",
        "reach",
        "defender",
        "haste",
        "menace",
        "shadow",
        "horsemanship",
        "fear",
        "intimidate",
        "skulk",
        "decayed",
    }
)
# operations that become one item per affected object, and the item's kind
SIMPLE_OPS = {
    "cant_attack_alone": "cant_attack_alone",
    "attack_only_alone": "attack_only_alone",
    "cant_block_alone": "cant_block_alone",
    "block_only_alone": "block_only_alone",
    "blocked_only_by_all": "blocked_only_by_all",
    "block_any_number": "block_any_number",
    "must_be_blocked": "must_be_blocked",
    "must_be_blocked_by_all": "lure",
}
ATTACK_ITEMS = frozenset(
    {
        "cant_attack",
        "cant_attack_target",
        "cant_attack_alone",
        "attack_only_alone",
        "max_attackers",
        "max_attackers_player",
        "max_attackers_turn",
        "attack_unless_others",
        "attack_helper",
        "attack_cost",
        "must_attack",
        "must_attack_target",
        "goaded",
        "player_must_attack",
    }
)


@dataclass(frozen=True)
class Setup:
    """What the query says about combat: which declaration, the defending player(s), battles'
    protectors, and (for a block) what each attacking creature attacks. ``earlier``: the
    creatures that attacked (for an attack) or blocked (for a block) in an earlier combat
    phase of this turn (500.8), which an "each turn" limit counts."""

    kind: Kind
    defending: tuple[str, ...]
    protectors: tuple[tuple[str, str], ...] = ()
    attacks: tuple[tuple[str, Target], ...] = ()
    earlier: tuple[str, ...] = ()


def mana_pairs(text: str) -> tuple[tuple[str, int], ...]:
    """``{2}{W}{W}`` -> (("W", 2), ("generic", 2)) with symbols of :data:`MANA_SYMBOLS`."""
    amounts: dict[str, int] = {}
    for sym in parse_cost(text).symbols:
        key = "generic" if sym.isdigit() else sym
        if key not in MANA_SYMBOLS:
            raise PyengineError(f"mana symbol {{{sym}}} is not supported in combat costs or pools")
        amounts[key] = amounts.get(key, 0) + (int(sym) if sym.isdigit() else 1)
    return tuple(sorted((k, v) for k, v in amounts.items() if v > 0))


def _landwalk(param: str | None) -> tuple[str, str]:
    word = (param or "").strip()
    if word.lower() == "nonbasic":
        return ("nonbasic", "")
    for sup in Supertype:
        if word.lower() == sup.value.lower():
            return ("supertype", sup.value)
    if subtype_table.category(word) == "land":
        return ("subtype", word)
    raise PyengineError(f"landwalk for {word!r} is not supported (a land type, nonbasic or a supertype)")


class _Builder:
    def __init__(self, state: GameState, layers: LayerResult, setup: Setup) -> None:
        self.state, self.layers, self.setup = state, layers, setup
        self.world = FinalState(state, layers.objects)
        self.items: set[Item] = set()
        self.costs: dict[str, tuple[tuple[str, int], ...]] = {}
        self.effects: dict[str, EffectInfo] = {}
        self.protectors = dict(setup.protectors)
        on_bf = [o for o in state.objects if o.zone == Zone.BATTLEFIELD and o.id in layers.objects]
        self.perm_ids = tuple(o.id for o in on_bf)
        self.creatures = tuple(o.id for o in on_bf if "Creature" in layers.objects[o.id].types)
        self.attackers = tuple(a for a, _ in setup.attacks)
        self.targets = self._targets()

    def _targets(self) -> tuple[Target, ...]:
        out = [Target("player", p) for p in self.state.player_ids]
        for oid in self.perm_ids:
            types = self.layers.objects[oid].types
            if "Planeswalker" in types or "Battle" in types:
                out.append(Target("object", oid))
        return tuple(out)

    def player_of(self, t: Target) -> str | None:
        """The player a target is, is controlled by (planeswalker) or protected by (battle)."""
        if t.kind == "player":
            return t.id
        ch = self.layers.objects[t.id]
        if "Planeswalker" in ch.types:
            return ch.controller
        return self.protectors.get(t.id)

    def in_spec(self, t: Target, spec: TargetSpec, ctx: Context) -> bool:
        w = self.world
        if spec.player is not None and t.kind == "player" and t.id in w.players(spec.player, ctx):
            return True
        if t.kind == "object":
            types = self.layers.objects[t.id].types
            if (
                spec.planeswalkers is not None
                and "Planeswalker" in types
                and self.layers.objects[t.id].controller in w.players(spec.planeswalkers, ctx)
            ):
                return True
            if (
                spec.battles is not None
                and "Battle" in types
                and self.protectors.get(t.id) in w.players(spec.battles, ctx)
            ):
                return True
            if spec.obj is not None and w.obj(spec.obj, ctx) == t.id:
                return True
        return False

    def add(self, item: Item) -> None:
        if (item.kind in ATTACK_ITEMS) == (self.setup.kind == Kind.ATTACK):
            self.items.add(item)

    # -- keyword words ---------------------------------------------------------------
    def keyword_items(self, oid: str, ch: ObjectChars) -> None:
        counts: dict[str, int] = {}
        for name, _param in ch.keywords:
            if name not in COMBAT_WORDS:
                continue
            counts[name] = counts.get(name, 0) + 1
            eid = f"{oid}:{name}" + (f"#{counts[name]}" if counts[name] > 1 else "")
            self.effects[eid] = EffectInfo(eid, oid, ch.controller, name)
            for op in COMBAT_WORDS[name]:
                self.word_op(op, eid, oid)

    def word_op(self, op: str, eid: str, oid: str) -> None:
        simple = {
            "cant_attack",
            "cant_block",
            "cant_attack_alone",
            "attack_only_alone",
            "cant_block_alone",
            "must_attack",
            "must_block",
            "cant_be_blocked",
            "block_any_number",
            "must_be_blocked",
        }
        if op in simple:
            self.add(Item(op, eid, oid))
        elif op == "max_blocked_by_one":
            self.add(Item("max_blocked_by", eid, oid, n=1))
        elif op == "extra_block":
            self.add(Item("extra_blocks", eid, oid, n=1))
        elif op == "must_be_blocked_by_all":
            self.add(Item("lure", eid, oid))
        elif op == "block_only_flying":
            for a in self.attackers:
                if not self.layers.objects[a].has_keyword("flying"):
                    self.add(Item("cant_block_attacker", eid, oid, a))

    # -- operations ------------------------------------------------------------------
    def op_items(self, ae: ActiveEffect, eid: str) -> None:
        kind, args = ae.op.kind, ae.op.args
        ctx = Context(ae.source, ae.controller)
        self.effects[eid] = EffectInfo(eid, ae.source, ae.controller, ae.definition.text)
        affected = tuple(sorted(set(ae.affected)))
        if kind in SIMPLE_OPS:
            for o in affected:
                self.add(Item(SIMPLE_OPS[kind], eid, o))
        elif kind == "max_attackers" and arg(args, "player") is not None:
            for p in sorted(self.world.players(arg(args, "player"), ctx)):
                self.add(Item("max_attackers_player", eid, player=p, n=arg(args, "n")))
        elif kind in ("max_attackers", "max_blockers"):
            # "each turn" (500.8): its own item, which counts the earlier combats' creatures
            turn = "_turn" if arg(args, "per") == "turn" else ""
            self.add(Item(kind + turn, eid, n=arg(args, "n")))
        elif kind == "extra_blocks":
            for o in affected:
                self.add(Item(kind, eid, o, n=arg(args, "n")))
        elif kind in ("min_blockers", "max_blocked_by"):
            # N is read as blockers are declared; "it" is the attacker (an expression such
            # as its power), "defending" the player it attacks (CR 508.5)
            attacked = dict(self.setup.attacks)
            for o in affected:
                n = arg(args, "n")
                if o not in attacked:  # only an attacking creature is ever blocked (509.1a)
                    continue
                if not isinstance(n, int):
                    n = self.world.value(n, Context(ctx.source, ctx.you, self.player_of(attacked[o]), o))
                self.add(Item(kind, eid, o, n=n))
        else:
            handler = getattr(self, "_op_" + kind, None)
            if handler is None:
                raise PyengineError(f"combat operation {kind!r} has no meaning in the combat engine")
            handler(eid, affected, args, ctx)

    def _cost(self, eid: str, args: OpArgs, ctx: Context) -> bool:
        if arg(args, "mana") is not None:
            cost = mana_pairs(arg(args, "mana"))
        else:
            cost = (("generic", self.world.value(arg(args, "generic"), ctx)),)
        cost = tuple((s, n) for s, n in cost if n > 0)
        if cost:
            self.costs[eid] = cost
        return bool(cost)

    def _per_target(self, kind: str, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        spec, unless = arg(args, "targets"), arg(args, "unless")
        for o in affected:
            for t in self.targets:
                inner = Context(ctx.source, ctx.you, self.player_of(t), o)
                if spec is not None and not self.in_spec(t, spec, inner):
                    continue
                if unless is not None and (inner.defending is None or self.world.holds(unless, inner)):
                    continue
                self.add(Item(kind, eid, o, target=t))

    def _unless_others(
        self, kind: str, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context
    ) -> None:
        """Each affected creature can't attack (block) unless N other creatures matching the
        selector also do (CR 508.1c, 509.1b): the creatures counted are listed once per effect;
        the encodings leave the creature itself out ("other", "also")."""
        sel = arg(args, "creatures")
        helpers = self.creatures if sel is None else self.world.select(sel, ctx, self.creatures)
        for o in affected:
            self.add(Item(f"{kind}_unless_others", eid, o, n=arg(args, "n")))
        if affected:
            for h in helpers:
                self.add(Item(f"{kind}_helper", eid, other=h))

    def _op_cant_attack_unless_others(
        self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context
    ) -> None:
        self._unless_others("attack", eid, affected, args, ctx)

    def _op_cant_block_unless_others(
        self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context
    ) -> None:
        self._unless_others("block", eid, affected, args, ctx)

    def _op_cant_attack(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        if not args:
            for o in affected:
                self.add(Item("cant_attack", eid, o))
        else:
            self._per_target("cant_attack_target", eid, affected, args, ctx)

    def _op_attack_cost(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        if self._cost(eid, args, ctx):
            self._per_target(
                "attack_cost",
                eid,
                affected,
                (("targets", arg(args, "targets")),) if arg(args, "targets") is not None else (),
                ctx,
            )

    def _op_must_attack(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        if not args:
            for o in affected:
                self.add(Item("must_attack", eid, o))
        else:
            self._per_target("must_attack_target", eid, affected, args, ctx)

    def _op_player_must_attack(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        for p in sorted(self.world.players(arg(args, "players"), ctx)):
            for t in self.targets:
                if self.in_spec(t, arg(args, "targets"), ctx):
                    self.add(Item("player_must_attack", eid, player=p, target=t))

    def _op_goad(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        for o in affected:
            self.add(Item("goaded", eid, o, player=ctx.you))

    def _op_cant_block(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        sel, unless = arg(args, "attackers"), arg(args, "unless")
        defending = self.setup.defending[0] if self.setup.kind == Kind.BLOCK else None
        for b in affected:
            inner = Context(ctx.source, ctx.you, defending, b)
            if unless is not None and (defending is None or self.world.holds(unless, inner)):
                continue
            if sel is None:
                self.add(Item("cant_block", eid, b))
            else:
                for a in self.world.select(sel, inner, self.attackers):
                    self.add(Item("cant_block_attacker", eid, b, a))

    def _op_block_only(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        ok = set(self.world.select(arg(args, "selector"), ctx, self.attackers))
        for b in affected:
            for a in self.attackers:
                if a not in ok:
                    self.add(Item("cant_block_attacker", eid, b, a))

    def _op_block_cost(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        if self._cost(eid, args, ctx):
            for b in affected:
                self.add(Item("block_cost", eid, b))

    def _op_cant_be_blocked(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        by, except_by = arg(args, "by"), arg(args, "except_by")
        attacked = dict(self.setup.attacks)
        for a in affected:
            # CR 506.5: "A creature is attacking alone if it's attacking but no other
            # creatures are" (the attacks this block answers)
            if arg(args, "if_attacking_alone") and set(attacked) != {a}:
                continue
            if by is None and except_by is None:
                self.add(Item("cant_be_blocked", eid, a))
                continue
            if a not in attacked:  # only an attacking creature is ever blocked (509.1a)
                continue
            # CR 508.5: the defending player is the one the attacker attacks (or whose
            # planeswalker it attacks, or who protects the battle it attacks)
            inner = Context(ctx.source, ctx.you, self.player_of(attacked[a]), a)
            for b in self.creatures:
                hit = by is not None and self.world.matches(by, b, inner)
                miss = except_by is not None and not self.world.matches(except_by, b, inner)
                if hit or miss:
                    self.add(Item("cant_be_blocked_by", eid, a, b))

    def _op_must_block(self, eid: str, affected: tuple[str, ...], args: OpArgs, ctx: Context) -> None:
        ref = arg(args, "attacker")
        for b in affected:
            if ref is None:
                self.add(Item("must_block", eid, b))
            else:
                a = self.world.obj(ref, Context(ctx.source, ctx.you, None, b))
                if a is not None:
                    self.add(Item("must_block_attacker", eid, b, a))

    # -- the board -------------------------------------------------------------------
    def permanents(self) -> tuple[Permanent, ...]:
        out = []
        for oid in self.perm_ids:
            ch, obj = self.layers.objects[oid], self.state.object(oid)
            kws, walks, prots = set(), set(), set()
            for name, param in ch.keywords:
                if name in CR_KEYWORDS:
                    kws.add(name)
                elif name == "landwalk":
                    walks.add(_landwalk(param))
                elif name == "protection":
                    prots.add(qualities.parse(param, self.state.player_ids))
            self.keyword_items(oid, ch)
            out.append(
                Permanent(
                    oid,
                    ch.controller,
                    frozenset(ch.types),
                    frozenset(ch.subtypes),
                    frozenset(ch.supertypes),
                    frozenset(ch.colors),
                    frozenset(kws),
                    tuple(sorted(walks)),
                    tuple(sorted(prots)),
                    ch.power,
                    obj.tapped,
                    not obj.controlled_since_turn_start,
                    self.protectors.get(oid),
                    ch.name,
                )
            )
        return tuple(out)

    def board(self) -> Board:
        perms = self.permanents()
        # one id per effect: two instances of one ability (granted twice, CR 113.2c) or two
        # effects of one kind in one ability are two effects, never merged into one
        combat = [ae for ae in self.layers.active if ae.op.area == "combat"]
        seen = Counter(ae.id for ae in combat)
        seen_kind = Counter((ae.id, ae.op.kind) for ae in combat)
        nth: Counter[tuple[str, str]] = Counter()
        for ae in sorted(combat, key=lambda a: (a.id, a.op.kind, a.serial)):
            eid = ae.id if seen[ae.id] == 1 else f"{ae.id}:{ae.op.kind}"
            if seen_kind[(ae.id, ae.op.kind)] > 1:
                nth[(ae.id, ae.op.kind)] += 1
                eid = f"{ae.id}:{ae.op.kind}#{nth[(ae.id, ae.op.kind)]}"
            self.op_items(ae, eid)
        mana = tuple((p.id, mana_pairs(p.mana)) for p in self.state.players if p.mana)
        return Board(
            self.setup.kind,
            self.state.player_ids,
            self.state.turn.active,
            self.setup.defending,
            perms,
            tuple(sorted(self.items)),
            self.setup.attacks,
            tuple(sorted(self.costs.items())),
            mana,
            tuple(sorted(self.effects.values(), key=lambda e: e.id)),
            tuple(sorted(set(self.setup.earlier))),
        )


def build_board(state: GameState, layers: LayerResult, setup: Setup) -> Board:
    """The board of ``state`` after layers for the declaration ``setup`` describes."""
    return _Builder(state, layers, setup).board()
