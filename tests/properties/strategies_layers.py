"""Hypothesis strategies: small random game states for the layer differential tests.

States are built directly as model objects (pyengine.model), shaped like what the effect
language parser produces (docs/effect-language.md). They mix well-known cards (Humility,
Opalescence, Blood Moon, Urborg, March of the Machines, Control Magic, anthems) with random
effects from every layer, and selectors chosen so that effects often depend on each other
("artifacts are creatures" vs "creatures get +1/+1", "becomes white" vs "white creatures",
"lands are Swamps" vs "nonbasic lands are Mountains").

Choices that the rules leave to the players, or that have no defined order, are avoided:
timestamps are unique across objects and resolved effects, each object has at most one
static ability, abilities granted to several objects by one effect commute, and a resolved
effect's numbers are fixed (CR 608.2h).

Some static abilities and resolved effects are effects on players (CR 613.10, 613.11: hexproof,
maximum hand size, land plays), whose sources lose abilities, change controller or leave the
battlefield like any other's; they never share a timestamp with another effect on players
unless they commute.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import strategies as st

from pyengine.lang.effects import keyword_cda
from pyengine.model.effects import (
    Ability,
    Compare,
    Condition,
    EffectDef,
    Expr,
    ObjRef,
    Op,
    PlayerRef,
    ResolvedEffect,
    Selector,
)
from pyengine.model.enums import FaceDown, Layer, Step, Zone
from pyengine.model.objects import Characteristics, GameObject, GameState, Player, TurnContext

PLAYERS = ("p1", "p2")
OPS_LAYER = {
    "copy": Layer.L1A,
    "control": Layer.L2,
    "text_change": Layer.L3,
    "set_types": Layer.L4,
    "add_types": Layer.L4,
    "remove_types": Layer.L4,
    "set_subtypes": Layer.L4,
    "add_subtypes": Layer.L4,
    "remove_subtypes": Layer.L4,
    "remove_all_creature_types": Layer.L4,
    "add_all_creature_types": Layer.L4,
    "set_supertypes": Layer.L4,
    "add_supertypes": Layer.L4,
    "remove_supertypes": Layer.L4,
    "set_colors": Layer.L5,
    "add_colors": Layer.L5,
    "add_abilities": Layer.L6,
    "add_activated_abilities_of": Layer.L6,
    "remove_abilities": Layer.L6,
    "lose_all_abilities": Layer.L6,
    "cant_have": Layer.L6,
    "set_pt": Layer.L7B,
    "modify_pt": Layer.L7C,
    "switch_pt": Layer.L7D,
}

# --- Small constructors (the shapes pyengine.lang.effects produces) ------------------------


def const(n: int) -> Expr:
    """An integer."""
    return Expr("const", value=n)


def op(kind: str, cda: bool = False, **args: Any) -> Op:
    """An operation in its layer (a CDA's set_pt is 7a, CR 613.4a)."""
    layer = OPS_LAYER[kind]
    if cda and layer == Layer.L7B:
        layer = Layer.L7A
    return Op(kind, layer, "layers", tuple(args.items()))


def sel(
    *lits: tuple[bool, str, str],
    players: tuple[tuple[bool, str, PlayerRef], ...] = (),
    objs: tuple[tuple[str, ObjRef], ...] = (),
    compares: tuple[Compare, ...] = (),
    ids: tuple[str, ...] = (),
    zone: str | None = "battlefield",
    none_of: tuple[Selector, ...] = (),
    any_of: tuple[tuple[Selector, ...], ...] = (),
) -> Selector:
    """A selector."""
    return Selector(tuple(lits), players, objs, ids, compares, any_of, none_of, zone)


def T(t: str, pos: bool = True) -> tuple[bool, str, str]:  # noqa: N802
    """A card-type literal."""
    return (pos, "type", t)


YOU = ((True, "controller", PlayerRef("you")),)
OTHER = (("is_not", ObjRef("self")),)
SELF = Selector(objs=(("is", ObjRef("self")),), zone=None)
ENCHANTED = (("attached_by", ObjRef("self")),)
PT = ("power", "toughness")


def pt_op(kind: str, p: Expr, t: Expr, cda: bool = False) -> Op:
    """set_pt / modify_pt with both values."""
    return op(kind, cda, power=p, toughness=t)


def kw(word: str) -> Ability:
    """A keyword ability as the parser builds it."""
    if word.endswith("walk"):
        return Ability(
            "keyword", key=f"landwalk:{word[:-4].capitalize()}", name="landwalk", param=word[:-4].capitalize()
        )
    if word.startswith("protection from "):
        q = word[len("protection from ") :]
        return Ability("keyword", key=f"protection:{q}", name="protection", param=q)
    if word.startswith("ward "):  # CR 702.21a: ward with a mana cost
        cost = word[len("ward ") :]
        return Ability("keyword", key=f"ward:{cost}", name="ward", param=cost)
    # changeling and devoid define characteristics (CR 702.73a, 702.114a): as the parser
    return Ability("keyword", key=word, name=word, effects=keyword_cda(word))


def static(key: str, text: str, *effects: EffectDef) -> Ability:
    """A static (or characteristic-defining) ability."""
    return Ability("static", key=key, name=text, effects=tuple(effects), text=text)


def subtypes(s: str) -> tuple[bool, str, str]:
    """A subtype literal."""
    return (True, "subtype", s)


GRANT_PUMP = static(
    "grant#pump", "This creature gets +1/+1.", EffectDef((pt_op("modify_pt", const(1), const(1)),), SELF)
)

# an ability whose effect applies in layer 6, where it is granted (CR 613.7a): the granted
# effect is not there when the layer begins
GRANT_GROUNDING = static(
    "grant#grounding", "Creatures lose flying.",
    EffectDef((op("remove_abilities", values=("flying",)),), sel(T("Creature"))),
)

# an ability granted to objects that gives their controller a land play (CR 305.2): several
# objects may get it from one effect with one timestamp, which is harmless as additional land
# plays commute with each other and with "any number of lands"
GRANT_EXPLORATION = static(
    "grant#exploration", "You may play an additional land on each of your turns.",
    EffectDef((Op("land_plays", None, "players", (("players", PlayerRef("you")), ("add", 1))),)),
)

# --- Well-known effects (bodies of static abilities) ------------------------------------------

FAMOUS: dict[str, EffectDef] = {
    "Humility": EffectDef(
        (op("lose_all_abilities"), pt_op("set_pt", const(1), const(1))), sel(T("Creature"))
    ),
    "Opalescence": EffectDef(
        (
            op("add_types", values=("Creature",)),
            pt_op(
                "set_pt",
                Expr("attr", attr="mana_value", ref=ObjRef("it")),
                Expr("attr", attr="mana_value", ref=ObjRef("it")),
            ),
        ),
        sel(T("Enchantment"), (False, "subtype", "Aura"), objs=OTHER),
    ),
    "March of the Machines": EffectDef(
        (
            op("add_types", values=("Creature",)),
            pt_op(
                "set_pt",
                Expr("attr", attr="mana_value", ref=ObjRef("it")),
                Expr("attr", attr="mana_value", ref=ObjRef("it")),
            ),
        ),
        sel(T("Artifact"), T("Creature", False)),
    ),
    "Blood Moon": EffectDef(
        (op("set_subtypes", values=("Mountain",)),), sel(T("Land"), (False, "supertype", "Basic"))
    ),
    "Urborg": EffectDef((op("add_subtypes", values=("Swamp",)),), sel(T("Land"))),
    "Glorious Anthem": EffectDef((pt_op("modify_pt", const(1), const(1)),), sel(T("Creature"), players=YOU)),
    "Honor of the Pure": EffectDef(
        (pt_op("modify_pt", const(1), const(1)),), sel(T("Creature"), (True, "color", "white"), players=YOU)
    ),
    "Control Magic": EffectDef((op("control", player=PlayerRef("you")),), sel(objs=ENCHANTED)),
    "Ensoul Artifact": EffectDef(
        (op("add_types", values=("Creature",)), pt_op("set_pt", const(5), const(5))),
        sel(T("Artifact"), objs=ENCHANTED),
    ),
    "Mycosynth Lattice": EffectDef((op("add_types", values=("Artifact",)),), sel()),
    "Life and Limb": EffectDef(
        (
            op("add_types", values=("Creature", "Land")),
            op("add_subtypes", values=("Saproling", "Forest")),
            op("set_colors", values=("green",)),
            pt_op("set_pt", const(1), const(1)),
        ),
        sel(any_of=((sel(subtypes("Forest"), zone=None), sel(subtypes("Saproling"), zone=None)),)),
    ),
    "Crusade": EffectDef(
        (pt_op("modify_pt", const(1), const(1)),), sel(T("Creature"), (True, "color", "white"))
    ),
    "Nature's Revolt": EffectDef(
        (op("add_types", values=("Creature",)), pt_op("set_pt", const(2), const(2))), sel(T("Land"))
    ),
    "Evil Presence": EffectDef((op("set_subtypes", values=("Swamp",)),), sel(objs=ENCHANTED)),
    "Flight": EffectDef((op("add_abilities", values=(kw("flying"),)),), sel(objs=ENCHANTED)),
    "Kormus Bell": EffectDef(
        (
            op("add_types", values=("Creature",)),
            pt_op("set_pt", const(1), const(1)),
            op("set_colors", values=("black",)),
        ),
        sel(T("Land"), (True, "subtype", "Swamp")),
    ),
    "Wild Mongrel-ish": EffectDef(
        (op("set_colors", values=("blue",)), pt_op("modify_pt", const(1), const(1))), SELF
    ),
    "Grant pump": EffectDef((op("add_abilities", values=(GRANT_PUMP,)),), sel(T("Creature"))),
    "Necrotic Ooze": EffectDef(
        (op("add_activated_abilities_of", of=sel(T("Creature"), zone="graveyard")),), SELF
    ),
    "Yixlid Jailer": EffectDef((op("lose_all_abilities"),), sel(zone="graveyard")),
    "Small ones grow": EffectDef(
        (pt_op("modify_pt", const(1), const(1)),),
        sel(T("Creature"), compares=(Compare("power", "lte", const(2)),)),
    ),
    # CR 205.3m: "Creatures you control are every creature type. The same is true for creature
    # spells you control and creature cards you own that aren't on the battlefield."
    "Maskwood Nexus": EffectDef((op("add_all_creature_types"),), sel(T("Creature"), players=YOU, zone=None)),
    "Crowd": EffectDef(
        (pt_op("modify_pt", Expr("count", selector=sel(T("Creature"), objs=OTHER)), const(0)),),
        sel(T("Creature"), players=YOU),
    ),
}

# Effects whose selectors read what other effects of the same layer change, so that they
# depend on each other (CR 613.8a) in many combinations: one table per layer.
INTERACTING: dict[str, EffectDef] = {
    # layer 2: who controls what
    "Steal opposing artifacts": EffectDef(
        (op("control", player=PlayerRef("you")),),
        sel(T("Artifact"), players=((True, "controller", PlayerRef("opponent")),)),
    ),
    "Give away your creatures": EffectDef(
        (op("control", player=PlayerRef("opponent")),), sel(T("Creature"), objs=OTHER, players=YOU)
    ),
    # layer 4: types and subtypes
    "Artifacts are creatures": EffectDef((op("add_types", values=("Creature",)),), sel(T("Artifact"))),
    "Creatures are artifacts": EffectDef((op("add_types", values=("Artifact",)),), sel(T("Creature"))),
    "Creatures are Goblins": EffectDef((op("add_subtypes", values=("Goblin",)),), sel(T("Creature"))),
    "Goblins are lands": EffectDef((op("add_types", values=("Land",)),), sel(subtypes("Goblin"))),
    "Swamps are artifacts": EffectDef((op("set_types", values=("Artifact",)),), sel(subtypes("Swamp"))),
    "Legends are basic": EffectDef(
        (op("add_supertypes", values=("Basic",)),), sel((True, "supertype", "Legendary"))
    ),
    # layer 5: colors
    "Creatures are white": EffectDef((op("set_colors", values=("white",)),), sel(T("Creature"))),
    "White permanents are black": EffectDef(
        (op("set_colors", values=("black",)),), sel((True, "color", "white"))
    ),
    "Colorless permanents are green": EffectDef(
        (op("add_colors", values=("green",)),), sel((True, "colorless", "true"))
    ),
    # layer 6: abilities
    "Fliers lose vigilance": EffectDef(
        (op("remove_abilities", values=("vigilance",)),), sel((True, "ability", "flying"))
    ),
    "Vigilant creatures fly": EffectDef(
        (op("add_abilities", values=(kw("flying"),)),), sel(T("Creature"), (True, "ability", "vigilance"))
    ),
    "White creatures are vigilant": EffectDef(
        (op("add_abilities", values=(kw("vigilance"),)),), sel(T("Creature"), (True, "color", "white"))
    ),
    "Grounding": EffectDef((op("remove_abilities", values=("flying",)),), sel(T("Creature"))),
    "Artifacts lose all abilities": EffectDef((op("lose_all_abilities"),), sel(T("Artifact"))),
    # what graveyard creature cards can do (Necrotic Ooze) against what takes it away (Yixlid
    # Jailer), and Kraj-like fliers that have what other creatures can do
    "Ooze": EffectDef((op("add_activated_abilities_of", of=sel(T("Creature"), zone="graveyard")),), SELF),
    "Graveyard cards lose all abilities": EffectDef((op("lose_all_abilities"),), sel(zone="graveyard")),
    "Fliers can do what others can": EffectDef(
        (op("add_activated_abilities_of", of=sel(T("Creature"), objs=OTHER)),),
        sel(T("Creature"), (True, "ability", "flying")),
    ),
    # layer 7: power and toughness
    "Big ones shrink": EffectDef(
        (pt_op("modify_pt", const(-1), const(0)),),
        sel(T("Creature"), compares=(Compare("power", "gte", const(3)),)),
    ),
    "Tough ones switch": EffectDef(
        (op("switch_pt"),), sel(T("Creature"), compares=(Compare("toughness", "gte", const(3)),))
    ),
    "Weaklings are 3/3": EffectDef(
        (pt_op("set_pt", const(3), const(3)),),
        sel(T("Creature"), compares=(Compare("power", "lte", const(1)),)),
    ),
}

# Themed states draw most effects from one layer, so that dependencies are frequent.
THEMES: dict[str, tuple[str, ...]] = {
    t: tuple(
        sorted(
            k for k, d in INTERACTING.items() if d.ops[0].layer is not None and d.ops[0].layer.value[0] == t
        )
    )
    for t in ("2", "4", "5", "6", "7")
}


# --- Random pieces -------------------------------------------------------------------------

LIT_POOL = (
    T("Creature"),
    T("Artifact"),
    T("Land"),
    T("Enchantment"),
    T("Creature", False),
    T("Artifact", False),
    (True, "subtype", "Goblin"),
    (True, "subtype", "Forest"),
    (True, "subtype", "Swamp"),
    (False, "supertype", "Basic"),
    (True, "supertype", "Legendary"),
    (True, "color", "white"),
    (True, "color", "green"),
    (False, "color", "red"),
    (True, "colorless", "true"),
    (True, "ability", "flying"),
    (False, "ability", "flying"),
    (True, "ability", "vigilance"),
    (True, "tapped", "true"),
)


@st.composite
def selectors(draw: st.DrawFn, ids: tuple[str, ...], zone: str | None = "battlefield") -> Selector:
    """A random conjunction of up to three entries."""
    lits = tuple(draw(st.lists(st.sampled_from(LIT_POOL), max_size=2, unique=True)))
    players: tuple[tuple[bool, str, PlayerRef], ...] = ()
    objs: tuple[tuple[str, ObjRef], ...] = ()
    compares: tuple[Compare, ...] = ()
    sel_ids: tuple[str, ...] = ()
    extra = draw(
        st.sampled_from(
            ("none", "none", "you", "opponent", "other", "power", "ids", "enchanted", "mana_value")
        )
    )
    if extra in ("you", "opponent"):
        players = ((True, "controller", PlayerRef(extra)),)
    elif extra == "other":
        objs = OTHER
    elif extra == "enchanted":
        objs = ENCHANTED
    elif extra in ("power", "mana_value"):
        compares = (
            Compare(extra, draw(st.sampled_from(("lte", "gte", "eq"))), const(draw(st.integers(0, 4)))),
        )
    elif extra == "ids":
        sel_ids = tuple(sorted(draw(st.sets(st.sampled_from(ids), min_size=1, max_size=2))))
    return sel(*lits, players=players, objs=objs, compares=compares, ids=sel_ids, zone=zone)


@st.composite
def exprs(draw: st.DrawFn, ids: tuple[str, ...], constant: bool) -> Expr:
    """An integer expression (only constants for resolved effects, CR 608.2h)."""
    if constant:
        return const(draw(st.integers(-2, 3)))
    kind = draw(st.sampled_from(("const", "const", "count", "card_types", "attr", "sum")))
    if kind == "const":
        return const(draw(st.integers(-2, 3)))
    if kind == "count":
        return Expr("count", selector=draw(selectors(ids)))
    if kind == "card_types":
        return Expr("card_types", selector=sel(zone=draw(st.sampled_from(("graveyard", "battlefield")))))
    if kind == "attr":
        ref = draw(st.sampled_from((ObjRef("it"), ObjRef("self"), ObjRef("id", draw(st.sampled_from(ids))))))
        return Expr("attr", attr=draw(st.sampled_from(("power", "toughness", "mana_value"))), ref=ref)
    return Expr("sum", args=(draw(exprs(ids, False)), const(draw(st.integers(-1, 2)))))


# activated abilities a random object may have printed (CR 602.1): "[Cost]: [Effect.]"
ACTIVATED_TEXTS = ("{T}: Add {G}.", "{T}: Add {G}.", "{B}: Regenerate this creature.", "Cycling {2}")
# what "has all activated abilities of ..." names: creature cards in graveyards (Necrotic
# Ooze), other creatures (Experiment Kraj without its counters), lands, anything anywhere
ABILITIES_OF = (
    sel(T("Creature"), zone="graveyard"),
    sel(T("Creature"), objs=OTHER),
    sel(T("Land")),
    sel(zone=None),
)
ABILITY_WORDS = ("flying", "vigilance", "trample", "haste", "swampwalk", "protection from red", "ward {2}")
# the words a text change swaps (CR 612.2): colors, land types, creature types on this board
TEXT_WORDS = (("white", "green", "red", "blue"), ("Forest", "Swamp", "Plains"), ("Goblin", "Elf", "Golem"))
TYPE_SETS = (("Creature",), ("Artifact",), ("Land",), ("Enchantment",), ("Artifact", "Creature"))
SUBTYPE_SETS = (
    ("Goblin",),
    ("Swamp",),
    ("Mountain",),
    ("Forest",),
    ("Forest", "Island"),
    ("Elf", "Warrior"),
    ("Gate",),
    ("Equipment",),
)


@st.composite
def operations(
    draw: st.DrawFn, ids: tuple[str, ...], resolved: bool, statics: tuple[str, ...], theme: str | None = None
) -> list[Op]:
    """One to two operations, from distinct layers (mostly of the ``theme`` layer, if any)."""
    kinds = [
        "control",
        "text_change",
        "set_types",
        "add_types",
        "remove_types",
        "set_subtypes",
        "add_subtypes",
        "remove_subtypes",
        "remove_all_creature_types",
        "set_supertypes",
        "add_supertypes",
        "remove_supertypes",
        "set_colors",
        "add_colors",
        "add_abilities",
        "add_activated_abilities_of",
        "remove_abilities",
        "lose_all_abilities",
        "cant_have",
        "set_pt",
        "modify_pt",
        "modify_pt",
        "switch_pt",
    ]
    if theme is not None and draw(st.integers(0, 3)):
        kinds = [k for k in kinds if OPS_LAYER[k].value[0] == theme]
    chosen = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=2, unique_by=lambda k: OPS_LAYER[k]))
    out = []
    for kind in chosen:
        if kind == "control":
            who = draw(
                st.sampled_from(("you", "opponent") if not resolved else ("you", "opponent", "p1", "p2"))
            )
            out.append(
                op(kind, player=PlayerRef(who) if who in ("you", "opponent") else PlayerRef("id", who))
            )
        elif kind == "text_change":  # CR 612.2: a color word for a color word, a subtype for one of its kind
            frm, to = draw(st.permutations(draw(st.sampled_from(TEXT_WORDS))))[:2]
            out.append(op(kind, **{"from": frm, "to": to}))
        elif kind in ("set_types", "add_types", "remove_types"):
            out.append(op(kind, values=draw(st.sampled_from(TYPE_SETS))))
        elif kind in ("set_subtypes", "add_subtypes", "remove_subtypes"):
            out.append(op(kind, values=draw(st.sampled_from(SUBTYPE_SETS))))
        elif kind == "remove_all_creature_types":  # or gains them all (205.3m): half as often
            out.append(op(draw(st.sampled_from((kind, "add_all_creature_types")))))
        elif kind in ("set_supertypes", "add_supertypes", "remove_supertypes"):
            out.append(op(kind, values=draw(st.sampled_from(((), ("Legendary",), ("Basic",), ("Snow",))))))
        elif kind in ("set_colors", "add_colors"):
            out.append(op(kind, values=draw(st.sampled_from(((), ("white",), ("red", "green"), ("blue",))))))
        elif kind == "add_abilities":
            words = draw(st.lists(st.sampled_from(ABILITY_WORDS), min_size=1, max_size=2, unique=True))
            abilities = tuple(kw(w) for w in words)
            if draw(st.booleans()):
                abilities = (draw(st.sampled_from((GRANT_PUMP, GRANT_GROUNDING, GRANT_EXPLORATION))),)
            out.append(op(kind, values=abilities))
        elif kind == "add_activated_abilities_of":  # Necrotic Ooze, Experiment Kraj
            out.append(op(kind, of=draw(st.sampled_from(ABILITIES_OF))))
        elif kind in ("remove_abilities", "cant_have"):
            pool = ABILITY_WORDS + ("{T}: Add {G}", "{T}: Add {B}") + statics
            out.append(
                op(
                    kind,
                    values=tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True))),
                )
            )
        elif kind == "lose_all_abilities":
            out.append(op(kind))
        elif kind in ("set_pt", "modify_pt"):
            out.append(pt_op(kind, draw(exprs(ids, resolved)), draw(exprs(ids, resolved))))
        else:
            out.append(op(kind))
    return out


