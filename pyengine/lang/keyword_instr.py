"""The instructions ``{kind: bolster, amount: N, player: REF}`` (CR 701.39a), ``{kind:
populate, player: REF}`` (701.36a) and ``{kind: amass, subtype: SUBTYPE, amount: N, player:
REF}`` (701.47a) of an ability's or a spell's ``do:``; ``player`` defaults to ``you``. Amass
holds the ``create_tokens`` instruction of its 0/0 black SUBTYPE Army creature token (111.4:
named "SUBTYPE Army Token"), so the game knows the token's definition. ``{kind: explore, object:
REF}`` / ``{kind: connive, object: REF}``: the permanent REF names explores (701.44a) or
connives (701.50a); ``{kind: transform, object: REF}``: it transforms (701.27a, 701.27f). The game follows them in order as the
spell or ability resolves, with the player's choice given ahead (pyengine.game.keyword_instr)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction


def parse_keyword(
    cur: Cursor,
    n_targets: int,
    ref: Callable[..., Any],
    ctx: Any = None,
    instruction: Callable[..., Instruction] | None = None,
) -> Instruction:
    from pyengine.lang.triggers import PLAYER_WORDS

    word = str(cur.get("kind").value)
    if word == "transform":  # 701.27a: the permanent REF names transforms (``self``, ``it``)
        from pyengine.lang.triggers import OBJECT_WORDS

        cur.mapping({"kind", "object"}, "{kind: transform, object: REF} (CR 701.27a)")
        return Instruction(word, (("object", ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")),))
    if word in ("explore", "connive"):  # 701.44a, 701.50a: the permanent explores / connives
        from pyengine.lang.triggers import OBJECT_WORDS

        cur.mapping({"kind", "object"}, f"{{kind: {word}, object: REF}} (CR 701.44a, 701.50a)")
        return Instruction(
            word, (("object", ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")),)
        )
    if word == "renown":  # 702.112a: "put N +1/+1 counters on it and it becomes renowned"
        from pyengine.lang.triggers import OBJECT_WORDS

        cur.mapping({"kind", "object", "amount"}, "{kind: renown, object: REF, amount: N} (CR 702.112a)")
        return Instruction(word, (("object", ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")),
                                  ("amount", cur.req("amount").integer("N (renown N)", 1))))
    if word == "remove_or_sacrifice":  # 702.32a fading: "remove a fade counter ... If you can't, sacrifice"
        from pyengine.lang.counters import counter_kind
        from pyengine.lang.triggers import OBJECT_WORDS

        cur.mapping({"kind", "object", "counter"},
                    "{kind: remove_or_sacrifice, object: REF, counter: KIND} (CR 702.32a)")
        kind = counter_kind(cur.req("counter").string("a counter kind"), cur.get("counter"))
        return Instruction(word, (("object", ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")),
                                  ("counter", kind)))
    if word == "additional_phases":  # 500.8: "after this [main] phase, there is an additional ..."
        from pyengine.game.extra_phases import PHASES

        cur.mapping({"kind", "phases", "after"},
                    "{kind: additional_phases, phases: [combat, main], after: phase|main_phase} (CR 500.8)")
        phases = tuple(c.choice(PHASES, "a phase:") for c in cur.req("phases").seq("a list of phases"))
        if not phases:
            cur.get("phases").fail("expected at least one phase: combat or main")
        after = cur.req("after").choice(("phase", "main_phase"), "after which phase:")
        return Instruction(word, (("phases", phases), ("after", after)))
    if word == "myriad":  # 702.116a: the copies for each opponent other than defending player
        cur.mapping({"kind"}, "{kind: myriad} (CR 702.116a)")
        return Instruction(word, ())
    if word == "amass":
        return _amass(cur, n_targets, ref, ctx, instruction)
    if word == "bolster":
        cur.mapping({"kind", "amount", "player"}, "{kind: bolster, amount: N, player: REF} (CR 701.39a)")
    else:
        cur.mapping({"kind", "player"}, "{kind: populate, player: REF} (CR 701.36a)")
    who = ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") else ("ref", "you")
    fields: tuple[tuple[str, Any], ...] = (("player", who),)
    if word == "bolster":
        fields += (("amount", cur.req("amount").integer("N (bolster N)", 1)),)
    return Instruction(word, fields)


def _amass(
    cur: Cursor,
    n_targets: int,
    ref: Callable[..., Any],
    ctx: Any,
    instruction: Callable[..., Instruction] | None,
) -> Instruction:
    from pyengine.lang.triggers import PLAYER_WORDS
    from pyengine.model import subtypes

    cur.mapping(
        {"kind", "subtype", "amount", "player"},
        "{kind: amass, subtype: SUBTYPE, amount: N, player: REF} (CR 701.47a)",
    )
    sub = cur.req("subtype").string("a creature subtype (amass Zombies: Zombie)")
    if not subtypes.is_subtype(sub):
        cur.get("subtype").fail(f"{sub!r} is not a subtype (CR 205.3)")
    who = ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") else ("ref", "you")
    n = cur.req("amount").integer("N (amass N)", 0)
    token = {
        "kind": "create_tokens",
        "token": {
            "types": ["Creature"],
            "subtypes": [sub, "Army"],
            "colors": ["black"],
            "power": 0,
            "toughness": 0,
        },
    }
    assert instruction is not None
    create = instruction(Cursor(token, cur.path, cur.line, cur.file), ctx, n_targets)
    return Instruction("amass", (("player", who), ("amount", n), ("subtype", sub), ("create", create)))
