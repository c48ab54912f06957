"""The generated game's mana added by a spell or a triggered ability (CR 106.3, 106.4): a
choice of mana (106.1a) given ahead, the first way it can be added (``{mana_choice: {card:
"{W}"}}``), and the check that alice's mana pool, empty before it resolves, holds the mana the
``add_mana`` instructions followed add, still in the step it resolved in (the pool empties only
as the step ends, 500.5). No check when something else of the game touches her pool (a cost
paid from it, 118.3).

"Untap up to N lands" (``{kind: untap, player: you, what: {types: [Land]}, count: N}``): N
tapped lands of alice's are made, the choice given ahead names them (608.2d), and the check
says they are untapped once it resolved (701.26b)."""

from __future__ import annotations

from typing import Any

CHOSEN_COLOR = "green"  # the color the generated board's permanent chose as it entered (607.2d)


def chosen_color(oracle: str) -> str:
    """The color the generated permanent chose: green, or blue when its text says "choose a
    color other than green" (a color it could have chosen, 614.12a)."""
    import re

    m = re.search(r"choose a color other than (\w+)", oracle)
    return "blue" if m and m.group(1) == CHOSEN_COLOR else CHOSEN_COLOR


def _first(mana: str, color: str = CHOSEN_COLOR) -> tuple[str, ...]:
    """The mana added the first way; none for "in your commander's color identity": the
    generated game's alice has no commander (903.4f: the ability adds no mana)."""
    from pyengine.game.add_mana import chosen_ways, options

    return (options(mana) or chosen_ways(mana, color) or [()])[0]


def reads_chosen(do: list[dict[str, Any]]) -> bool:
    """Whether an ``add_mana`` adds "one mana of the chosen color" (607.2d): the generated
    permanent is given ``chosen: {color: green}``, as if chosen as it entered (614.12a)."""
    from pyengine.game.add_mana import chosen_ways

    return any(ev.get("kind") == "add_mana" and chosen_ways(str(ev.get("mana")), None) is not None
               for ev in do)


def ahead(followed: list[dict[str, Any]], color: str = CHOSEN_COLOR) -> list[dict[str, Any]]:
    """One ``mana_choice`` per add_mana that is a choice, in order."""
    from pyengine.game.add_mana import chosen_ways, options

    def ways(mana: str) -> int:
        return len(options(mana) or chosen_ways(mana, color) or [])

    return [{"mana_choice": {"card": "".join(f"{{{s}}}" for s in _first(ev["mana"], color))}}
            for ev in followed if ev.get("kind") == "add_mana" and ways(ev["mana"]) > 1]


def pool_check(alice: dict[str, Any], followed: list[dict[str, Any]],
               color: str = CHOSEN_COLOR) -> dict[str, str] | None:
    """``{alice: POOL}`` for the done checkpoint, or None (nothing added, or not checkable)."""
    from pyengine.game.pool import Pool

    added = [ev for ev in followed if ev.get("kind") == "add_mana"]
    if not added or alice.get("mana") or any(ev.get("kind") == "pay_mana" for ev in followed):
        return None
    if any("times" in ev for ev in added):
        return None  # an amount counted on the board as it resolves (608.2h): not checked
    if any(ev.get("player", "you") != "you" for ev in added):
        return None
    pool = Pool()
    for ev in added:
        pool = pool.plus(Pool.of(list(_first(ev["mana"], color))))
    return {"alice": pool.render()}


def is_mana_ability(body: dict[str, Any]) -> bool:
    """605.1a: an activated ability with no target whose instructions add mana (it resolves at
    once, 605.3b: its generated game has nothing to resolve)."""
    return not body.get("targets") and any(ev.get("kind") == "add_mana" for ev in body.get("do", ()))


