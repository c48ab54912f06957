"""Effect sentences done to each permanent of a group, in spells and in triggered and activated
abilities. Read by :func:`pyengine.oracle.effects.sentence`.

- "Destroy all creatures", "destroy all enchantments", "exile all creatures", "destroy all
  artifacts you control": ``{kind: each, affects: SELECTOR, do: [{kind: destroy|move, object:
  each}]}`` (CR 701.8a, 701.13a). The group is the permanents that match as the instruction is
  followed (608.2c): a creature put onto the battlefield while the spell waited is included.
- "SELF deals 2 damage to each creature and each player", "... to each creature without
  flying", "... to each creature with flying and each player", "... to each other creature":
  the damage to each member of the group, then to each player, one instruction after the other
  (608.2c). "Each player" is you and each opponent (the game has two players).

A group noun phrase the selector reader (pyengine.oracle.phrases) doesn't know, a card in a
zone other than the battlefield ("all creature cards in graveyards") or a player group other
than "each player", "each opponent" and "you" is not read: the sentence stays unrecognised.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.effects import Effect

_PLAYERS = {"each player": ["you", "opponent"], "each opponent": ["opponent"], "you": ["you"]}


def group(phrase: str) -> dict[str, Any] | None:
    """The selector of a group of permanents ("all creatures", "each creature without
    flying", "each other creature"), or None."""
    words = phrase.strip().split()
    if len(words) < 2 or words[0] not in ("all", "each"):
        return None
    sel = P.selector(" ".join(words[1:]))
    if sel is None or "zone" in sel or "owner" in sel:
        return None  # cards in a graveyard or a hand: not a group of permanents
    if not (sel.get("types") or sel.get("subtypes") or sel.get("any_subtypes")):
        if words[-1] not in ("permanents", "permanent"):
            return None
    return sel


def sentence(s: str, eff: Effect, spell: bool) -> bool:
    """Read one sentence of these kinds into ``eff``; False if it is none of them."""
    return _move_all(s, eff) or _damage_each(s, eff)


def _move_all(s: str, eff: Effect) -> bool:
    m = _fm(r"(destroy|exile) (all .+)", s)
    if not m:
        return False
    sel = group(m.group(2))
    if sel is None:
        return False
    ev: dict[str, Any] = {"kind": "destroy", "object": "each"} if m.group(1) == "destroy" else \
        {"kind": "move", "object": "each", "from": "battlefield", "to": "exile"}
    eff.do.append({"kind": "each", "affects": sel, "do": [ev]})
    return True


def _damage_each(s: str, eff: Effect) -> bool:
    m = _fm(r"SELF deals (\d+) damage to (each .+?)(?: and (each player|each opponent|you))?", s)
    if not m:
        return False
    sel = group(m.group(2))
    if sel is None:
        return False
    n = int(m.group(1))
    eff.do.append({"kind": "each", "affects": sel,
                   "do": [{"kind": "damage", "source": "self", "target": "each", "amount": n}]})
    for p in _PLAYERS.get(m.group(3) or "", []):
        eff.do.append({"kind": "damage", "source": "self", "target": p, "amount": n})
    return True
