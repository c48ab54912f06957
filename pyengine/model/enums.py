"""Closed vocabularies of the rules (CR 105 colors, 205 types, 400 zones, 500 steps, 702 keywords).

Every member's ``value`` is the word used in scenario files; ``asp`` is the clingo constant.
"""

from __future__ import annotations

import enum


class Word(str, enum.Enum):
    """An enum whose value is the scenario word; ``asp`` gives the clingo constant name."""

    @property
    def asp(self) -> str:
        """The clingo constant for this word (lowercase, underscores)."""
        return self.name.lower()

    @classmethod
    def words(cls) -> list[str]:
        """All scenario words of this vocabulary, in declaration order."""
        return [m.value for m in cls]


class Color(Word):
    """CR 105.1."""

    WHITE = "white"
    BLUE = "blue"
    BLACK = "black"
    RED = "red"
    GREEN = "green"


class CardType(Word):
    """CR 205.2a (Kindred included; Tribal is its old name)."""

    ARTIFACT = "Artifact"
    BATTLE = "Battle"
    CREATURE = "Creature"
    ENCHANTMENT = "Enchantment"
    INSTANT = "Instant"
    KINDRED = "Kindred"
    LAND = "Land"
    PHENOMENON = "Phenomenon"  # 312, nontraditional: Planechase (pyengine.game.variants)
    PLANE = "Plane"  # 311, nontraditional: Planechase
    PLANESWALKER = "Planeswalker"
    SCHEME = "Scheme"  # 314, nontraditional: Archenemy
    SORCERY = "Sorcery"


class Supertype(Word):
    """CR 205.4a."""

    BASIC = "Basic"
    LEGENDARY = "Legendary"
    ONGOING = "Ongoing"
    SNOW = "Snow"
    WORLD = "World"


class Zone(Word):
    """CR 400.1."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


class Step(Word):
    """CR 500.1: the steps (and step-less main phases) of a turn."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    FIRST_STRIKE_DAMAGE = "first_strike_damage"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"


class Duration(Word):
    """CR 611.2a, 514.2: how long a resolved continuous effect lasts."""

    PERMANENT = "permanent"
    END_OF_TURN = "end_of_turn"
    END_OF_COMBAT = "end_of_combat"
    UNTIL_YOUR_NEXT_TURN = "until_your_next_turn"
    # "until the end of your next turn" (611.2a): an "until end of turn" effect (514.2) once
    # its controller's next turn has begun
    END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"
    # "doesn't untap during its controller's next untap step" (502.3): ends once the untap
    # step of the controller of a permanent it affects has happened
    NEXT_UNTAP_STEP = "next_untap_step"
    WHILE_SOURCE_ON_BATTLEFIELD = "while_source_on_battlefield"
    WHILE_CONTROLLED = "while_controlled"


class Keyword(Word):
    """Keyword abilities (CR 702) without parameters that the engines read."""

    DEATHTOUCH = "deathtouch"
    DEFENDER = "defender"
    DOUBLE_STRIKE = "double strike"
    FIRST_STRIKE = "first strike"
    FLASH = "flash"
    FLYING = "flying"
    HASTE = "haste"
    HEXPROOF = "hexproof"
    INDESTRUCTIBLE = "indestructible"
    INTIMIDATE = "intimidate"
    LIFELINK = "lifelink"
    REACH = "reach"
    SHROUD = "shroud"
    TRAMPLE = "trample"
    VIGILANCE = "vigilance"
    FEAR = "fear"
    SHADOW = "shadow"
    HORSEMANSHIP = "horsemanship"
    MENACE = "menace"
    SKULK = "skulk"
    CHANGELING = "changeling"
    DEVOID = "devoid"
    DECAYED = "decayed"  # CR 702.147a: can't block (its trigger is outside these engines)
    EXALTED = "exalted"  # CR 702.83a: a triggered ability; a keyword counter can be one (122.1b)


class FaceDown(Word):
    """CR 708.2: what let a permanent or spell be face down, which lists its characteristics.

    ``true`` is a plain face-down object (708.2a: a 2/2 creature with no text, no name, no
    subtypes and no mana cost); morph (702.37a, c; megamorph 702.37b) and manifest (701.40a;
    manifest dread 701.62a) list the same characteristics; disguise (702.168a-b) and cloak
    (701.58a) list ward {2} as well.
    """

    PLAIN = "true"
    MORPH = "morph"
    MANIFEST = "manifest"
    DISGUISE = "disguise"
    CLOAK = "cloak"

    @property
    def ward(self) -> bool:
        """Whether its face-down characteristics include ward {2} (702.168a, 701.58a)."""
        return self in (FaceDown.DISGUISE, FaceDown.CLOAK)


class Layer(Word):
    """CR 613.1-613.4: layers and sublayers, in application order."""

    L1A = "1a"
    L1B = "1b"
    L2 = "2"
    L3 = "3"
    L4 = "4"
    L5 = "5"
    L6 = "6"
    L7A = "7a"
    L7B = "7b"
    L7C = "7c"
    L7D = "7d"

    @property
    def asp(self) -> str:
        """Clingo constant: ``l1a`` ... ``l7d``."""
        return "l" + self.value

    @property
    def rule(self) -> str:
        """The CR rule that defines this layer."""
        return _LAYER_RULE[self.value]


_LAYER_RULE = {
    "1a": "613.2a",
    "1b": "613.2b",
    "2": "613.1b",
    "3": "613.1c",
    "4": "613.1d",
    "5": "613.1e",
    "6": "613.1f",
    "7a": "613.4a",
    "7b": "613.4b",
    "7c": "613.4c",
    "7d": "613.4d",
}

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
