"""Templates: one paragraph of Oracle text (CR 113.2c: one ability) -> effect-language abilities.

Each template is a function of the paragraph with self-references written ``SELF`` (the card's
name, its short name, "this creature", "this land", ...). It returns the abilities the
paragraph is, or None when the paragraph is not of its form. Templates are tried in
:data:`TEMPLATES` order; the first that matches names the paragraph's template.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from pyengine.oracle import abilities as A
from pyengine.oracle import effects_modal as M
from pyengine.oracle import phrases as P
from pyengine.oracle import full_text as FT
from pyengine.oracle import static_templates as S
from pyengine.oracle.activated import activated as activated_ability
from pyengine.oracle.common import NUMBERS, Abilities, Template
from pyengine.oracle.common import static as _static
from pyengine.oracle.common import subject as _subject
from pyengine.oracle.damage_replacement import damage_replacement
from pyengine.oracle import combat_limits
from pyengine.oracle.rules_templates import (
    control,
    enters,
    pay_life_or_tapped,
    players,
    replacement,
    self_to_graveyard,
    skip_step,
)

PT = r"([+-]\d+)/([+-]\d+)"
# "can't attack or block"-style phrases the engines read as keyword words about their object
SELF_COMBAT = ("can't attack", "can't block", "can't attack or block", "attacks each combat if able",
               "blocks each combat if able", "can block only creatures with flying",
               "can't be blocked", "can block an additional creature each combat",
               "can block any number of creatures", "can't be blocked by more than one creature",
               "can't attack alone", "can't block alone", "can't attack or block alone",
               "all creatures able to block SELF do so")
COMBAT_OPS = {"can't attack": {"cant_attack": True}, "can't block": {"cant_block": True},
              "can't attack or block": {"cant_attack": True, "cant_block": True},
              "attack each combat if able": {"must_attack": True},
              "attacks each combat if able": {"must_attack": True},
              "can't be blocked": {"cant_be_blocked": True},
              "block each combat if able": {"must_block": True},
              "blocks each combat if able": {"must_block": True}}


def keywords(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    return P.keyword_line(par)


def _granted_keywords(phrase: str) -> list[Any] | None:
    """The keywords of "have flying, exalted": a triggered keyword is granted as the triggered
    ability its CR 702 definition compiles to (the creature that has it is "this creature",
    113.1); None when one is a keyword no engine runs (a grant of a name only would look like
    a working ability, the game refuses it, 603.1)."""
    from pyengine.oracle import keyword_rules as K
    from pyengine.oracle.compile import self_refs

    kws = P.keyword_list(phrase)
    if kws is None:
        return None
    got, unrun = K.runnable(kws, lambda t: match(t, {}, t), lambda t: self_refs(t, "\x00"))
    return None if unrun else got


def _grants(rest: str) -> dict[str, Any] | None:
    """The operations of "get +1/+1 and have flying", "has trample", "lose flying", "can't
    block": one verb phrase after a subject."""
    ops: dict[str, Any] = {}
    rest = rest.strip().rstrip(".")
    m = re.match(rf"gets? {PT}(?:,? and |$)(.*)", rest)
    if m:
        ops["modify_pt"] = {"power": int(m.group(1)), "toughness": int(m.group(2))}
        rest = m.group(3)
    for part in re.split(r",? and (?=(?:has|have|loses?|gains?) )", rest) if rest else []:
        m = re.fullmatch(r"(?:has|have) (.+)", part)
        if m and m.group(1).startswith('"') and m.group(1).endswith('"'):
            inner = compile_text(m.group(1)[1:-1], {})
            if inner is None:
                return None
            ops.setdefault("add_abilities", []).extend(inner)
            continue
        if m:
            kws = _granted_keywords(m.group(1))
            if kws is None:
                return None
            ops.setdefault("add_abilities", []).extend(kws)
            continue
        m = re.fullmatch(r"loses? (.+)", part)
        if m:
            if m.group(1) == "all abilities":
                ops["lose_all_abilities"] = True
                continue
            kws = P.keyword_list(m.group(1))
            if kws is None or not all(isinstance(k, str) for k in kws):
                return None
            ops.setdefault("remove_abilities", []).extend(kws)
            continue
        if part in COMBAT_OPS:
            ops.update(COMBAT_OPS[part])
            continue
        return None
    return ops or None