# --- Effects on players (CR 613.10, 613.11; 305.2, 402.2) ---------------------------------------

PLAYER_WORDS = ("you", "you", "opponent", "each", "active", "nonactive", "p1", "p2")
PLAYER_ABILITY_WORDS = ("hexproof", "shroud", "protection from everything", "protection from red")


def player_op(kind: str, **args: Any) -> Op:
    """An operation on players (area ``players``, no layer), as pyengine.lang.ops_players
    builds it: ``players`` first."""
    return Op(kind, None, "players", tuple(args.items()))


@st.composite
def player_refs(draw: st.DrawFn) -> PlayerRef:
    """you, opponent, each, active, nonactive or a player id."""
    word = draw(st.sampled_from(PLAYER_WORDS))
    return PlayerRef("id", word) if word in PLAYERS else PlayerRef(word)


@st.composite
def player_operations(draw: st.DrawFn) -> tuple[Op, ...]:
    """One or two operations on players, at most one of each group (abilities, hand size,
    land plays), so that an effect never both gives and takes an ability (their order within
    one effect would be the order of the mapping's keys)."""
    groups = draw(st.lists(st.sampled_from(("abilities", "hand", "hand", "lands")), min_size=1, max_size=2,
                           unique=True))
    out = []
    for group in groups:
        who = draw(player_refs())
        if group == "abilities":
            words = tuple(draw(st.lists(st.sampled_from(PLAYER_ABILITY_WORDS), min_size=1, max_size=2,
                                        unique=True)))
            out.append(player_op(draw(st.sampled_from(("players_gain", "players_gain", "players_lose"))),
                                 players=who, abilities=words))
        elif group == "hand":
            how = draw(st.sampled_from(("set", "no_maximum", "modify", "modify")))
            if how == "set":
                out.append(player_op("max_hand_size", players=who, set=draw(st.integers(0, 4))))
            elif how == "no_maximum":
                out.append(player_op("max_hand_size", players=who, no_maximum=True))
            else:
                out.append(player_op("max_hand_size", players=who,
                                     modify=draw(st.sampled_from((-3, -1, 1, 2)))))
        else:
            how = draw(st.integers(0, 5))
            if how >= 2:
                out.append(player_op("land_plays", players=who, add=draw(st.integers(1, 2))))
            elif how == 1:
                out.append(player_op("land_plays", players=who, any_number=True))
            else:  # CR 101.2, 305.2b
                out.append(player_op("cant_play_lands", players=who, cant=True))
    return tuple(out)


