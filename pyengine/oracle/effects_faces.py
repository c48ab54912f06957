"""Effect sentences about the faces of a double-faced permanent (CR 712). Read by
:func:`pyengine.oracle.effects.sentence`.

- "transform SELF" in an ability of the permanent: ``{kind: transform, object: self}`` (701.27a:
  it turns over to its other face; 701.27f: an ability of it that tries to transform it does so
  only if it hasn't transformed since the ability was put on the stack; 701.27c: a permanent
  that isn't a transforming double-faced card doesn't). "Transform target ...", "transform it",
  "transform SELF and ..." and a spell's "transform" stay text.
"""

from __future__ import annotations

from typing import Any


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """Read one face sentence into ``eff`` (False: not this form)."""
    if eff.cast or s != "transform SELF":  # a spell's transform: not read here
        return False
    eff.do.append({"kind": "transform", "object": "self"})
    return True
