"""Brute-force reference for effects on players (CR 613.10, 613.11; 305.2, 402.2).

Effects with operations of area ``players`` (pyengine/lang/ops_players.py) give players
abilities (hexproof, shroud, protection) or change their maximum hand size and the number of
lands they may play. They apply after every object's characteristics are known: the oracle
first runs all layers (:func:`tests.oracles.layers_oracle.compute`), then, in that final
state, decides which of these effects exist by the same rules as any effect (the source has
the ability in its final characteristics, is in a zone where the ability functions, and the
condition holds; a resolved effect exists if its condition holds), and applies them to each
player one at a time in timestamp order (613.7).

Like the rest of the oracle it imports only the data model, never the layer engine.
"""

from __future__ import annotations

from typing import Any, cast

from pyengine.model.effects import EffectDef, PlayerRef
from pyengine.model.objects import GameState

from .cr_tables import PLAYER_OPS
from .layers_oracle import Eff, OState, Run, _static, compute, ctx_of, exists, view
from .layers_oracle_state import players_of

START_HAND_SIZE = 7  # CR 402.2
START_LAND_PLAYS = 1  # CR 305.2


def _is_player_effect(d: EffectDef) -> bool:
    return any(o.kind in PLAYER_OPS for o in d.ops)


def player_effects(st: OState, resolved: tuple[Eff, ...]) -> list[Eff]:
    """Every effect on players that exists in the final state ``st``, in timestamp order.

    Existence is decided afresh in the final state (a fresh :class:`Run`, so that no effect
    counts as "started" in a layer: the contract asks for the condition in the final state)."""
    fresh = Run(())
    found: list[Eff] = []
    for e in resolved:
        assert e.definition is not None
        if _is_player_effect(e.definition) and exists(st, e, fresh):
            found.append(e)
    for o in st.objects.values():
        for ab in o.abilities:
            for j, d in enumerate(ab.ability.effects):
                if not _is_player_effect(d):
                    continue
                e = _static(o, ab, j, d)
                if exists(st, e, fresh):
                    found.append(e)
    return sorted(found, key=lambda e: e.ts)


def who(st: OState, e: Eff, ref: PlayerRef) -> frozenset[str]:
    """The players a ``players:`` argument names (``each``: every player)."""
    if ref.kind == "each":
        return frozenset(st.players)
    return players_of(st, ref, ctx_of(st, e), None) & frozenset(st.players)


def apply_players(st: OState, effects: list[Eff]) -> dict[str, dict[str, Any]]:
    """Start every player at no abilities, 7 cards, 1 land (CR 402.2, 305.2) and apply
    ``effects`` (in the order given) to each player they name."""
    abilities: dict[str, set[str]] = {p: set() for p in st.players}
    hand: dict[str, int | None] = dict.fromkeys(st.players, START_HAND_SIZE)
    lands: dict[str, int | None] = dict.fromkeys(st.players, START_LAND_PLAYS)
    cant: set[str] = set()  # CR 101.2: "can't play lands" wins over every permission, in any order
    for e in effects:
        assert e.definition is not None
        for op in e.definition.ops:
            if op.kind not in PLAYER_OPS:
                continue
            for p in sorted(who(st, e, cast(PlayerRef, op.arg("players")))):
                if op.kind == "players_gain":
                    abilities[p] |= set(cast("tuple[str, ...]", op.arg("abilities")))
                elif op.kind == "players_lose":
                    abilities[p] -= set(cast("tuple[str, ...]", op.arg("abilities")))
                elif op.kind == "max_hand_size":
                    if op.has("set"):
                        hand[p] = cast(int, op.arg("set"))
                    elif op.has("no_maximum"):
                        hand[p] = None
                    else:
                        now = hand[p]
                        hand[p] = None if now is None else now + cast(int, op.arg("modify"))
                elif op.kind == "land_plays":
                    if op.has("any_number"):
                        lands[p] = None
                    else:
                        now = lands[p]
                        lands[p] = None if now is None else now + cast(int, op.arg("add"))
                elif op.kind == "cant_play_lands":
                    cant.add(p)
                else:
                    raise ValueError(f"oracle: unknown player operation {op.kind!r}")
    for p in cant:
        lands[p] = 0
    return {
        p: {"abilities": tuple(sorted(abilities[p])), "max_hand_size": hand[p], "land_plays": lands[p]}
        for p in st.players
    }


def players(state: GameState) -> dict[str, dict[str, Any]]:
    """For every player id: ``abilities`` (sorted tuple), ``max_hand_size`` (None: no maximum)
    and ``land_plays`` (None: any number) after all continuous effects."""
    st, run = compute(state)
    return apply_players(st, player_effects(st, run.resolved))


Values = dict[str, dict[str, Any]]


def characteristics_and_players(state: GameState) -> tuple[Values, Values]:
    """:func:`tests.oracles.layers_oracle.characteristics` and :func:`players` from one
    computation of the layers."""
    st, run = compute(state)
    objects = {oid: view(st.objects[oid]) for oid in st.order}
    return objects, apply_players(st, player_effects(st, run.resolved))
