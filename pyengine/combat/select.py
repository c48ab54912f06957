"""Selectors, expressions and conditions of combat operations' arguments, read at the final
state (after all layers) in a combat context.

The layer engine evaluates the selectors of layer effects while layers apply (asp/layers/
selectors.lp); the arguments of a combat operation ("can't be blocked by creatures with power
2 or less", "unless defending player controls an Island") are read once, against the
characteristics the layer engine produced, with ``defending`` bound to the player the combat
rules name (CR 508.5, 509.1a). The meaning is that of docs/effect-language.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pyengine.errors import PyengineError
from pyengine.lang.effects import CHOSEN
from pyengine.layers.result import ObjectChars
from pyengine.model.effects import Condition, Expr, ObjRef, PlayerRef, Selector
from pyengine.model.objects import ALT_FLAGS, GameObject, GameState

# a selector attribute -> the kind of choice `chosen` reads (GameObject.chosen)
_CHOSEN_KIND = {"type": "card_type", "subtype": "subtype", "color": "color"}


@dataclass(frozen=True)
class Context:
    """Who the references of an effect name: its source, its controller (``you``), the
    defending player (if any) and the object being looked at (``it``)."""

    source: str | None
    you: str
    defending: str | None = None
    it: str | None = None


class FinalState:
    """A game state with its final characteristics, for reading selectors."""

    def __init__(self, state: GameState, chars: dict[str, ObjectChars],
                 combat: Mapping[str, frozenset[str]] | None = None,
                 blockers: Mapping[str, int] | None = None) -> None:
        self.state = state
        self.chars = chars
        self._objects = {o.id: o for o in state.objects}
        # each attacking or blocking creature's states (506.4), when the caller knows the
        # game's combat; None: a selector's combat state is refused
        self.combat = combat
        # how many creatures block each attacking creature (509.1a), when the caller knows the
        # game's combat; None: an amount of blockers is refused
        self.blockers = blockers

    # -- players -------------------------------------------------------------------------
    def players(self, ref: PlayerRef, ctx: Context) -> frozenset[str]:
        """The players a reference names (``opponent``: each opponent of ``you``)."""
        everyone = self.state.player_ids
        if ref.kind == "you":
            return frozenset({ctx.you})
        if ref.kind == "opponent":
            return frozenset(p for p in everyone if p != ctx.you)
        if ref.kind == "active":
            return frozenset({self.state.turn.active})
        if ref.kind == "nonactive":
            return frozenset(p for p in everyone if p != self.state.turn.active)
        if ref.kind == "defending":
            if ctx.defending is None:
                raise PyengineError("'defending' is used where there is no defending player")
            return frozenset({ctx.defending})
        if ref.kind == "owner":
            if ctx.it is None:
                raise PyengineError("'owner' is used where no object is being looked at")
            return frozenset({self._objects[ctx.it].owner})
        return frozenset({ref.player or ""})

    def obj(self, ref: ObjRef, ctx: Context) -> str | None:
        """The object a reference names, or None."""
        if ref.kind == "self":
            return ctx.source
        if ref.kind == "it":
            return ctx.it
        if ref.kind == "attached":
            src = self._objects.get(ctx.source or "")
            return src.attached_to if src is not None else None
        return ref.obj

    # -- selectors -----------------------------------------------------------------------
    def matches(self, sel: Selector, oid: str, ctx: Context) -> bool:
        """Whether object ``oid`` matches ``sel`` (every entry must hold)."""
        obj = self._objects.get(oid)
        ch = self.chars.get(oid)
        if obj is None or ch is None:
            return False
        if sel.zone is not None and obj.zone.value != sel.zone:
            return False
        inner = Context(ctx.source, ctx.you, ctx.defending, oid)
        for positive, attr, value in sel.lits:
            if value == CHOSEN and attr in _CHOSEN_KIND:
                # CR 607.2d: the value chosen as the effect's source entered (614.12a); a
                # source that made no such choice matches nothing
                src = self._objects.get(ctx.source or "")
                made = dict(src.chosen) if src is not None else {}
                if _CHOSEN_KIND[attr] not in made:
                    return False
                value = made[_CHOSEN_KIND[attr]]
            if attr == "combat" and self.combat is not None:  # 506.4: the game's combat
                if (value in self.combat.get(oid, frozenset())) != positive:
                    return False
                continue
            if self._lit(obj, ch, attr, value) != positive:
                return False
        for positive, rel, ref in sel.players:
            who = ch.controller if rel == "controller" else obj.owner
            if (who in self.players(ref, inner)) != positive:
                return False
        for kind, oref in sel.objs:
            other = self.obj(oref, inner)
            if kind == "is" and oid != other:
                return False
            if kind == "is_not" and oid == other:
                return False
            if kind == "attached_to" and (other is None or obj.attached_to != other):
                return False
            if kind == "attached_by":
                src = self._objects.get(other or "")
                if src is None or src.attached_to != oid:
                    return False
        if sel.ids and oid not in sel.ids:
            return False
        for cmp in sel.compares:
            have = getattr(ch, cmp.attr, None)
            if have is None or not _compare(have, cmp.op, self.value(cmp.rhs, inner)):
                return False
        for group in sel.any_of:
            if not any(self.matches(alt, oid, ctx) for alt in group):
                return False
        return not any(self.matches(bad, oid, ctx) for bad in sel.none_of)

    @staticmethod
    def _lit(obj: GameObject, ch: ObjectChars, attr: str, value: str) -> bool:
        if attr == "type":
            return value in ch.types
        if attr == "subtype":
            return value in ch.subtypes
        if attr == "supertype":
            return value in ch.supertypes
        if attr == "color":
            return value in ch.colors
        if attr == "ability":
            return value in ch.abilities
        if attr == "name":
            return ch.name == value
        if attr == "tapped":
            return bool(obj.tapped)
        if attr == "token":
            return bool(obj.token)
        if attr == "kicked":  # 702.33d
            return bool(obj.kicked)
        if attr in ("was_cast", "cast_from_hand"):  # 601.2a
            return obj.cast_from is not None if attr == "was_cast" else obj.cast_from == "hand"
        if attr in ALT_FLAGS:  # 118.9: the alternative cost paid (702.74a, 702.109a, 702.152a)
            return obj.alt_cost == ALT_FLAGS[attr]
        if attr == "colorless":
            return not ch.colors
        if attr == "multicolored":
            return len(ch.colors) >= 2
        raise PyengineError(f"selector attribute {attr!r} is not supported in combat arguments")

    def select(self, sel: Selector, ctx: Context, among: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """The objects (of ``among``, default all) that match ``sel``, sorted."""
        pool = among if among is not None else tuple(self._objects)
        return tuple(sorted(o for o in pool if self.matches(sel, o, ctx)))

    # -- expressions and conditions ------------------------------------------------------
    def value(self, expr: Expr, ctx: Context) -> int:
        """The value of an integer expression (CR 611.3a: read continuously)."""
        if expr.op == "const":
            return expr.value
        if expr.op == "count":
            assert expr.selector is not None
            return len(self.select(expr.selector, ctx))
        if expr.op == "card_types":
            assert expr.selector is not None
            found = {t for o in self.select(expr.selector, ctx) for t in self.chars[o].types}
            return len(found)
        if expr.op == "attr":
            assert expr.ref is not None and expr.attr is not None
            oid = self.obj(expr.ref, ctx)
            ch = self.chars.get(oid or "")
            got = getattr(ch, expr.attr, None) if ch is not None else None
            return int(got or 0)
        if expr.op == "sum":
            return sum(self.value(a, ctx) for a in expr.args)
        if expr.op == "neg":
            return -self.value(expr.args[0], ctx)
        if expr.op == "times":
            return expr.value * self.value(expr.args[0], ctx)
        if expr.op == "blockers":  # 702.23a: "for each creature blocking it beyond the first"
            if self.blockers is None:
                raise PyengineError("an amount of blockers is read only on a game's combat, as an "
                                    "ability resolves (608.2h)")
            assert expr.ref is not None
            return max(0, self.blockers.get(self.obj(expr.ref, ctx) or "", 0) - expr.value)
        raise PyengineError(f"unknown expression {expr.op!r}")

    def holds(self, cond: Condition, ctx: Context) -> bool:
        """Whether a condition holds."""
        if cond.op == "cmp":
            assert cond.lhs is not None and cond.rhs is not None and cond.cmp is not None
            return _compare(self.value(cond.lhs, ctx), cond.cmp, self.value(cond.rhs, ctx))
        if cond.op == "all":
            return all(self.holds(c, ctx) for c in cond.args)
        if cond.op == "any":
            return any(self.holds(c, ctx) for c in cond.args)
        if cond.op == "not":
            return not self.holds(cond.args[0], ctx)
        if cond.op == "has_counters":  # 122.1: the source has one or more such counters
            src = self._objects.get(ctx.source or "")
            return src is not None and dict(src.counters).get(cond.counter or "", 0) > 0
        if cond.op == "turn":  # whose turn it is (CR 102.1)
            assert cond.player is not None
            return self.state.turn.active in self.players(cond.player, ctx)
        raise PyengineError(f"unknown condition {cond.op!r}")


def _compare(a: int, op: str, b: int) -> bool:
    return {"lt": a < b, "lte": a <= b, "eq": a == b, "ne": a != b, "gte": a >= b, "gt": a > b}[op]
