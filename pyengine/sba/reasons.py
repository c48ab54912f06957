"""Why a state-based action applies, in words, from the ``Why`` term of ``sba/4``
(asp/sba/*.lp)."""

from __future__ import annotations

import clingo


def _arg(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.name in ("o", "p") and len(sym.arguments) == 1:
        return sym.arguments[0].string
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        return f"{sym.name} {' '.join(_arg(a) for a in sym.arguments)}"
    return sym.name


def _quality(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        return _arg(sym.arguments[0])
    return sym.name


_TEXTS = {
    "life": "life total {0}",
    "drew_from_empty": "attempted to draw from an empty library since the last check",
    "poison": "{0} poison counters",
    "commander_damage": "{1} combat damage from the commander {0} over the game",
    "all_lose": "every player would lose the game at once",
    "token_in": "a token in the {0}",
    "copy_in": "a copy of a {0} in the {1}",
    "toughness": "toughness {0}",
    "lethal": "lethal damage: {0} damage marked, toughness {1}",
    "deathtouch": "dealt damage by a source with deathtouch since the last check",
    "loyalty": "loyalty {0}",
    "defense": "defense {0}",
    "annihilate": "{0} +1/+1 and {0} -1/-1 counters",
    "limit": "can't have more than {1} {0} counters",
    "lore": "{0} lore counters, final chapter {1}: its controller sacrifices it",
    "legend": "legend rule: {0}, its controller keeps {1}",
    "world": "world rule: a newer world permanent (timestamp {0})",
    "world_tie": "world rule: tied for the newest world permanent (timestamp {0})",
    "role": "a newer Role of the same controller on the same permanent (timestamp {0})",
    "not_attached": "an Aura attached to nothing",
    "gone": "attached to {0}, which is not on the battlefield or in the game",
    "itself": "attached to itself",
    "creature": "an attachment that is a creature attaches to nothing",
    "enchant": "what it is attached to is not enchant {0}",
    "protection": "{0} has protection from it",
    "player": "an Equipment or Fortification attached to player {0}",
    "not_a": "attached to {1}, which is not a {0}",
    "attached_creature": "a creature attached to an object or player",
    "attached_battle": "a battle attached to an object or player",
    "not_attachable": "neither an Aura, an Equipment nor a Fortification, attached",
}


def reason(rule: str, why: clingo.Symbol) -> str:
    """The words of one ``Why`` term (CR ``rule``)."""
    template = _TEXTS.get(why.name)
    if template is None:
        return _arg(why)
    if why.name == "enchant":
        return template.format(_quality(why.arguments[0]))
    return template.format(*(_arg(a) for a in why.arguments))
