"""The generated games of the keyword abilities that function from a graveyard (CR 113.6m;
pyengine.oracle.keyword_graveyard), run for a card whatever template sampled it:

- an activated one (unearth 702.84a, scavenge 702.97a) when it is the card's first activated
  ability: the card in alice's graveyard, activated and resolved (the game of
  pyengine.oracle.execute_activated: the card on the battlefield, or exiled with the counters
  on the target; unearth's end step exile checked at ``later``, 603.7);
- a triggered ability that returns its card from the graveyard (113.6m): the generated game of
  pyengine.oracle.execute_game with the card in alice's graveyard, not on the battlefield
  (:func:`from_graveyard`);
- dredge (702.52a): the card in alice's graveyard and ten cards in her library, she chooses
  the replacement (616.1) and draws: she has milled N cards instead (121.2: one draw, 702.52a)
  and the card is in her hand.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def from_graveyard(trigger: dict[str, Any], to: str | None = None) -> bool:
    """Whether a compiled triggered ability moves its own card out of the graveyard (``to``
    that zone, if given) and its trigger event is not about the card itself or what it is
    attached to (113.6m: it functions only in the graveyard), in its instructions or nested
    ones ("If you do, ...")."""
    def moves(evs: Any) -> bool:
        for ev in evs if isinstance(evs, list) else ():
            if not isinstance(ev, dict):
                continue
            if ev.get("kind") == "move" and ev.get("object") == "self" and ev.get("from") == "graveyard" \
                    and to in (None, ev.get("to")):
                return True
            if any(moves(v) for v in ev.values() if isinstance(v, list)):
                return True
        return False

    when = trigger.get("trigger", trigger).get("when", {})
    about = [when.get(k) for k in ("obj", "source", "to_obj")]
    if to is None and any(a == "self" or isinstance(a, dict) and (a.get("enchanted") or a.get("equipped"))
                          for a in about):
        return False
    return moves(trigger.get("do"))


def relocated(card: Compiled, text: str, template: str | None) -> str:
    """A generated game's scenario with the card in alice's graveyard instead of on her
    battlefield, when the ability the game runs (the card's first triggered ability) moves its
    card out of the graveyard (113.6m: it triggers only there)."""
    if template == "activated ability":
        return text
    first = next((a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a), None)
    if first is None or not from_graveyard(first):
        return text
    import yaml

    doc = yaml.safe_load(text)
    moved = False
    for i, o in enumerate(doc.get("objects", ())):
        if o.get("id") == "card" and o.get("controller") == "alice" and "zone" not in o:
            doc["objects"][i] = {"id": "card", "card": card.name, "owner": "alice", "zone": "graveyard"}
            moved = True
    if not moved:  # the game of something else of the card (its spell cast from alice's hand)
        return text
    # once it resolved, the card is where its instruction put it (alice does what "you may" says)
    top = [ev for ev in first.get("do", ()) for ev in ([ev] if ev.get("kind") != "may" or "then" in ev
                                                          else ev.get("do", ()))]
    move = next((ev for ev in top if ev.get("kind") == "move" and ev.get("object") == "self"), None)
    done = doc.get("expect", {}).get("checkpoints", {}).get("done")
    if move is not None and isinstance(done, dict):
        done.setdefault("objects", {})["card"] = {"zone": move["to"]}
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def _own(card: Compiled) -> list[dict[str, Any]]:
    return [a for a in card.card.get("abilities", ()) if isinstance(a, dict)]


def _graveyard_activated(card: Compiled) -> bool:
    from pyengine.model.activated import parse_cost

    mine = [a for a in _own(card) if "activated" in a]
    if not mine:
        return False
    first = mine[0]["activated"]
    return first.get("zone") == "graveyard" or parse_cost(first["cost"]).exile_self


def _dredge(card: Compiled) -> int | None:
    for a in _own(card):
        rep = a.get("static", {}).get("replace", {}) if isinstance(a.get("static"), dict) else {}
        if rep.get("zones") == ["graveyard"] and rep.get("event", {}).get("kind") == "draw" \
                and rep.get("optional"):
            return int(rep["event"]["library"]["gte"])
    return None


def dredge_text(card: Compiled, n: int) -> str:
    """The dredge game's scenario (see the module's documentation)."""
    import yaml

    doc = {"id": "cards/generated", "title": f"{card.name}: dredge {n}", "cr": ["702.52a", "616.1"],
           "rationale": "generated",
           "players": [{"id": "alice", "library_size": 10}, {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "graveyard"}],
           "query": {"kind": "game", "script": [{"choose": [{"effect": "card", "choice": "main"}]},
                                                {"draw": "alice"}, {"checkpoint": "dredged"}]},
           "expect": {"checkpoints": {"dredged": {"library": {"alice": 10 - n},
                                                  "objects": {"card": {"zone": "hand"}}}}}}
    return yaml.safe_dump(doc, sort_keys=False)


def run(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's graveyard-keyword game run (whether it ran, and why not), or None when the
    card has none this module generates."""
    n = _dredge(card)
    if n is not None:
        from pyengine.oracle.execute import run_generated

        scenario, why = run_generated(dredge_text(card, n), f"<generated dredge: {card.name}>", timeout)
        return scenario is not None, why
    if _graveyard_activated(card):
        from pyengine.oracle.execute_triggers import run_game

        return run_game(card, timeout, template="activated ability")
    return None
