"""Generated games that cast a card for its alternative cost (CR 118.9, 601.2b, 601.2f-h) and
check what its keyword's rule then does (pyengine.oracle.keyword_alt):

- evoke (702.74a): alice casts the card from her hand for its evoke cost, from a pool holding
  just that cost; as it enters, its "when this enters" abilities and evoke's sacrifice trigger
  trigger together and she orders them (603.3b: evoke's put on the stack first, so it
  resolves last); every one resolves, and the card is in her graveyard (701.21a), its own "when
  this leaves the battlefield" abilities triggered and resolved too (603.6c, 603.10a).
- dash (702.109a): alice casts it for its dash cost; a card with no triggered ability then
  attacks the turn it entered (it has haste, 302.6, 702.10b); at the beginning of her end step
  the delayed triggered ability returns it to her hand (603.7a-b).
- blitz (702.152a): the same, cast for its blitz cost; at her end step the delayed triggered
  ability sacrifices it (701.21a), and the ability it has while blitzed, "When this permanent is
  put into a graveyard from the battlefield, draw a card", triggers (looking back in time,
  603.10a) and resolves: her hand holds the card drawn.
- entwine (702.42a): the modal spell cast with every mode chosen and its entwine cost paid
  besides its mana cost (601.2f), each mode's targets those of that mode's own generated game
  (pyengine.oracle.execute_modal); every mode's checks that don't overlap another's are kept.
- surge (702.117a) and spectacle (702.137a): alice first casts Lightning Bolt at bob (she has
  cast another spell this turn, and an opponent lost 3 life), then the card's own generated
  game goes on with the card cast for that cost instead of put on the stack, its targets the
  same (bob's expected life 3 lower).

A card whose other abilities would trigger with targets, modes or conditions, or at other
events, gets no such game (None): its other games run it."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.keyword_alt import alt_cost, is_evoke_sacrifice
from pyengine.oracle.kicker import pool_for

# the log index of the event the cast card enters with, in a game that casts it from alice's
# hand paying from her pool and resolves it (the triggered abilities' ids SOURCE:N@EVENT)
_ENTERED_AT = 4


def _plain(ability: dict[str, Any], kinds: tuple[str, ...]) -> bool:
    """A triggered ability of the card about itself (``kinds`` of event), with no targets, modes
    or intervening "if"."""
    when = ability["trigger"].get("when", {})
    return (
        when.get("obj") == "self"
        and when.get("kind") in kinds
        and "if" not in ability["trigger"]
        and not ability.get("targets")
        and "modes" not in ability
    )


def _doc(card: Compiled, pool: str, script: list[Any], checks: dict[str, Any], cr: list[str]) -> str:
    doc = {
        "id": "cards/generated-alt-cost",
        "title": f"{card.name} cast for its alternative cost",
        "cr": cr,
        "rationale": "generated: the game must run it",
        "players": [
            {"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
            {"id": "bob", "library_size": 10},
        ],
        "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
        "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}],
        "query": {"kind": "game", "script": script},
        "expect": {"checkpoints": checks},
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def evoke_game(card: Compiled) -> str | None:
    """The evoked game (702.74a), or None."""
    cost = alt_cost(card.card, "evoke")
    pool = pool_for(cost) if cost is not None else None
    if not pool or "Creature" not in card.card.get("types", ()):
        return None
    enters: list[int] = []
    leaves = 0
    for i, a in enumerate(card.card.get("abilities", ())):
        if not isinstance(a, dict) or "trigger" not in a:
            continue
        if is_evoke_sacrifice(a):
            enters.insert(0, i)  # put on the stack first: it resolves last (603.3b)
        elif _plain(a, ("enters",)) and "when" in a["trigger"]:
            enters.append(i)
        elif _plain(a, ("dies", "leaves")):
            leaves += 1
        else:
            return None
    if not enters or not is_evoke_sacrifice(card.card["abilities"][enters[0]]):
        return None
    script: list[Any] = [{"cast": {"spell": "card", "alternative": "evoke", "payment": {"pool": pool}}}]
    if len(enters) > 1:
        script.append({"order_triggers": {"alice": [f"card:{i}@{_ENTERED_AT}" for i in enters]}})
    script += [
        "resolve",
        {"checkpoint": "entered"},
        *["resolve"] * (len(enters) + leaves),
        {"checkpoint": "done"},
    ]
    checks = {
        "entered": {"objects": {"card": {"zone": "battlefield"}}},
        "done": {"stack": [], "objects": {"card": {"zone": "graveyard"}}},
    }
    return _doc(card, pool, script, checks, ["702.74a", "603.3b", "603.4", "701.21a"])


def dash_game(card: Compiled, word: str = "dash") -> str | None:
    """The dashed (702.109a) or blitzed (``word`` blitz, 702.152a) game, or None."""
    cost = alt_cost(card.card, word)
    pool = pool_for(cost) if cost is not None else None
    if not pool or "Creature" not in card.card.get("types", ()):
        return None
    abilities = card.card.get("abilities", ())
    if any(isinstance(a, dict) and "trigger" in a for a in abilities):
        return None  # its attack, enter or end-step abilities would trigger: their own games run them
    words = {a for a in abilities if isinstance(a, str)}
    if words & {
        "defender",
        "vigilance",
        "can't attack",
        "can't attack alone",
        "can't attack or block alone",
    } or any(isinstance(a, dict) and "cant_attack" in str(a) for a in abilities):
        return None
    script: list[Any] = [
        {"cast": {"spell": "card", "alternative": word, "payment": {"pool": pool}}},
        "resolve",
        {"advance": "declare_attackers"},
        {"attack": {"card": "bob"}},
        {"checkpoint": "attacked"},
        {"advance": "end"},
        "resolve",
    ]
    checks: dict[str, Any] = {"attacked": {"objects": {"card": {"zone": "battlefield", "tapped": True}}}}
    if word == "blitz":  # sacrificed, then its "when it dies, draw a card" resolves (603.10a)
        script += ["resolve", {"checkpoint": "done"}]
        checks["done"] = {
            "stack": [],
            "hand": {"alice": 1},
            "library": {"alice": 9},
            "objects": {"card": {"zone": "graveyard"}},
        }
        return _doc(card, pool, script, checks, ["702.152a", "302.6", "608.3g", "701.21a", "603.10a"])
    script.append({"checkpoint": "done"})
    checks["done"] = {"stack": [], "objects": {"card": {"zone": "hand"}}}
    return _doc(card, pool, script, checks, ["702.109a", "302.6", "608.3g", "603.7c"])


def entwine_game(card: Compiled) -> str | None:
    """The entwined game (702.42a), or None: the modes' own games must be one spell put on the
    stack with the same board."""
    from pyengine.oracle.execute_modal import game_texts

    cost = alt_cost(card.card, "entwine")
    pool = pool_for(str(card.card.get("mana_cost", "")), cost) if cost is not None else None
    modes = card.card.get("casting", {}).get("modes", {}).get("list", [])
    if not pool or not modes or not card.card.get("does", {}).get("modes"):
        return None
    docs = []
    for _, text in game_texts(card):
        if text is None:
            return None
        docs.append(yaml.safe_load(text))
    base = docs[0]
    targets: dict[str, list[str]] = {}
    done: dict[str, Any] = {}
    clash: set[str] = set()
    for mode, doc in zip(modes, docs, strict=True):
        script = doc["query"]["script"]
        if (
            any(doc[k] != base[k] for k in ("objects", "players", "turn"))
            or len(script) != 3
            or script[1:] != ["resolve", {"checkpoint": "done"}]
            or "stack" not in script[0]
            or set(doc["expect"]["checkpoints"]) != {"done"}
        ):
            return None
        ids = [t["id"] for t in mode.get("targets", [])]
        chosen = script[0]["stack"].get("targets", [])
        if len(ids) != len(chosen) or set(ids) & set(targets):
            return None
        targets.update({i: [t] for i, t in zip(ids, chosen, strict=True)})
        for key, value in doc["expect"]["checkpoints"]["done"].items():
            if key in done and (not isinstance(value, dict) or set(value) & set(done[key])):
                clash.add(key)  # two modes change one thing: not predicted here
            elif key in done:
                done[key] = {**done[key], **value}
            else:
                done[key] = value
    cast: dict[str, Any] = {
        "spell": "card",
        "entwined": True,
        "modes": list(range(1, len(modes) + 1)),
        "payment": {"pool": pool},
    }
    if targets:
        cast["targets"] = targets
    base["players"][0]["mana"] = pool
    base["query"]["script"] = [{"cast": cast}, "resolve", {"checkpoint": "done"}]
    base["expect"]["checkpoints"]["done"] = {k: v for k, v in done.items() if k not in clash}
    base["title"] = f"{card.name} entwined: every mode"
    base["cr"] = [*base["cr"], "702.42a", "700.2a", "601.2f"]
    return yaml.safe_dump(base, sort_keys=False, allow_unicode=True)


def after_bolt_game(card: Compiled, word: str) -> str | None:
    """The surge or spectacle game (``word``), or None: the card's own game (a spell put on the
    stack first thing) cast for that cost after Lightning Bolt at bob has resolved."""
    cost = alt_cost(card.card, word)
    pool = pool_for(cost) if cost is not None else None
    doc = spell_game_doc(card) if pool else None
    if doc is None:
        return None
    script = doc["query"]["script"]
    chosen = script[0]["stack"].get("targets", [])
    ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
    if len(ids) != len(chosen) or any(o.get("id") == "bolt" for o in doc["objects"]):
        return None
    cast: dict[str, Any] = {"spell": "card", "alternative": word, "payment": {"pool": pool}}
    if chosen:
        cast["targets"] = {i: [t] for i, t in zip(ids, chosen, strict=True)}
    bolt = {"cast": {"spell": "bolt", "targets": {"any": ["bob"]}, "payment": {"pool": "{R}"}}}
    doc["query"]["script"] = [bolt, "resolve", {"cast": cast}, *script[1:]]
    doc["objects"].append({"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"})
    alice = doc["players"][0]
    alice["hand_size"] = alice.get("hand_size", 0) + 1
    alice["mana"] = alice.get("mana", "") + "{R}" + pool
    for check in doc["expect"]["checkpoints"].values():  # Lightning Bolt dealt bob 3 (120.3a)
        if isinstance(check.get("life"), dict) and "bob" in check["life"]:
            check["life"]["bob"] -= 3
        if "mana" in check:
            return None  # what is left in her pool: not predicted here
    doc["cr"] = [*doc["cr"], "702.117a" if word == "surge" else "702.137a", "118.9", "601.2f"]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_alt(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's alternative-cost game run (whether it ran, and why not), or None when the card
    has none."""
    from pyengine.oracle.execute import run_generated

    text = (
        evoke_game(card)
        or dash_game(card)
        or dash_game(card, "blitz")
        or entwine_game(card)
        or after_bolt_game(card, "surge")
        or after_bolt_game(card, "spectacle")
    )
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated alternative cost: {card.name}>", timeout)
    return scenario is not None, why


