"""Exile "until SELF leaves the battlefield" (CR 610.3) and "the exiled card" of a linked
ability (607.2a), read into the effect language (docs/effect-language.md, "Cards exiled with
an object"; the game: pyengine.game.linked).

- "exile target nonland permanent an opponent controls until SELF leaves the battlefield"
  (Banishing Light): ``{kind: move, object: target, from: battlefield, to: exile, until:
  leaves}``, in a triggered or activated ability of a permanent only;
- "return the exiled card to the battlefield under its owner's control" / "... to its owner's
  hand" (Journey to Nowhere, Faceless Butcher): ``{kind: move, object: exiled, from: exile,
  to: battlefield|hand}``; the compiler keeps it only on a card whose other ability exiles
  (607.2a), :func:`unlinked`.
"""

from __future__ import annotations

import json
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm

_UNTIL = " until SELF leaves the battlefield"


def until(s: str, eff: Any) -> bool:
    """"Exile TARGET until SELF leaves the battlefield" (610.3); "exile another target ..." (a
    triggered ability's target other than its source, 115.1), with or without "until"."""
    if eff.cast or eff.from_graveyard:
        return False
    lasting = s.endswith(_UNTIL)
    m = _fm(r"exile (another )?(target .+)", s[: -len(_UNTIL)] if lasting else s)
    if not m or not (lasting or m.group(1)):
        return False
    if m.group(1) and eff.ability:  # an activated ability's targets are the cast engine's (601.2c)
        return False
    n = len(eff.targets), len(eff.casting)
    ref = _target(m.group(2), eff)
    if ref is None:
        del eff.targets[n[0]:], eff.casting[n[1]:]
        return False
    if m.group(1):
        sel = dict(eff.targets[-1]["obj"])
        if set(sel.get("any_types", ())) == set(P.PERMANENT_TYPES):  # "another target permanent":
            del sel["any_types"]  # a target with no zone is a permanent already (115.1)
        eff.targets[-1]["obj"] = {**sel, "other": True}
    move = {"kind": "move", "object": ref, "from": "battlefield", "to": "exile"}
    eff.do.append({**move, "until": "leaves"} if lasting else move)
    return True


def _target(phrase: str, eff: Any) -> str | None:
    from pyengine.oracle.effects import target

    return target(phrase, eff, ("object",))


def return_exiled(s: str, eff: Any) -> bool:
    """"Return the exiled card(s) to the battlefield under its (their) owner's (owners')
    control" (610.3c's words, 110.2a) or "... to its owner's hand" / "their owners' hands"."""
    if eff.cast:
        return False
    m = _fm(r"return the exiled cards? to (the battlefield under (?:its owner's|their owners') control|"
            r"(?:its owner's|their owners') hands?)", s)
    if not m:
        return False
    to = "battlefield" if m.group(1).startswith("the battlefield") else "hand"
    eff.do.append({"kind": "move", "object": "exiled", "from": "exile", "to": to})
    return True


def unlinked(abilities: list[Any]) -> bool:
    """Whether abilities name ``exiled`` while none of the card's abilities exiles a card
    (607.2a: "the exiled card" is one another ability of the same object exiled)."""
    text = [json.dumps(a, sort_keys=True, default=str) for a in abilities]
    names = any('"object": "exiled"' in t for t in text)
    exiles = any('"to": "exile"' in t for t in text)
    return names and not exiles