def continuous(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"Creatures you control get +1/+1", "Other Elf creatures you control get +1/+1 and have
    ...", "Enchanted creature gets +2/+2 and has flying", "SELF has haste", "Lands you control
    have "{T}: Add one mana of any color."" (the quoted ability's period ends the sentence)."""
    if par.endswith('."'):
        par += "."
    m = re.fullmatch(r"(.+?) (gets? [+-].*|(?:has|have|loses?) .*|(?:can't attack or block|"
                     r"can't attack|can't block|attacks? each combat if able|"
                     r"blocks? each combat if able|can't be blocked)(?:,? and (?:has|have) .*)?)\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    if affects is None:
        return None
    verb = m.group(2)
    if affects == "self" and verb.rstrip(".") in SELF_COMBAT:
        return [verb.rstrip(".")]  # the engines' own keyword word for it
    if affects == "self" and (kws := _self_keywords(verb)) is not None:
        return kws
    name = str(card.get("name") or "")
    if name and any(n in q for q in re.findall(r'"[^"]*"', verb) for n in (name, name.split(", ")[0])):
        return None  # the card's own name in a quoted ability it grants is the card, not the object
        # that has the ability (201.5, 113.1): "Sacrifice Deconstruction Hammer" isn't that object's
    ops = _grants(verb)
    if ops is None:
        return None
    return [_static(text, {"affects": affects, **ops})]


def _self_keywords(verb: str) -> Abilities | None:
    m = re.fullmatch(r"has (.+)\.?", verb.rstrip("."))
    return P.keyword_list(m.group(1)) if m else None


_COND_PATTERNS: list[tuple[str, Callable[[re.Match[str]], dict[str, Any] | None]]] = [
    (r"it's your turn", lambda m: {"turn": "you"}),
    (r"it's not your turn", lambda m: {"not": {"turn": "you"}}),
    (r"you control (?:an?|another) (.+)", lambda m: _exists(m.group(1), "you")),
    (r"an opponent controls (?:an?|another) (.+)", lambda m: _exists(m.group(1), "opponent")),
    (r"you control (\w+) or more (.+)", lambda m: _at_least(m.group(1), m.group(2))),
    (r"there are (\w+) or more cards in your graveyard",  # threshold and the like
     lambda m: _cards_in_graveyard(m.group(1))),
    (r"there are (\w+) or more card types among cards in your graveyard",  # delirium (205.2a)
     lambda m: _graveyard_types(m.group(1))),
    (r"there are (\w+) or more (\w+) cards in your graveyard", lambda m: _typed_in_graveyard(m.group(1), m.group(2))),
    (r"SELF is (untapped|tapped)", lambda m: {"exists": {"self": True, "tapped": m.group(1) == "tapped"}}),
    (r"enchanted (?:creature|permanent) is (?:an? )?(.+)",
     lambda m: _attached_is(m.group(1), "enchanted")),
    (r"equipped creature is (?:an? )?(.+)", lambda m: _attached_is(m.group(1), "enchanted")),
]


def _exists(phrase: str, who: str) -> dict[str, Any] | None:
    other = phrase.startswith("other ")
    sel = P.selector(phrase.removeprefix("other "))
    if sel is None or "controller" in sel:
        return None
    return {"exists": {**({"other": True} if other else {}), **sel, "controller": who}}


def _at_least(n: str, phrase: str) -> dict[str, Any] | None:
    sel = P.selector(phrase)
    count = NUMBERS.get(n) or (int(n) if n.isdigit() else None)
    if sel is None or count is None or "controller" in sel:
        return None
    sel["controller"] = "you"
    return {"compare": [{"count": sel}, ">=", count]}


def _cards_in_graveyard(n: str) -> dict[str, Any] | None:
    count = NUMBERS.get(n) or (int(n) if n.isdigit() else None)
    if count is None:
        return None
    return {"compare": [{"count": {"zone": "graveyard", "owner": "you"}}, ">=", count]}


def _graveyard_types(n: str) -> dict[str, Any] | None:
    count = NUMBERS.get(n) or (int(n) if n.isdigit() else None)
    if count is None:
        return None
    return {"compare": [{"card_types_among": {"zone": "graveyard", "owner": "you"}}, ">=", count]}


def _typed_in_graveyard(n: str, kind: str) -> dict[str, Any] | None:
    """"there are three or more creature cards in your graveyard": a count of cards of one card
    type (or "permanent cards": of a permanent type, 110.4b) in the player's graveyard."""
    count = NUMBERS.get(n) or (int(n) if n.isdigit() else None)
    sel: dict[str, Any] = {"zone": "graveyard", "owner": "you"}
    if kind == "permanent":
        sel["any_types"] = list(P.PERMANENT_TYPES)
    elif kind in P.CARD_TYPES:
        sel["types"] = [P.CARD_TYPES[kind]]
    else:
        return None
    return None if count is None else {"compare": [{"count": sel}, ">=", count]}


def _attached_is(phrase: str, ref: str) -> dict[str, Any] | None:
    sel = P.selector(phrase)
    if sel is None:
        return None
    return {"exists": {"enchanted": True, **sel}}


def condition(text: str) -> dict[str, Any] | None:
    for pat, make in _COND_PATTERNS:
        m = re.fullmatch(pat, text)
        if m:
            return make(m)
    return None


def as_long_as(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"As long as C, SELF gets +1/+1 and has ...", "SELF has flying as long as C", "During
    your turn, ..." (CR 611.3: the effect exists while C is true)."""
    m = (re.fullmatch(r"(?:As long as|During) (.+?), (.+\.\"?)", par)  # a quoted ability ends it: ."
         or re.fullmatch(r"(.+?) as long as (.+)\.", par))
    if not m:
        return None
    if par.startswith(("As long as", "During")):
        cond_text, body = m.group(1), m.group(2)
        if par.startswith("During"):
            cond_text = {"your turn": "it's your turn"}.get(cond_text, "?")
    else:
        body, cond_text = m.group(1) + ".", m.group(2)
    cond = condition(cond_text)
    if cond is None:
        return None
    body = re.sub(r"^(it|they) ", lambda _: "SELF " if "SELF" in par else "enchanted creature ", body)
    got = continuous(body, text, card)
    if not got:
        return None
    if isinstance(got[0], str) or "static" not in got[0]:
        abilities = got if isinstance(got[0], str) else got[0]
        kws = abilities if isinstance(abilities, list) else [abilities]
        return [_static(text, {"affects": "self", "condition": cond, "add_abilities": kws})]
    static = dict(got[0]["static"])
    static["condition"] = cond
    return [_static(text, static)]


def type_change(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"Nonbasic lands are Mountains", "Each land is a Swamp in addition to its other land
    types", "All creatures are black", "Enchanted land is an Island" (CR 205.1, 305.7)."""
    m = re.fullmatch(r"(.+?) (?:is|are) (?:an? )?(.+?)( in addition to (?:its|their) other "
                     r"(?:land |creature |card )?types| in addition to (?:its|their) other colors)?\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    if affects is None or affects == "self":
        return None
    what, adding = m.group(2), bool(m.group(3))
    if what in P.COLORS or what == "colorless":
        key = "add_colors" if adding else "set_colors"
        return [_static(text, {"affects": affects, key: [] if what == "colorless" else [what]})]
    words = [w for w in re.split(r",? and |, ", what) if w]
    subs = [P.singular_subtype(w) for w in words]
    if all(subs):
        key = "add_subtypes" if adding else "set_subtypes"
        return [_static(text, {"affects": affects, key: subs})]
    types = [P.CARD_TYPES.get(P._PLURAL_NOUNS.get(w.lower(), w.lower())) for w in words]
    if all(types) and adding:
        return [_static(text, {"affects": affects, "add_types": types})]
    return None


def mana(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"{T}: Add {G}.", "{T}: Add {C}{C}.", "{T}: Add {R} or {G}.", "{T}: Add one mana of any
    color.", "{T}: Add three mana of any one color.", with a cost of {T} and/or sacrificing
    SELF and paying life: "{T}, Sacrifice SELF: Add ...", "Sacrifice SELF: Add ...", "{T}, Pay
    1 life: Add ..." (CR 605.1a; pyengine/cast/mana.py reads them); then "SELF deals N damage
    to you." (Ancient Tomb, the painlands: its source deals it as the ability resolves, 605.3b)
    or "SELF doesn't untap during your next untap step." (Cinder Marsh, 502.3); then "Activate
    only if you control a Plains or a Swamp." (the Verges, the tainted lands: 602.5)."""
    from pyengine.cast.mana import cost_parts, product_options

    m = re.fullmatch(r"([^:\"]+): Add ([^.\"]+)\.(?: SELF deals (\d+) damage to you\.|"
                     r"( SELF doesn't untap during your next untap step\.))?"
                     r"(?: Activate only if you control an? ([A-Z][a-z]+)(?: or an? ([A-Z][a-z]+))?\.)?", par)
    if not m:
        return None
    cost, product = m.group(1), m.group(2)
    said = re.search(r"Sacrifice this [a-z]+", text)
    cost = cost.replace("Sacrifice SELF", said.group(0) if said else "Sacrifice this permanent")
    if cost_parts(cost) is None or product_options(product) is None:
        return None
    out: dict[str, Any] = {"mana": product[1] if re.fullmatch(r"\{[WUBRGC]\}", product) else product}
    if cost != "{T}":
        out["cost"] = cost
    if m.group(3) and int(m.group(3)) > 0:  # Ancient Tomb, the painlands: as it resolves (605.3b)
        out["damage"] = int(m.group(3))
    if m.group(4):  # Cinder Marsh (502.3): its source stays tapped through your next untap step
        out["doesnt_untap"] = True
    if m.group(5):  # 602.5: "Activate only if you control a Plains or a Swamp" (the Verges)
        kinds = [t for t in m.group(5, 6) if t]
        if not all(P.subtype_table.category(t) for t in kinds):
            return None
        out["if_you_control"] = kinds
    return [out]


def self_combat(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF can block only creatures with flying", "SELF must be blocked if able": the
    engines' own keyword words for combat restrictions and requirements (CR 508.1c-d, 509.1b-c)."""
    from pyengine.lang.effects import KEYWORDS

    if "SELF" not in par or not par.endswith("."):
        return None
    phrase = par[:-1].replace("SELF", "this creature").lower().removeprefix("this creature ")
    return [phrase] if phrase in KEYWORDS and phrase not in P.ENGINE_KEYWORDS else None


def cant_be_blocked_by(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF can't be blocked by Walls" (CR 509.1b)."""
    m = re.fullmatch(r"SELF can't be blocked by (.+)\.", par)
    if not m or m.group(1).startswith("more than"):
        return None
    sel = P.selector(m.group(1))
    if sel is None:
        return None
    return [_static(text, {"affects": "self", "cant_be_blocked": {"by": sel}})]


def attack_unless(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF can't attack unless defending player controls an Island." (CR 508.1c)."""
    m = re.fullmatch(r"SELF can't attack unless defending player controls an? (.+)\.", par)
    if not m:
        return None
    sel = P.selector(m.group(1))
    if sel is None or "controller" in sel:
        return None
    if "types" not in sel and P.subtype_table.category((sel.get("subtypes") or [""])[0]) == "land":
        sel = {"types": ["Land"], **sel}  # a land type is a land's (CR 205.3d), as the catalog writes it
    cond = {"exists": {**sel, "controller": "defending"}}
    return [_static(text, {"affects": "self", "cant_attack": {"unless": cond}})]


def base_pt(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"Enchanted creature has base power and toughness 1/1." (CR 613.4b)."""
    m = re.fullmatch(r"(.+?) (?:has|have) base power and toughness (\d+)/(\d+)\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    if affects is None:
        return None
    return [_static(text, {"affects": affects,
                           "set_pt": {"power": int(m.group(2)), "toughness": int(m.group(3))}})]


def gets_for_each(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF gets +1/+1 for each other creature you control." (CR 613.4c, 611.3a: counted
    continuously)."""
    m = re.fullmatch(rf"(.+?) gets? {PT} for each (.+?)\.", par)
    if not m:
        return None
    affects = _subject(m.group(1))
    phrase = m.group(4)
    sel = P.selector(phrase.removeprefix("other ")) if phrase.startswith("other ") else P.selector(phrase)
    if affects is None or sel is None:
        return None
    if phrase.startswith("other "):
        if affects != "self":
            return None
        sel = {"other": True, **sel}
    count = {"count": sel}
    p, t = int(m.group(2)), int(m.group(3))
    pt = {"power": {"times": [p, count]} if p else 0, "toughness": {"times": [t, count]} if t else 0}
    return [_static(text, {"affects": affects, "modify_pt": pt})]


def power_equal(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF's power and toughness are each equal to the number of X you control" (CR 604.3)."""
    m = re.fullmatch(r"SELF's (power and toughness are each|power is|toughness is) equal to the "
                     r"number of (.+?)\.", par)
    if not m:
        return None
    sel = P.selector(m.group(2))
    if sel is None:
        return None
    count = {"count": sel}
    pt = ({"power": count, "toughness": count} if m.group(1).startswith("power and")
          else {m.group(1).split()[0]: count})
    return [{"text": text, "cda": {"set_pt": pt}}]


def triggered(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """A triggered ability (CR 603.1: "When", "Whenever", "At"): seen as present or absent."""
    return [{"text": text}] if re.match(r"(When|Whenever|At) ", par) else None


def activated(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """An activated ability "[Cost]: [Effect.]" (CR 602.1): seen as present or absent."""
    head = par.split('"')[0]
    return [{"text": text}] if re.match(r"[^.\"]+?: ", head) else None


def spell(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """An instant's or sorcery's spell ability (CR 113.3a), followed only as it resolves."""
    return [{"spell": text}] if {"Instant", "Sorcery"} & set(card.get("types", ())) else None


# most cards first: the order in which templates are tried
TEMPLATES: list[tuple[str, Template]] = [
    ("keywords", keywords), ("mana ability", mana), ("activated ability", activated_ability),
    ("activated (text)", activated),
    ("triggered ability", A.triggered), ("triggered (text)", triggered),
    (FT.NAME, FT.template), ("as long as", as_long_as),
    ("static P/T and ability grants", continuous), ("can't be blocked by", cant_be_blocked_by),
    ("combat restrictions of SELF", self_combat),
    ("type and color changes", type_change), ("enters tapped / with counters", enters),
    ("player abilities", players), ("replacement and prevention", replacement),
    ("damage and life replacements", damage_replacement),
    ("P/T equal to a count (CDA)", power_equal), ("control of enchanted", control),
    ("skip a step", skip_step), ("can't attack unless", attack_unless),
    ("self to graveyard replacement", self_to_graveyard), ("pay life or enters tapped", pay_life_or_tapped),
    ("base P/T", base_pt), ("gets +N/+N for each", gets_for_each),
    ("doesn't untap", S.untap), ("choice as it enters", S.choice),
    ("is the chosen type", S.chosen_type), ("can't be countered", S.cant_be_countered),
    ("power less than SELF's can't block", S.power_less_cant_block),
    ("enters tapped unless", S.enters_tapped_unless), ("modal spell", M.template),
    ("no more than N creatures can attack / block", combat_limits.template),
    ("spell ability", A.spell),
    ("spell ability (text)", spell),
]
# templates whose abilities the engines see only as present or absent
KEYWORDS_TEXT = "keywords (text)"  # a keyword line with a CR 702 keyword no engine runs
TEXT_ONLY = frozenset({"activated (text)", "triggered (text)", "spell ability (text)", KEYWORDS_TEXT,
                       "ability grant (text)"})  # the last: pyengine.oracle.effects_quoted.GRANT_TEXT


def compile_text(par: str, card: dict[str, Any], text: str | None = None) -> Abilities | None:
    """The abilities of one paragraph (with self-references as SELF), or None."""
    for _name, template in TEMPLATES:
        got = template(par, text or par, card)
        if got is not None:
            return got
    return None


def match(par: str, card: dict[str, Any], text: str) -> tuple[str, Abilities] | None:
    """The template that recognises ``par`` and its abilities, or None."""
    for name, template in TEMPLATES:
        got = template(par, text, card)
        if got is not None:
            return name, got
    return None