@st.composite
def player_effects(draw: st.DrawFn, ids: tuple[str, ...]) -> EffectDef:
    """An effect on players (no affected objects), sometimes with a condition."""
    return EffectDef(draw(player_operations()), None, draw(conditions(ids)))


@st.composite
def conditions(draw: st.DrawFn, ids: tuple[str, ...]) -> Condition | None:
    """Mostly no condition; otherwise "as long as" a selector matches (or a count compares)."""
    kind = draw(st.sampled_from(("none", "none", "none", "exists", "count", "turn")))
    if kind == "none":
        return None
    if kind == "turn":  # "during your turn" / "during an opponent's turn"
        return Condition("turn", player=PlayerRef(draw(st.sampled_from(("you", "opponent")))))
    count = Expr("count", selector=draw(selectors(ids)))
    if kind == "exists":
        return Condition("cmp", lhs=count, cmp="gte", rhs=const(1))
    return Condition(
        "cmp", lhs=count, cmp=draw(st.sampled_from(("lt", "gte"))), rhs=const(draw(st.integers(1, 3)))
    )


@st.composite
def static_bodies(
    draw: st.DrawFn, ids: tuple[str, ...], statics: tuple[str, ...], theme: str | None = None, pshare: int = 6
) -> EffectDef:
    """A static ability's effect: one in ``pshare`` an effect on players, else a well-known
    card's, one from :data:`INTERACTING` (of the ``theme`` layer, if any), or random."""
    if draw(st.integers(1, pshare)) == 1:
        return draw(player_effects(ids))
    if theme is not None and draw(st.integers(0, 3)):
        return INTERACTING[draw(st.sampled_from(THEMES[theme]))]
    pick = draw(st.integers(0, 5))
    if pick <= 1:
        return FAMOUS[draw(st.sampled_from(sorted(FAMOUS)))]
    if pick <= 3:
        return INTERACTING[draw(st.sampled_from(sorted(INTERACTING)))]
    ops = draw(operations(ids, False, statics, theme))
    return EffectDef(tuple(ops), draw(selectors(ids)), draw(conditions(ids)))