def spell_game_doc(card: Compiled, in_hand: bool = False) -> dict[str, Any] | None:
    """The instant's or sorcery's own generated game (pyengine.oracle.execute_game) when it
    puts the card on the stack first thing with no more than its targets, to be cast another way
    instead (an alternative cost, 118.9); ``in_hand``: the card starts in alice's hand. None
    for a modal spell or another shape of game."""
    from pyengine.oracle.execute_game import game_text

    if card.card.get("does", {}).get("modes"):
        return None
    text = game_text(card)
    if text is None:
        return None
    doc: dict[str, Any] = yaml.safe_load(text)
    script = doc["query"]["script"]
    if (
        not script
        or not isinstance(script[0], dict)
        or script[0].get("stack", {}).get("object") != "card"
        or set(script[0]["stack"]) - {"object", "controller", "targets"}
        or any(isinstance(a, dict) and "order_triggers" in a for a in script)
        or in_hand and not any(o.get("id") == "card" and o.get("zone") == "hand" for o in doc["objects"])
    ):
        return None
    return doc


def spell_game_cast(card: Compiled, cast: dict[str, Any]
                    ) -> tuple[dict[str, Any], list[Any], dict[str, Any]] | None:
    """The card's own game with it in alice's hand (:func:`spell_game_doc`), its script, and
    ``cast`` (a ``cast`` action's fields) with the targets the game chose, one per target
    instance of its casting (601.2c); None when there is no such game."""
    doc = spell_game_doc(card, in_hand=True)
    if doc is None:
        return None
    script = doc["query"]["script"]
    chosen = script[0]["stack"].get("targets", [])
    ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
    if len(ids) != len(chosen):
        return None
    if chosen:
        cast = {**cast, "targets": {i: [t] for i, t in zip(ids, chosen, strict=True)}}
    return doc, script, cast
