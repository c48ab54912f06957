"""Coverage by execution of a modal spell or triggered ability (CR 700.2): one generated game
per mode, each casting the spell with that mode chosen (601.2b, 700.2a), or making the
ability trigger with that mode chosen ahead (603.3c), and only that mode's targets (700.2c),
and checking what that mode does (pyengine.oracle.execute_game, execute_triggers). Every mode must run
for the card to count as run."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.effects_modal import _renamed


def _modal_trigger(card: Compiled) -> int | None:
    """The place among the card's abilities of its first triggered ability, when it is modal."""
    found = [i for i, a in enumerate(card.card.get("abilities", ()))
             if isinstance(a, dict) and "trigger" in a]
    return found[0] if found and "modes" in card.card["abilities"][found[0]] else None


def trigger_views(card: Compiled, at: int) -> list[tuple[int, Compiled]]:
    """For each mode of the modal triggered ability at ``at``, the card as if the ability had
    that mode alone (its targets, ``target``, ``target2`` ..., and its events)."""
    ability = card.card["abilities"][at]
    out = []
    before = 0
    for i, mode in enumerate(ability["modes"]["list"], 1):
        targets = mode.get("targets", [])
        names = {("target" if before + k == 0 else f"target{before + k + 1}"):
                 ("target" if k == 0 else f"target{k + 1}") for k in range(len(targets))}
        one = {"trigger": ability["trigger"], **({"targets": targets} if targets else {}),
               "do": _renamed(mode["do"], names), "text": ability["text"]}
        abilities = list(card.card["abilities"])
        abilities[at] = one
        out.append((i, Compiled(card.name, {**card.card, "abilities": abilities}, card.clauses)))
        before += len(targets)
    return out


def mode_views(card: Compiled) -> list[tuple[int, Compiled]]:
    """For each mode (1 is the first), the card as if it were that mode alone: its ``does:``
    the mode's events with the mode's targets named ``target``, ``target2`` ..., its casting
    targets the mode's (a modal triggered ability: :func:`trigger_views`)."""
    at = _modal_trigger(card)
    if at is not None and "does" not in card.card:
        return trigger_views(card, at)
    modes = card.card.get("casting", {}).get("modes", {}).get("list", [])
    does = card.card.get("does", {}).get("modes", [])
    out = []
    before = 0
    for i, (mode, did) in enumerate(zip(modes, does, strict=True), 1):
        targets = mode.get("targets", [])
        names = {("target" if before + k == 0 else f"target{before + k + 1}"):
                 ("target" if k == 0 else f"target{k + 1}") for k in range(len(targets))}
        view = {k: v for k, v in card.card.items() if k not in ("does", "casting")}
        view["does"] = {"do": _renamed(did["do"], names)}
        if targets:
            view["casting"] = {"targets": targets}
        out.append((i, Compiled(card.name, view, card.clauses)))
        before += len(targets)
    return out


def game_texts(card: Compiled) -> list[tuple[int, str | None]]:
    """The generated game of each mode: the spell put on the stack with that mode chosen."""
    from pyengine.oracle.execute_game import game_text
    from pyengine.oracle.execute_triggers import game_text as trigger_game

    trigger = _modal_trigger(card) is not None and "does" not in card.card
    out: list[tuple[int, str | None]] = []
    for i, view in mode_views(card):
        text = (trigger_game(view) or game_text(view)) if trigger else game_text(view)
        if text is not None:
            doc = yaml.safe_load(text)
            for action in doc["query"]["script"]:
                if isinstance(action, dict) and action.get("stack", {}).get("object") == "card" \
                        and not trigger:
                    action["stack"]["modes"] = [i]
            if trigger:  # chosen as it is put on the stack (603.3c), given ahead
                doc["query"]["script"] = [{"trigger_modes": {"card": [i]}}, *doc["query"]["script"]]
            doc["title"] = f"{card.name} (mode {i}) does what it says"
            doc["cr"] = [*doc["cr"], "700.2a", "700.2c"]
            text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
        out.append((i, text))
    return out


def is_modal(card: Compiled) -> bool:
    """A modal spell, or a card whose first triggered ability is modal (700.2)."""
    return bool(card.card.get("does", {}).get("modes")) or _modal_trigger(card) is not None


def run_modes(card: Compiled, timeout: float = 60.0) -> tuple[bool, str]:
    """Whether every mode's generated game ran."""
    from pyengine.oracle.execute import run_generated

    for i, text in game_texts(card):
        if text is None:
            return False, f"no game generated for what mode {i} does"
        scenario, why = run_generated(text, f"<generated game: {card.name}, mode {i}>", timeout)
        if scenario is None:
            return False, f"mode {i}: {why}"
    return True, ""


__all__: list[Any] = ["game_texts", "is_modal", "mode_views", "run_modes"]
