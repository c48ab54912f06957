"""Coverage by execution of a triggered ability with several trigger events ("Whenever this
creature enters or attacks", CR 603.2; ``when: {any_of: [...]}``): one generated game per
event, each made from the card as if the ability had that event alone
(pyengine.oracle.execute_triggers, execute_game), and played with the card itself, so that
its one ability must trigger on that event and resolve. Every event's game must run for the
card to count as run."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def _compound_at(card: Compiled) -> int | None:
    """The place among the card's abilities of its first triggered ability, when it has
    several trigger events."""
    found = [i for i, a in enumerate(card.card.get("abilities", ()))
             if isinstance(a, dict) and "trigger" in a]
    if not found:
        return None
    when = card.card["abilities"][found[0]]["trigger"].get("when", {})
    return found[0] if "any_of" in when else None


def is_compound(card: Compiled) -> bool:
    return _compound_at(card) is not None


def views(card: Compiled) -> list[tuple[dict[str, Any], Compiled]]:
    """For each trigger event of the card's first triggered ability, the card as if the
    ability triggered on that event alone (its game is made from the view, and played with
    the card)."""
    at = _compound_at(card)
    if at is None:
        return []
    ability = card.card["abilities"][at]
    out = []
    for alt in ability["trigger"]["when"]["any_of"]:
        one = {**ability, "trigger": {**ability["trigger"], "when": alt}}
        abilities = list(card.card["abilities"])
        abilities[at] = one
        out.append((alt, Compiled(card.name, {**card.card, "abilities": abilities}, card.clauses)))
    return out


def _others(card: Compiled) -> bool:
    """Whether the card has another triggered ability (which the event may trigger too)."""
    return sum(1 for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a) > 1


def run_events(card: Compiled, timeout: float = 60.0) -> tuple[bool, str]:
    """Whether the game of every trigger event of the card's compound ability ran. When the
    card has other triggered abilities, which its event may trigger as well ("Whenever this
    creature attacks, Samurai you control get +1/+1" beside bushido), the game checks that
    the stack is left empty, not what the board's objects became."""
    import yaml

    from pyengine.oracle.execute import run_generated
    from pyengine.oracle.execute_game import game_text as plain
    from pyengine.oracle.execute_modal import is_modal
    from pyengine.oracle.execute_triggers import game_text, run_game

    for alt, view in views(card):
        if is_modal(view):
            ok, why = run_game(view, timeout)
        else:
            text = game_text(view) or plain(view)
            if text is None:
                return False, f"on {alt.get('kind')}: no game generated for what it does"
            if _others(card):
                doc = yaml.safe_load(text)
                for check in doc["expect"]["checkpoints"].values():
                    check.pop("objects", None)
                text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
            label = f"<generated game: {card.name}, on {alt.get('kind')}>"
            scenario, why = run_generated(text, label, timeout)
            ok = scenario is not None
        if not ok:
            return False, f"on {alt.get('kind')}: {why}"
    return True, ""