@st.composite
def cdas(draw: st.DrawFn, ids: tuple[str, ...], pt: bool) -> EffectDef:
    """A characteristic-defining ability (CR 604.3): colors, or (for a card with a P/T box,
    ``pt``) power and toughness from a count."""
    if pt and draw(st.booleans()):
        p = draw(
            st.sampled_from(
                (
                    Expr("count", selector=sel(T("Creature"), players=YOU)),
                    Expr("card_types", selector=sel(zone="graveyard")),
                    Expr("count", selector=sel(T("Land"))),
                    Expr("count", selector=sel(T("Creature"), compares=(Compare("power", "gte", const(2)),))),
                )
            )
        )
        return EffectDef(
            (pt_op("set_pt", p, Expr("sum", args=(p, const(draw(st.integers(0, 1))))), cda=True),),
            SELF,
            cda=True,
        )
    colors = draw(st.sampled_from(((), ("green",), ("white", "blue"))))
    return EffectDef((op("set_colors", values=colors),), SELF, cda=True)


# --- Objects -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Archetype:
    """A kind of card: its types, possible printed subtypes, whether it has a P/T box."""

    types: tuple[str, ...]
    subtypes: tuple[tuple[str, ...], ...]
    pt: bool
    supertypes: tuple[str, ...] = ()


