"""The keyword actions a game script performs (CR 701), as values: what each names and who
performs it; the words of the script that name them. Read by :mod:`pyengine.game.keyword_read`,
performed by :mod:`pyengine.game.keyword_actions` (and :mod:`pyengine.game.keyword_faces`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from pyengine.cast.model import Payment
from pyengine.game.lands import PlayLand
from pyengine.game.model import Game, IllegalAction
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject


@dataclass(frozen=True)
class Proliferate:
    """701.34a: ``player`` chooses these permanents and players that have counters."""

    player: str
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class Populate:
    """701.36a: ``player`` copies the creature token ``token`` (None: the only one, or none);
    the new token's id is ``new_id``."""

    player: str
    token: str | None
    new_id: str


@dataclass(frozen=True)
class Monstrosity:
    """701.37a: monstrosity ``n`` of the permanent ``obj``."""

    obj: str
    n: int


@dataclass(frozen=True)
class Bolster:
    """701.39a: ``player`` bolsters ``n``; ``choice``: the creature among those tied for least
    toughness (None: the only one)."""

    player: str
    n: int
    choice: str | None


@dataclass(frozen=True)
class Detain:
    """701.35a: the spell's or ability's controller detains these permanents."""

    controller: str
    objects: tuple[str, ...]


@dataclass(frozen=True)
class Manifest:
    """701.40a: ``player`` manifests the top card of their library; ``new_id`` names it when
    the state doesn't (an unnamed card of ``library_size``)."""

    player: str
    new_id: str | None


@dataclass(frozen=True)
class TurnFaceUp:
    """701.40b: a special action (116.2b): ``player`` turns their manifested ``obj`` face up,
    paying its mana cost with ``payment`` (as a cast's: mana abilities and pool mana), or with
    pool mana of their choice when it is None."""

    player: str
    obj: str
    payment: Payment | None = None


@dataclass(frozen=True)
class Transform:
    """701.27a: the permanent ``obj`` turns over to its other face."""

    obj: str


@dataclass(frozen=True)
class VariantAction:
    """Planeswalk (701.31) and set in motion (701.32) by ``player``; abandon (701.33) of the
    scheme ``player`` names (pyengine.game.variants)."""

    word: str
    player: str


# and the special action of playing a land (116.2a, 305.1; pyengine.game.lands)
KeywordAction = Union[Proliferate, Populate, Monstrosity, Bolster, Detain, Manifest, TurnFaceUp,
                      Transform, VariantAction, PlayLand]
KINDS = (Proliferate, Populate, Monstrosity, Bolster, Detain, Manifest, TurnFaceUp, Transform,
         VariantAction, PlayLand)

# CR 701.31a, 701.32a, 701.33a: only during a Planechase or an Archenemy game (pyengine.game.variants)
VARIANTS = ("planeswalk", "set_in_motion", "abandon")
KEYS = frozenset({"proliferate", "populate", "monstrosity", "bolster", "detain", "manifest",
                  "turn_face_up", "transform", "play_land"} | set(VARIANTS))


def permanent(game: Game, oid: str, rule: str, what: str) -> GameObject:
    o = game.state.object(oid)
    if o.zone != Zone.BATTLEFIELD:
        raise IllegalAction(rule, f"{oid} is in the {o.zone.value}: only a permanent {what}")
    return o