def mana_ability_check(body: dict[str, Any], color: str = CHOSEN_COLOR) -> str | None:
    """The mana in alice's pool once the activated mana ability ``body`` (605.1a: no target,
    ``add_mana`` instructions) resolved, at once (605.3b): what it adds, the first way for a
    choice (given ahead, :func:`ahead`), the cost's mana spent; None for another ability or an
    amount counted on the board (608.2h: not checked)."""
    from pyengine.game.pool import Pool

    added = [ev for ev in body.get("do", ()) if ev.get("kind") == "add_mana"]
    if not is_mana_ability(body) or any(ev.get("player", "you") != "you" or "times" in ev for ev in added):
        return None
    pool = Pool()
    for ev in added:
        pool = pool.plus(Pool.of(list(_first(ev["mana"], color))))
    return pool.render()


def untapped(followed: list[dict[str, Any]], start: int) -> \
        tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """The choices ahead, the tapped lands made and the checks for the untap instructions."""
    ahead: list[dict[str, Any]] = []
    made: list[dict[str, Any]] = []
    checks: dict[str, Any] = {}
    for ev in followed:
        if ev.get("kind") != "untap" or "what" not in ev or ev["what"] != {"types": ["Land"]}:
            continue
        picked = [f"untap{len(made) + i}" for i in range(int(ev["count"]))]
        made += [{"id": oid, "name": "Generated Land", "types": ["Land"], "controller": "alice",
                  "tapped": True, "timestamp": start + len(made) + i} for i, oid in enumerate(picked)]
        ahead.append({"untap_choice": {"card": picked}})
        checks.update({oid: {"tapped": False} for oid in picked})
    return ahead, made, checks


_BASIC = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def mana_trigger_text(card: Any) -> str | None:
    """The generated game of a card whose first triggered ability is a triggered mana ability
    (605.1b: ``tapped_for_mana``): alice taps a basic land for mana (106.12) with the card on
    the battlefield (an Aura: attached to that land) and, at once (605.4a), her pool holds the
    land's mana and what the ability adds (a choice: the first way, given ahead, 106.1a); None
    for another card, or one whose event an opponent's tapping makes."""
    import yaml

    trig = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a]
    when = trig[0]["trigger"].get("when", {}) if trig else {}
    if when.get("kind") != "tapped_for_mana" or when.get("player") not in ("any", "you"):
        return None
    obj = when.get("obj", {})
    land = (obj.get("subtypes") or ["Forest"])[0]
    if land not in _BASIC or any(isinstance(a, dict) and "trigger" in a for a in trig[1:]):
        return None
    color = chosen_color(str(card.card.get("oracle", "")))
    me: dict[str, Any] = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 2}
    if obj.get("enchanted"):
        me["attached_to"] = "land"
    if reads_chosen(trig[0]["do"]):
        me["chosen"] = {"color": color}
    from pyengine.game.add_mana import chosen_ways, options
    from pyengine.game.mana_triggers import PRODUCED
    from pyengine.game.pool import Pool

    pool = Pool.of([_BASIC[land]])
    script: list[Any] = []
    for ev in trig[0]["do"]:
        mana = "{" + _BASIC[land] + "}" if ev["mana"] == PRODUCED else ev["mana"]
        ways = options(mana) or chosen_ways(mana, color) or []
        if "times" in ev or not ways:
            return None  # an amount counted on the board (608.2h): not made here
        if len(ways) > 1:
            script.append({"mana_choice": {"card": "".join(f"{{{s}}}" for s in ways[0])}})
        pool = pool.plus(Pool.of(list(ways[0])))
    script += [{"mana": {"player": "alice", "tap": ["land"]}}, {"checkpoint": "tapped"}]
    doc = {"id": "cards/generated-mana-trigger", "title": f"{card.name}: a land tapped for mana",
           "cr": ["605.1b", "605.4a", "106.12"], "rationale": "generated: the game must run it",
           "players": [{"id": "alice", "library_size": 5}, {"id": "bob", "library_size": 5}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "land", "card": land, "controller": "alice", "timestamp": 1}, me],
           "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": {"tapped": {"stack": [], "mana": {"alice": pool.render()}}}}}
    return yaml.safe_dump(doc, sort_keys=False)
