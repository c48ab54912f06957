"""Which replacement, prevention and "can't" effects exist when the event would happen
(CR 614.4, 615.4), read from the layer engine's result (the effects present after layers,
their selectors evaluated), plus the effects the rules derive from keywords (protection,
702.16e; indestructible, 702.12b) and abilities that function outside the battlefield
(113.6). Entering objects are handled by :mod:`pyengine.replacement.entering`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from pyengine import qualities
from pyengine.budget import Budget
from pyengine.errors import UnsupportedQuery
from pyengine.layers import LayerResult, compute
from pyengine.model.effects import ObjRef, PlayerRef, Selector
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.replacement import spec as S


@dataclass(frozen=True)
class Instance:
    """One effect that exists when the event would happen.

    ``sets``: for each selector of the specification, the object ids it matches after layers
    (relative to this effect); ``identity``: for an entering object's own effect (614.12),
    (entering key, identity id) it belongs to, and ``controllers`` the players under whose
    control that identity would have it; ``only``: for one of several separate shields
    (615.11), the object it shields; ``late``: created after the event (614.4)."""

    id: str
    spec: S.Spec
    controller: str
    source: str | None
    timestamp: tuple[int, ...]
    text: str
    sets: tuple[tuple[Selector, tuple[str, ...]], ...] = ()
    identity: tuple[str, str] | None = None
    only: str | None = None
    late: bool = False
    label: str = ""  # the layer engine's name for it (ActiveEffect.id)
    affected: tuple[str, ...] = ()  # a resolved effect's locked objects (611.2c)
    controllers: tuple[str, ...] = ()
    # protection (702.16e): its holder (("o", id) or ("p", id)) and quality; the sources it
    # covers are decided by asp/common/qualities.lp
    protection: tuple[tuple[str, str], qualities.Quality] | None = None

    def matching(self, sel: Selector) -> tuple[str, ...]:
        """Objects matching ``sel`` (one of this effect's selectors)."""
        for s, objs in self.sets:
            if s == sel:
                return objs
        return ()


def layers_state(state: GameState) -> GameState:
    """The state the layer engine reads: a resolved effect that only changes rules (no
    layer operation) exists without a locked set of objects (CR 611.2c does not apply)."""
    effects = []
    for eff in state.effects:
        rules_only = all(op.layer is None for op in eff.definition.ops)
        if rules_only and eff.locked is None:
            eff = dataclasses.replace(eff, locked=())
        effects.append(eff)
    return state.clone(effects=tuple(effects))


def run_layers(state: GameState, timeout: float | Budget) -> LayerResult:
    """The layer engine on :func:`layers_state`."""
    return compute(layers_state(state), timeout=timeout)


def _spec(op: object) -> S.Spec | None:
    args = dict(getattr(op, "args", ()))
    value = args.get("spec")
    return value if isinstance(value, (S.ReplacementSpec, S.CantSpec)) else None


def instances(state: GameState, result: LayerResult, at: int | None) -> list[Instance]:
    """The effects present after layers: static abilities of permanents, resolved effects,
    abilities functioning in other zones, protection and indestructible."""
    resolved = {e.id: e for e in state.effects}
    found: list[tuple[str, Instance]] = []
    for act in result.active:
        spec = _spec(act.op)
        if spec is None or act.op.area != "replacement":
            continue
        if act.id in resolved:
            eff = resolved[act.id]
            late = at is not None and eff.timestamp > at
            found.append((eff.id, Instance("", spec, act.controller or eff.controller, eff.source,
                                           (eff.timestamp,), eff.definition.text or eff.id,
                                           act.selections, late=late, label=act.id,
                                           affected=eff.locked or ())))
            continue
        if "battlefield" not in spec.zones or _etb_self(spec):
            continue  # CR 113.6b: it functions only in the zones it says; 113.6h: as it enters
        src = state.object(act.source) if act.source else None
        late = at is not None and src is not None and src.timestamp > at
        text = act.definition.text or act.id.split(": ", 1)[-1]
        found.append((act.source or act.id, Instance("", spec, act.controller, act.source,
                                                     act.timestamp, text, act.selections, late=late,
                                                     label=act.id)))
    found += _elsewhere(state, result)
    found += _keyword_effects(state, result)
    found += _commander_rule(state)
    return _named(found)


def _etb_self(spec: S.Spec) -> bool:
    """An ability modifying how its own object enters (CR 614.12), which functions only as that
    object enters (113.6h; pyengine.replacement.entering)."""
    if not isinstance(spec, S.ReplacementSpec) or spec.pattern.kind != "move":
        return False
    t = dict(spec.pattern.targets).get("object")
    return dict(spec.pattern.words).get("to") == ("battlefield",) and t is not None \
        and t.ref is not None and t.ref.kind == "self"


def _elsewhere(state: GameState, result: LayerResult) -> list[tuple[str, Instance]]:
    """CR 113.6b-c: static abilities that say they function in the object's current zone."""
    out = []
    for obj in state.objects:
        if obj.zone == Zone.BATTLEFIELD:
            continue
        names = set(result.objects[obj.id].abilities) if obj.id in result.objects else set()
        for ab in obj.printed.abilities:
            if ab.kind != "static" or ab.name not in names:
                continue
            for eff in ab.effects:
                for op in eff.ops:
                    spec = _spec(op)
                    if spec is None or obj.zone.value not in spec.zones:
                        continue
                    if S.selectors_of(spec):
                        raise UnsupportedQuery(
                            f"{obj.id}: selectors in an ability functioning in the {obj.zone.value} "
                            "are not supported; name objects with self or ids")
                    out.append((obj.id, Instance("", spec, obj.owner, obj.id, (obj.timestamp,),
                                                 eff.text or ab.name)))
    return out


def _keyword_effects(state: GameState, result: LayerResult) -> list[tuple[str, Instance]]:
    """Protection prevents damage from sources with the quality (702.16e), a player's too
    (613.10; 702.16j: "protection from everything"); indestructible permanents can't be
    destroyed (702.12b). Which sources have the quality is decided by the encodings
    (asp/common/qualities.lp), as for combat and targeting."""
    out: list[tuple[str, Instance]] = _player_protection(result)
    for obj in state.objects:
        chars = result.objects.get(obj.id)
        if obj.zone != Zone.BATTLEFIELD or chars is None:
            continue
        # two instances of protection from one quality prevent the same damage: one shield
        for name, param in dict.fromkeys(chars.keywords):
            if name == "protection" and param:
                quality = qualities.parse(param, state.player_ids)
                pattern = S.Pattern("damage", (("target", S.Target(ref=ObjRef("id", obj.id))),))
                spec = S.ReplacementSpec(pattern, (S.Alternative(prevent="all"),), prevention=True)
                out.append((f"{obj.id}/protection from {param}",
                            Instance("", spec, chars.controller, obj.id, (obj.timestamp,),
                                     f"protection from {param}", protection=(("o", obj.id), quality))))
        if chars.has_keyword("indestructible"):
            pattern = S.Pattern("move", (("object", S.Target(ref=ObjRef("id", obj.id))),),
                                (("cause", ("destroy",)),))
            out.append((f"{obj.id}/indestructible", Instance(
                "", S.CantSpec(pattern), chars.controller, obj.id, (obj.timestamp,), "indestructible")))
    return out


def _commander_rule(state: GameState) -> list[tuple[str, Instance]]:
    """CR 903.9b: if a commander would be put into its owner's hand or library from anywhere,
    its owner may put it into the command zone instead (a rule, from every zone; the owner's
    choice, so the owner's effect)."""
    out: list[tuple[str, Instance]] = []
    for obj in state.objects:
        if not obj.commander:
            continue
        pattern = S.Pattern("move", (("object", S.Target(ref=ObjRef("id", obj.id))),),
                            (("to", ("hand", "library")),))
        to_command = S.Alternative("command", changes=(("to", "set", S.Value("word", word="command")),))
        spec = S.ReplacementSpec(pattern, (to_command, S.Alternative("decline")), optional=True, zones=S.ZONES)
        out.append((f"{obj.id}/commander", Instance("", spec, obj.owner, obj.id, (obj.timestamp,),
                                                   "the commander rule (903.9b)")))
    return out


def _player_protection(result: LayerResult) -> list[tuple[str, Instance]]:
    """CR 702.16e, 702.16j: damage that would be dealt to a player with protection from a
    quality by a source with it is prevented. The player has it after the effects on players
    (613.10); the effect that gave it last is its timestamp."""
    out: list[tuple[str, Instance]] = []
    players = tuple(result.players)
    for pid, player in result.players.items():
        for ability in player.abilities:
            if not ability.startswith("protection from "):
                continue
            quality = qualities.parse(ability[len("protection from "):], players)
            given = [a.timestamp for a in result.player_applications
                     if a.player == pid and ("gain", ability) in a.ops]
            pattern = S.Pattern("damage", (("target", S.Target(players=(PlayerRef("id", pid),))),))
            spec = S.ReplacementSpec(pattern, (S.Alternative(prevent="all"),), prevention=True)
            out.append((f"{pid}/{ability}", Instance("", spec, pid, None, max(given, default=()),
                                                     ability, protection=(("p", pid), quality))))
    return out


def _named(found: list[tuple[str, Instance]]) -> list[Instance]:
    """Instance ids: the resolved effect's or the source's id if it has one such effect,
    else ``id/1``, ``id/2``... in printed order; ``each`` shields split per object."""
    counts = Counter(key for key, inst in found if not inst.id)
    seen: Counter[str] = Counter()
    out: list[Instance] = []
    for key, inst in found:
        if not inst.id:
            seen[key] += 1
            name = key if counts[key] == 1 else f"{key}/{seen[key]}"
            inst = dataclasses.replace(inst, id=name)
        out += split_each(inst)
    return out


def split_each(inst: Instance) -> list[Instance]:
    """CR 615.11: a shield for each of several objects is one separate shield per object."""
    spec = inst.spec
    if not isinstance(spec, S.ReplacementSpec) or not spec.each:
        return [inst]
    targets = dict(spec.pattern.targets)
    t = targets.get("target")
    ids = t.objects.ids if t is not None and t.objects is not None else ()
    if t is not None and t.affected:
        ids = inst.affected
    if not ids:
        raise UnsupportedQuery(f"{inst.id}: `each` needs a target given as ids (CR 615.11)")
    return [dataclasses.replace(inst, id=f"{inst.id}[{o}]", only=o) for o in ids]


def players_of(ref: PlayerRef, inst: Instance, state: GameState) -> tuple[str, ...]:
    """The players a reference names, relative to an effect (``you`` is its controller)."""
    ids = state.player_ids
    if ref.kind == "you":
        return (inst.controller,)
    if ref.kind == "opponent":
        return tuple(p for p in ids if p != inst.controller)
    if ref.kind == "active":
        return (state.turn.active,)
    if ref.kind == "nonactive":
        return tuple(p for p in ids if p != state.turn.active)
    if ref.kind == "owner":
        if inst.source is None:
            raise UnsupportedQuery(f"{inst.id}: 'owner' needs a source object")
        return (state.object(inst.source).owner,)
    if ref.kind == "id" and ref.player is not None:
        return (ref.player,)
    raise UnsupportedQuery(f"{inst.id}: player reference {ref.kind!r} has no meaning here")


def object_of(ref: ObjRef, inst: Instance, state: GameState) -> str:
    """The object a reference names, relative to an effect."""
    if ref.kind == "id" and ref.obj is not None:
        return ref.obj
    if ref.kind == "self" and inst.source is not None:
        return inst.source
    if ref.kind == "attached" and inst.source is not None:
        att = state.object(inst.source).attached_to
        if att is not None:
            return att
    raise UnsupportedQuery(f"{inst.id}: object reference {ref.kind!r} names nothing here")