ARCHETYPES = {
    "creature": Archetype(("Creature",), ((), ("Goblin",), ("Elf", "Warrior")), True),
    "artifact creature": Archetype(("Artifact", "Creature"), ((), ("Golem",)), True),
    "artifact": Archetype(("Artifact",), ((), ("Equipment",)), False),
    "vehicle": Archetype(("Artifact",), (("Vehicle",),), True),
    "enchantment": Archetype(("Enchantment",), ((),), False),
    "aura": Archetype(("Enchantment",), (("Aura",),), False),
    "basic land": Archetype(("Land",), (("Forest",), ("Swamp",), ("Plains",)), False, ("Basic",)),
    "nonbasic land": Archetype(("Land",), ((), ("Forest",), ("Swamp", "Forest"), ("Gate",)), False),
    "land creature": Archetype(("Land", "Creature"), (("Forest", "Dryad"),), True),
    "instant": Archetype(("Instant",), ((),), False),
}
KEYWORD_POOL = ("flying", "vigilance", "trample", "haste", "swampwalk", "devoid")
# exceptions a copy effect may make (CR 707.9b): (attribute, how, values)
COPY_EXCEPTIONS = (
    ("type", "add", ("Enchantment",)), ("type", "set", ("Artifact",)), ("subtype", "add", ("Illusion",)),
    ("subtype", "set", ("Frog",)), ("supertype", "remove", ("Legendary",)), ("color", "set", ("blue",)),
    ("power", "set", (7,)), ("toughness", "set", (1,)), ("ability", "add", (kw("flying"),)),
    ("name", "set", ("Omega",)), ("name", "set", ("Beta",)), ("mana_value", "set", (0,)),
)
COLORS = ((), ("white",), ("green",), ("red",), ("blue",), ("white", "blue"))
NAMES = ("Alpha", "Beta", "Gamma", "Delta", "Alpha")


