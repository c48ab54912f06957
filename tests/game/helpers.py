"""Small game states for the game tests."""

from __future__ import annotations

from pyengine import catalog
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import Characteristics, GameObject, GameState, Player, TurnContext


def card(oid: str, name: str, controller: str, timestamp: int = 0, **kw: object) -> GameObject:
    c = catalog.lookup(name)
    assert c is not None
    return GameObject(oid, c.characteristics, owner=controller, controller=controller,
                      timestamp=timestamp, card=c.name, **kw)  # type: ignore[arg-type]


def creature(oid: str, controller: str, power: int, toughness: int, timestamp: int,
             keywords: tuple[str, ...] = (), **kw: object) -> GameObject:
    from pyengine.lang.characteristics import parse_characteristics
    from pyengine.lang.effects import Ctx
    from pyengine.lang.yamlread import Cursor

    doc = {"name": f"C{oid}", "types": ["Creature"], "power": power, "toughness": toughness,
           "keywords": list(keywords)}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid))
    assert isinstance(chars, Characteristics)
    return GameObject(oid, chars, owner=controller, controller=controller, timestamp=timestamp,
                      **kw)  # type: ignore[arg-type]


def state(*objects: GameObject, step: Step = Step.PRECOMBAT_MAIN, number: int = 3,
          players: tuple[Player, ...] = (Player("alice", library_size=20),
                                         Player("bob", library_size=20))) -> GameState:
    return GameState(players=players, turn=TurnContext("alice", number, step), objects=objects)


__all__ = ["Zone", "card", "creature", "state"]
