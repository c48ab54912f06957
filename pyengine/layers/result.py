"""Typed results of the layer engine: final characteristics, the application log, and the
effects that other engines (combat, replacement) read after layers are applied."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyengine.model.effects import EffectDef, Op


@dataclass(frozen=True)
class ObjectChars:
    """An object's characteristics after all continuous effects (CR 613.1) and its
    controller after layer 2. ``abilities`` are display names (``flying``, ``swampwalk``,
    ``protection from red``, a static ability's text); ``keywords`` are (name, parameter)
    pairs of its keyword abilities for engines that read them, one per instance (CR 113.2c:
    an ability granted twice is there twice; most keywords are then redundant, 702, but
    some requirements and "can block an additional creature" count each)."""

    id: str
    name: str
    mana_value: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    abilities: tuple[str, ...]
    keywords: tuple[tuple[str, str | None], ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    controller: str

    def field(self, name: str) -> Any:
        """A characteristic by its scenario field name."""
        return getattr(self, name)

    def has_keyword(self, name: str, param: str | None = None) -> bool:
        """Whether the object has keyword ``name`` (with ``param`` if given)."""
        return any(k == name and (param is None or p == param) for k, p in self.keywords)


@dataclass(frozen=True)
class Application:
    """One step of the layer engine: which effect applied, in which layer, to what, and why
    it came at this point (CR 613.7 timestamp, 613.8 dependency, 613.8b loop)."""

    layer: str
    order: int
    effect: str
    source: str | None
    timestamp: tuple[int, ...]
    affected: tuple[str, ...]
    reason: str
    depends_on: tuple[str, ...] = ()
    loop: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActiveEffect:
    """A non-layer effect (combat, replacement, rules) present after layers: the source has
    the ability (or the resolved effect exists) and its condition holds (CR 611.3)."""

    id: str
    definition: EffectDef
    op: Op
    source: str | None
    controller: str
    timestamp: tuple[int, ...]
    affected: tuple[str, ...]
    selections: tuple[tuple[Any, tuple[str, ...]], ...] = ()  # (Selector, matching object ids)
    # its place among the result's non-layer effects: two instances of one ability (granted
    # twice, CR 113.2c) have the same id and different serials
    serial: int = 0

    def matching(self, selector: Any) -> tuple[str, ...]:
        """Object ids matching ``selector`` (one of this effect's operation arguments) after
        all layers, evaluated relative to this effect (its source and controller)."""
        for sel, objs in self.selections:
            if sel == selector:
                return objs
        return ()


@dataclass(frozen=True)
class PlayerChars:
    """What a player has after every continuous effect (CR 613.10, 613.11): abilities
    (``hexproof``, ``shroud``, ``protection from ...``), maximum hand size (None: no maximum
    hand size, 402.2) and how many lands they may play on each of their turns (None: any
    number, 305.2)."""

    id: str
    abilities: tuple[str, ...] = ()
    max_hand_size: int | None = 7
    land_plays: int | None = 1

    def field(self, name: str) -> Any:
        """A value by its scenario field name."""
        return getattr(self, name)


@dataclass(frozen=True)
class PlayerApplication:
    """One effect on players (CR 613.10, 613.11) applied to one player: its place in that
    player's timestamp order and what it does."""

    player: str
    order: int
    effect: str
    source: str | None
    timestamp: tuple[int, ...]
    does: tuple[str, ...]  # in words, with CR numbers
    # what it does: (kind, value) with kind gain, lose, hand_set, hand_mod, hand_none,
    # land_add or land_any (asp/layers/players.lp)
    ops: tuple[tuple[str, str | int], ...] = ()


@dataclass(frozen=True)
class LayerResult:
    """The answer of the layer engine for a whole state."""

    objects: dict[str, ObjectChars]
    applications: tuple[Application, ...]
    dependencies: tuple[tuple[str, str, str], ...]  # (layer, effect, depends-on effect) at first evaluation
    active: tuple[ActiveEffect, ...] = ()
    clingo_version: str = ""
    stats: dict[str, float] = field(default_factory=dict, compare=False, hash=False)
    # layers in which no effect could change what another reads (asp/layers/quiet.lp), so
    # none depended on another and all applied at once in timestamp order
    batched: tuple[str, ...] = ()
    # every player's values after the effects on players (CR 613.10, 613.11), and those
    # effects in the order they applied to each player
    players: dict[str, PlayerChars] = field(default_factory=dict)
    player_applications: tuple[PlayerApplication, ...] = ()
    # (layer, changes): where a layer's batch were effects that add (7c, CR 613.4c), what they
    # changed, summed per object (``bears: power 2 -> 12``); the applications of that batch
    # record what they applied to, not the values in between (their ``changes`` are empty)
    summed: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def values(self) -> dict[str, dict[str, Any]]:
        """{object id: {field: value}} with lists as sorted tuples."""
        out: dict[str, dict[str, Any]] = {}
        for oid, oc in self.objects.items():
            out[oid] = {f: oc.field(f) for f in ("name", "mana_value", "colors", "types",
                                                 "subtypes", "supertypes", "abilities", "power",
                                                 "toughness", "loyalty", "defense", "controller")}
        return out

    def select(self, objects: tuple[str, ...], fields: tuple[str, ...], players: tuple[str, ...] = (),
               player_fields: tuple[str, ...] = ()) -> "CharacteristicsAnswer":
        """The answer to a characteristics query."""
        vals = self.values()
        return CharacteristicsAnswer({o: {f: vals[o][f] for f in fields} for o in objects if o in vals},
                                     self,
                                     {p: {f: self.players[p].field(f) for f in player_fields}
                                      for p in players if p in self.players})


@dataclass(frozen=True)
class CharacteristicsAnswer:
    """Answer to a ``characteristics`` query."""

    chars: dict[str, dict[str, Any]]
    result: LayerResult
    players: dict[str, dict[str, Any]] = field(default_factory=dict)

    def values(self) -> dict[str, dict[str, Any]]:
        """{object id: {field: value}}."""
        return self.chars

    def to_json(self) -> dict[str, Any]:
        """JSON-ready answer with the application log."""
        return {
            "objects": {o: {k: (list(v) if isinstance(v, tuple) else v) for k, v in f.items()}
                        for o, f in self.chars.items()},
            "applications": [a.__dict__ | {"timestamp": list(a.timestamp)} for a in self.result.applications],
            "players": {p: {k: (list(v) if isinstance(v, tuple) else v) for k, v in f.items()}
                        for p, f in self.players.items()},
            "player_applications": [a.__dict__ | {"timestamp": list(a.timestamp), "does": list(a.does)}
                                     for a in self.result.player_applications
                                     if a.player in self.players],
        }

    def render(self) -> str:
        """Characteristics, one object per line."""
        lines = []
        for oid, fields in self.chars.items():
            parts = []
            for k, v in fields.items():
                shown = ("[" + ", ".join(map(str, v)) + "]" if isinstance(v, tuple)
                         else ("none" if v is None else v))
                parts.append(f"{k}={shown}")
            lines.append(f"{oid}: " + " ".join(parts))
        for pid, fields in self.players.items():
            parts = [f"{k}={player_value_text(k, v)}" for k, v in fields.items()]
            lines.append(f"player {pid}: " + " ".join(parts))
        return "\n".join(lines)


def player_value_text(field_name: str, value: Any) -> str:
    """A player's value as a scenario writes it: ``none`` for no maximum hand size, ``any``
    for any number of land plays."""
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    if value is None:
        return "none" if field_name == "max_hand_size" else "any"
    return str(value)
