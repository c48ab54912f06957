"""Triggered mana abilities (CR 605.1b, 605.4a, 106.12): "Whenever enchanted land is tapped for
mana, its controller adds an additional {G}." (Wild Growth), "Whenever a player taps a land for
mana, that player adds one mana of any type that land produced." (Mana Flare, Heartbeat of
Spring), "Whenever you tap a Swamp for mana, add an additional {B}." (Crypt Ghast).

A triggered ability is written ``{trigger: {when: {kind: tapped_for_mana, obj: SELECTOR, player:
you|any|opponent}}, do: [{kind: add_mana, ...}]}``. To tap a permanent for mana is to activate a
mana ability of it with {T} in its cost (106.12); an ability that triggers from that and could
add mana is a mana ability (605.1b): it doesn't go on the stack but resolves immediately after
the mana ability that triggered it (605.4a), its mana going into the pool (106.4). So the
trigger engine (603) never sees the event: this module follows such abilities as a mana ability
of a land resolves, from the game's payment and its ``mana`` action (pyengine.game.paying) and
from an activated mana ability (pyengine.game.mana_activated).

``mana: "one mana of any type that land produced"`` is the types of the mana the land's ability
produced (a choice, 106.1a, when it produced more than one type; none when it produced none);
the script gives a choice ahead as any ``add_mana``'s (``mana_choice``, keyed by the source).
In a cast's payment, the mana the cast engine's payment doesn't count goes into the pool after
the cost is paid (601.2g-h: the player may spend it later in the step, 106.4).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, StackItem
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

KIND = "tapped_for_mana"
PRODUCED = "one mana of any type that land produced"


def _produced(symbols: tuple[str, ...]) -> str | None:
    """The product of "one mana of any type that land produced": those types as a choice."""
    kinds = list(dict.fromkeys(symbols))
    if not kinds:
        return None
    braced = [f"{{{k}}}" for k in kinds]
    if len(braced) == 1:
        return braced[0]
    return " or ".join(braced) if len(braced) == 2 else ", ".join(braced[:-1]) + ", or " + braced[-1]


def _matches(game: Game, chars: Any, src: Any, d: Any, land: str, player: str) -> bool:
    from pyengine.combat.select import Context, FinalState

    pat = d.pattern
    mine = player == src.controller
    if pat.player == "you" and not mine or pat.player == "opponent" and mine:
        return False
    if pat.obj is None:
        return True
    final = FinalState(game.state, chars)
    sel = replace(pat.obj, zone=Zone.BATTLEFIELD.value)
    return land in final.select(sel, Context(src.id, src.controller))


def fire(game: Game, player: str, tapped: list[tuple[str, tuple[str, ...]]], budget: Budget | float) -> Game:
    """605.4a: the triggered mana abilities each permanent in ``tapped`` ((id, the mana its
    mana ability produced)), tapped for mana by ``player`` (106.12), triggers, resolved at once,
    in order (sources in timestamp order; their controllers' choice otherwise, 603.3b)."""
    from pyengine.game import amounts, choice
    from pyengine.game.perform import layers
    from pyengine.game.stack import note
    from pyengine.model.triggers import Pattern, TriggerDef
    from pyengine.triggers.facts import triggered_abilities
    from pyengine.triggers.model import Triggered

    for land, symbols in tapped:
        chars = layers(game.state, budget).objects
        here = [o for o in sorted(game.state.objects, key=lambda o: o.timestamp)
                if o.zone == Zone.BATTLEFIELD and o.id in chars]
        defs = triggered_abilities(game.state)  # by text: printed and granted (113.1)
        for src in here:
            for n, name in enumerate(chars[src.id].abilities):
                d = defs.get(name) if isinstance(name, str) else None
                if d is None or d.pattern.kind != KIND or not _matches(game, chars, src, d, land, player):
                    continue
                events: list[Event] = []
                for ins in d.effects:
                    mana = ins.get("mana")
                    if mana == PRODUCED:
                        mana = _produced(symbols)
                        if mana is None:
                            continue  # it produced no mana: none of its types to add
                    fields = dict(ins.fields)
                    fields.update(player=("p", player), mana=mana)
                    if "times" in fields:
                        from pyengine.game.amounts import Deferred

                        fields["times"] = Deferred(fields["times"])
                    if re.search(r"chosen color$", str(mana)):
                        fields["source"] = ("o", src.id)  # 607.2d: the color its source chose
                    events.append(Event("add_mana", tuple(fields.items())))
                sid = f"{src.id}:{n + 1}@{len(game.log) + 1}"
                trig = Triggered(sid, src.id, n, src.controller, len(game.log), name, "605.4a")
                item = StackItem(sid, src.controller, name, events=tuple(events), source=src.id,
                                 trigger=(trig, TriggerDef(Pattern(KIND), effects=d.effects)))
                game = game.note(note("resolves", item, "605.4a"))
                now = amounts.now(game, src.id, src.controller, item.events, budget)
                keep: Any = lambda _g, _e: True  # noqa: E731 - no target (605.1b)
                game = choice.perform_in_order(game, item, now, keep, budget)
    return game