@st.composite
def game_objects(
    draw: st.DrawFn,
    i: int,
    ids: tuple[str, ...],
    ts: int,
    statics: tuple[str, ...],
    theme: str | None = None,
    pshare: int = 6,
) -> GameObject:
    """Object ``ids[i]``: an archetype with random colors, keywords, at most one static or
    characteristic-defining ability, counters, an attachment."""
    oid = ids[i]
    arch_name = draw(st.sampled_from(sorted(ARCHETYPES)))
    arch = ARCHETYPES[arch_name]
    zone = Zone.BATTLEFIELD
    if arch_name == "instant" or draw(st.integers(0, 7)) == 0:
        zone = Zone.GRAVEYARD
    abilities: list[Ability] = [
        kw(w) for w in draw(st.lists(st.sampled_from(KEYWORD_POOL), max_size=2, unique=True))
    ]
    if draw(st.integers(0, 15)) == 0:  # every creature type (702.73a): rarer, as it is 300 subtypes
        abilities.append(kw("changeling"))
    if draw(st.integers(0, 5)) == 0:  # an activated ability (CR 602.1), printed
        text = draw(st.sampled_from(ACTIVATED_TEXTS))
        abilities.append(Ability("text", key=f"gen:{oid}#text", name=text.rstrip("."), text=text))
    extra = draw(st.sampled_from(("none", "static", "static", "cda") + (("static",) * 2 if theme else ())))
    if extra == "static":
        ab = static(f"gen:{oid}#static", statics[i], draw(static_bodies(ids, statics, theme, pshare)))
        if draw(st.integers(0, 7)) == 0:  # CR 113.6b: it says it functions in the graveyard
            ab = replace(ab, zones=("graveyard",))
        abilities.append(ab)
    elif extra == "cda":
        abilities.append(static(f"gen:{oid}#cda", f"cda-{oid}", draw(cdas(ids, arch.pt))))
    pt = (draw(st.integers(0, 4)), draw(st.integers(1, 4))) if arch.pt else (None, None)
    counters: tuple[tuple[str, int], ...] = ()
    if extra != "static":
        # Counters have their object's timestamp (docs/effect-language.md), so they would tie
        # with the object's own static effects (CR 613.7c gives a counter the time it was put
        # on, which the model does not record): only objects without one get counters.
        counters = draw(
            st.sampled_from(((), (), (("+1/+1", 1),), (("+1/+1", 2),), (("-1/-1", 1),), (("flying", 1),)))
        )
    controller = draw(st.sampled_from(PLAYERS))
    owner = (
        controller
        if zone != Zone.BATTLEFIELD or draw(st.integers(0, 3))
        else PLAYERS[1 - PLAYERS.index(controller)]
    )
    others = [o for o in ids if o != oid]
    attached = None
    if zone == Zone.BATTLEFIELD and others and (arch_name == "aura" or draw(st.integers(0, 5)) == 0):
        attached = draw(st.sampled_from(others))
    # face down (CR 708.2): plainly, or by morph, manifest, disguise or cloak (ward {2})
    face_down = zone == Zone.BATTLEFIELD and draw(st.integers(0, 20)) == 0
    printed = Characteristics(
        name=draw(st.sampled_from(NAMES)),
        mana_cost=None,
        mana_value=draw(st.integers(0, 5)),
        colors=draw(st.sampled_from(COLORS)),
        supertypes=arch.supertypes + draw(st.sampled_from(((), (), ("Legendary",)))),
        types=arch.types,
        subtypes=draw(st.sampled_from(arch.subtypes)),
        power=pt[0],
        toughness=pt[1],
        abilities=tuple(abilities),
    )
    return GameObject(
        id=oid,
        printed=printed,
        owner=owner,
        controller=controller,
        zone=zone,
        timestamp=ts,
        counters=counters if zone == Zone.BATTLEFIELD else (),
        tapped=zone == Zone.BATTLEFIELD and draw(st.integers(0, 4)) == 0,
        attached_to=attached,
        face_down=face_down,
        face_down_kind=draw(st.sampled_from(tuple(FaceDown))) if face_down else FaceDown.PLAIN,
    )


