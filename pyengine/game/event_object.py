"""An instruction of a triggered ability that acts on the object its trigger event was about
(``it`` as an event's ``object`` or ``target``: "destroy that creature" after "deals combat
damage to a creature" or "becomes blocked by a creature"). That object is followed from the
event (603.7c): once it has left the battlefield it is a new object (400.7) the instruction
doesn't affect: the instruction is not done, whether the object left before the ability was
put on the stack (it died of the damage, 704.5g) or while it waited to resolve. As a damage
``source`` it is not concerned: the damage is dealt by the object as it last existed (608.2h).
"""

from __future__ import annotations

from typing import Any

from pyengine.model.enums import Zone

_FIELDS = ("object", "target")


def acts_on_it(ins: Any) -> bool:
    """Whether an instruction (or one it holds, "you may ...") acts on ``it``."""
    if any(k in _FIELDS and v == ("ref", "it") for k, v in ins.fields):
        return True
    inner = ins.get("do") if ins.kind == "may" else None
    return any(acts_on_it(i) for i in inner or ())


def kept(game: Any, it: str | None, effects: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The instructions to bind as the ability is put on the stack (those acting on ``it``
    left out when it is no longer on the battlefield), and the ``refers`` of its stack object
    (``it``, on the battlefield now, for the resolution to leave alone once it has left)."""
    if it is None or not any(acts_on_it(ins) for ins in effects):
        return effects, ()
    o = next((x for x in game.state.objects if x.id == it), None)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return tuple(ins for ins in effects if not acts_on_it(ins)), ()
    return effects, ((it, Zone.BATTLEFIELD.value, len(game.log)),)
