"""Effect sentences that are keyword actions (CR 701) the game follows as instructions
(pyengine.game.keyword_instr). Read by :func:`pyengine.oracle.effects.sentence`.

- "bolster N": ``{kind: bolster, amount: N}`` (701.39a: its controller chooses a creature they
  control with the least toughness, or tied for it, as it resolves, and puts N +1/+1 counters on
  it).
- "populate": ``{kind: populate}`` (701.36a: its controller chooses a creature token they
  control and creates a copy of it; with none, nothing is created, 701.36b).
- "amass Zombies 2": ``{kind: amass, subtype: Zombie, amount: 2}`` (701.47a: a 0/0 black
  Zombie Army creature token if its controller controls no Army creature; the chosen Army gets
  the counters and becomes a Zombie in addition to its other types). "Amass Orcs X, where X
  is ..." stays text.

- "it explores", "SELF explores", "target creature you control explores": ``{kind: explore,
  object: REF}`` (701.44a: its controller reveals the top card of their library; a land card
  goes to their hand, otherwise the permanent gets a +1/+1 counter and the card may go to the
  graveyard). "It" is the trigger event's object only as the effect's first instruction.

- "it connives", "SELF connives", "target creature connives": ``{kind: connive, object: REF}``
  (701.50a: its controller draws a card, then discards a card; a nonland card discarded puts a
  +1/+1 counter on the permanent).

- "discover N": ``{kind: discover, count: N}`` (701.57a; pyengine.game.cascade: exile until a
  nonland card with mana value N or less, cast it without paying its mana cost or put it into
  the hand, the rest on the bottom). "Discover X" and what reads "the discovered card" stay text.

Other keyword actions stay text: "explores, then it explores again", "connive N" (701.50e),
"connive" (701.50), "incubate" (701.53, a double-faced token), "support"
(701.41), "clash" (701.30) and the monarch (724).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import fullmatch as _fm


def sentence(s: str, eff: Any) -> bool:
    """Read one keyword-action sentence into ``eff`` (False: not this form)."""
    from pyengine.oracle.effects import number

    if s == "populate":
        eff.do.append({"kind": "populate"})
        return True
    m = _fm(r"(it|SELF|target .+) (explores|connives)", s)
    if m:
        from pyengine.oracle.effects_counters import _object

        on = _object(m.group(1), eff)
        if not isinstance(on, str):
            return False
        eff.do.append({"kind": m.group(2).removesuffix("s"), "object": on})
        return True
    m = _fm(r"discover (\d+)", s)
    if m:  # 701.57a (pyengine.game.cascade)
        eff.do.append({"kind": "discover", "count": int(m.group(1))})
        return True
    m = _fm(r"amass ([A-Z][a-z]+) (\w+)", s)
    if m:
        from pyengine.oracle.phrases import singular_subtype

        sub, n = singular_subtype(m.group(1)), number(m.group(2))
        if sub is None or n is None or n < 1:
            return False
        eff.do.append({"kind": "amass", "subtype": sub, "amount": n})
        return True
    m = _fm(r"bolster (\w+)", s)
    if m:
        n = number(m.group(1))
        if n is None or n < 1:
            return False
        eff.do.append({"kind": "bolster", "amount": n})
        return True
    return False