@st.composite
def resolved_effects(
    draw: st.DrawFn,
    eid: str,
    ids: tuple[str, ...],
    on_bf: tuple[str, ...],
    ts: int,
    statics: tuple[str, ...],
    copiers: tuple[str, ...] = (),
    theme: str | None = None,
    pshare: int = 6,
) -> ResolvedEffect:
    """A resolved spell's effect with the set it locked in at resolution (CR 611.2c).
    ``copiers`` are the objects a copy effect may affect (none with counters, which would tie
    with the static abilities it copies)."""
    controller = draw(st.sampled_from(PLAYERS))
    source = draw(st.sampled_from((None,) + ids))
    if draw(st.integers(1, pshare)) == 1:  # one in pshare: an effect on players (CR 613.10, 613.11)
        # no objects to fix at resolution: the loader gives such an effect the empty set
        # (pyengine/scenario/loader.py), and so do we
        return ResolvedEffect(eid, draw(player_effects(ids)), ts, controller, source=source, locked=())
    if copiers and len(on_bf) >= 2 and draw(st.integers(0, 6)) == 0:
        target = draw(st.sampled_from(copiers))
        original = draw(st.sampled_from([o for o in on_bf if o != target]))
        args: dict[str, Any] = {"of": ObjRef("id", original)}
        if draw(st.integers(0, 2)) == 0:  # CR 707.9b, 707.9d: exceptions to the copy
            args["except"] = tuple(draw(st.lists(st.sampled_from(COPY_EXCEPTIONS), min_size=1, max_size=2,
                                                 unique_by=lambda c: (c[0], c[1]))))
        definition = EffectDef((op("copy", **args),), None)
        return ResolvedEffect(eid, definition, ts, controller, source=source, locked=(target,))
    locked = tuple(sorted(draw(st.sets(st.sampled_from(on_bf), min_size=1, max_size=3))))
    if draw(st.integers(0, 3)) == 0:
        definition = FAMOUS[
            draw(
                st.sampled_from(
                    ("Humility", "Blood Moon", "Urborg", "Nature's Revolt", "Kormus Bell", "Ensoul Artifact",
                     "Maskwood Nexus")
                )
            )
        ]
        definition = EffectDef(definition.ops, None)
    else:
        definition = EffectDef(tuple(draw(operations(ids, True, statics, theme))), None)
    return ResolvedEffect(eid, definition, ts, controller, source=source, locked=locked)


@st.composite
def game_states(draw: st.DrawFn, max_objects: int = 6, max_effects: int = 6) -> GameState:
    """A two-player state with 1..max_objects objects and 0..max_effects resolved effects,
    every timestamp unique (CR 613.7)."""
    n = draw(st.integers(1, max_objects))
    m = draw(st.integers(0, max_effects))
    ids = tuple(f"o{i}" for i in range(n))
    statics = tuple(f"S{i}" for i in range(n))
    later = draw(st.integers(0, 2))  # counters put on after their object entered (CR 613.7c)
    stamps = draw(st.permutations(range(1, n + m + later + 1)))
    theme = draw(st.sampled_from((None, None, "2", "4", "5", "6", "7")))
    # one static ability or resolved effect in eight is an effect on players; in one state in
    # six, one in two (so that several meet and their timestamp order matters): about one in
    # five overall
    pshare = draw(st.sampled_from((8, 8, 8, 8, 8, 2)))
    objects = tuple(draw(game_objects(i, ids, stamps[i], statics, theme, pshare)) for i in range(n))
    spare = list(stamps[n + m:])
    stamped = []
    for o in objects:
        if spare and o.counters and spare[0] > o.timestamp:
            o = dataclasses.replace(o, counter_timestamps=((o.counters[0][0], spare.pop(0)),))
        stamped.append(o)
    objects = tuple(stamped)
    on_bf = tuple(o.id for o in objects if o.zone == Zone.BATTLEFIELD)
    effects: tuple[ResolvedEffect, ...] = ()
    copiers = tuple(o.id for o in objects if o.zone == Zone.BATTLEFIELD and not o.counters)
    if on_bf:
        effects = tuple(
            draw(resolved_effects(f"e{j}", ids, on_bf, stamps[n + j], statics, copiers, theme, pshare))
            for j in range(m)
        )
    turn = TurnContext(draw(st.sampled_from(PLAYERS)), 3, Step.PRECOMBAT_MAIN)
    return GameState(tuple(Player(p) for p in PLAYERS), turn, objects, effects)


# --- "Has all activated abilities of ..." (Necrotic Ooze, Experiment Kraj) ----------------------

GRANT_MANA = Ability("text", key="grant#mana", name="{T}: Add {B}", text="{T}: Add {B}.")
# what may take abilities away from, or give them to, the objects an Ooze reads (layer 6)
OOZE_RIVALS: dict[str, EffectDef] = {
    "Yixlid Jailer": EffectDef((op("lose_all_abilities"),), sel(zone="graveyard")),
    "Graveyard cards lose mana abilities": EffectDef(
        (op("remove_abilities", values=("{T}: Add {G}",)),), sel(zone="graveyard")
    ),
    "No regeneration": EffectDef(
        (op("cant_have", values=("{B}: Regenerate this creature",)),), sel(T("Creature"))
    ),
    "Humility": FAMOUS["Humility"],
    "Creatures tap for black": EffectDef(
        (op("add_abilities", values=(GRANT_MANA,)),), sel(T("Creature"), objs=OTHER)
    ),
    "Graveyard creatures tap for black": EffectDef(
        (op("add_abilities", values=(GRANT_MANA,)),), sel(T("Creature"), zone="graveyard")
    ),
}


@st.composite
def ooze_states(draw: st.DrawFn) -> GameState:
    """Boards built around "has all activated abilities of [objects]": one or two such
    effects, objects in graveyards and on the battlefield with activated abilities (and
    flying, which is not one), and one or two effects that take abilities away or give
    them, all with random timestamps, so that dependency (CR 613.8a) decides the order."""
    ids = ("ooze", "kraj", "g1", "g2", "b1", "r1", "r2")
    stamps = draw(st.permutations(range(1, len(ids) + 1)))
    krajs = draw(st.booleans())
    objects = []
    for i, oid in enumerate(ids):
        zone = Zone.GRAVEYARD if oid.startswith("g") else Zone.BATTLEFIELD
        abilities: list[Ability] = []
        if draw(st.booleans()):
            abilities.append(kw("flying"))
        for j, text in enumerate(draw(st.lists(st.sampled_from(ACTIVATED_TEXTS), max_size=2, unique=True))):
            abilities.append(Ability("text", key=f"ooze:{oid}#{j}", name=text.rstrip("."), text=text))
        types: tuple[str, ...] = ("Creature",)
        if oid == "ooze":
            abilities.append(static("ooze#static", "Ooze", FAMOUS["Necrotic Ooze"]))
        elif oid == "kraj":
            if krajs:
                abilities.append(static("kraj#static", "Kraj", INTERACTING["Fliers can do what others can"]))
        elif oid.startswith("r"):
            if oid == "r2" and not draw(st.booleans()):
                continue
            name = draw(st.sampled_from(sorted(OOZE_RIVALS)))
            abilities = [static(f"{oid}#static", name, OOZE_RIVALS[name])]
            types = ("Enchantment",)
        elif oid.startswith("g"):
            types = draw(st.sampled_from((("Creature",), ("Creature",), ("Artifact",))))
        pt = (2, 2) if "Creature" in types else (None, None)
        printed = Characteristics(name=oid, mana_cost=None, mana_value=2, colors=(), supertypes=(),
                                  types=types, subtypes=(), power=pt[0], toughness=pt[1],
                                  abilities=tuple(abilities))
        controller = draw(st.sampled_from(PLAYERS))
        objects.append(GameObject(id=oid, printed=printed, owner=controller, controller=controller, zone=zone,
                                  timestamp=stamps[i]))
    turn = TurnContext(PLAYERS[0], 3, Step.PRECOMBAT_MAIN)
    return GameState(tuple(Player(p) for p in PLAYERS), turn, tuple(objects), ())
