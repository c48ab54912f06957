"""The output registry: every predicate the ``asp/show/*.lp`` files show, as a typed record
(:mod:`pyengine.registry`). One class per predicate; a predicate shown by several entries
(``ts/2``, ``violation/3``, ``outcome/3``, ``blocked/4``) is one class registered for each.
tests/test_registry.py keeps this module and the ``#show`` statements equal.

The layer engine's atoms are read by the thousand: their fields are :data:`Symbol` (no call
into clingo until the engine decodes what it needs, once per distinct term)."""

from __future__ import annotations

from pyengine.registry import Name, Record, Symbol, shown

# --- asp/show/layers.lp: one round of one layer (pyengine/layers/engine.py) ----------------


@shown("layers", name="next")
class Next(Record):
    """Stepwise (CR 613.8c), the effect applied this round: ``next(E, 0)``."""

    effect: Symbol
    step: Symbol


@shown("layers", name="batch")
class Batch(Record):
    """No effect left can change what another reads: effect E applied N-th of the batch."""

    effect: Symbol
    position: Symbol


@shown("layers", name="applied_group")
class AppliedGroup(Record):
    """Effect E applied this round to every object of group G (``in_group/2``)."""

    effect: Symbol
    group: Symbol


@shown("layers", name="in_group")
class InGroup(Record):
    """Object O is in group G: what an effect's selector matches (matched once for all the
    effects that share it), or a fixed set (CR 611.2c, 613.6)."""

    group: Symbol
    object: Symbol


@shown("layers", name="dep")
class Dependency(Record):
    """Effect E depends on effect B (CR 613.8a), seen at step S."""

    effect: Symbol
    on: Symbol
    step: Symbol


@shown("layers", name="loop")
class Loop(Record):
    """Effects E and B depend on each other through a loop (CR 613.8b), at step S."""

    effect: Symbol
    other: Symbol
    step: Symbol


@shown("layers", "final", name="ts")
class Timestamp(Record):
    """Effect E's timestamp ``(T, N, I)`` (CR 613.7)."""

    effect: Symbol
    timestamp: Symbol


@shown("layers", name="ex_now")
class ExistsNow(Record):
    """Effect E of the layer exists when the round begins (at step S)."""

    effect: Symbol
    step: Symbol


@shown("layers", name="changed")
class Changed(Record):
    """Object O's values changed this round (its cur/3 atoms are shown)."""

    object: Symbol


@shown("layers", name="stepped")
class Stepped(Record):
    """Attribute A is one this layer changes."""

    attribute: Symbol


@shown("layers", name="cur")
class Current(Record):
    """Object O's attribute A has value V after the round (the next round's cur/3 fact)."""

    object: Symbol
    attribute: Symbol
    value: Symbol


@shown("layers", name="gained")
class Gained(Record):
    """Effect E gave object O value V of attribute A."""

    effect: Symbol
    object: Symbol
    attribute: Symbol
    value: Symbol


@shown("layers", name="lost")
class Lost(Record):
    """Effect E took value V of attribute A from object O."""

    effect: Symbol
    object: Symbol
    attribute: Symbol
    value: Symbol


@shown("layers", name="summed")
class Summed(Record):
    """This round was a batch of effects that add (layer 7c, CR 613.4c), summed per object:
    no gained/lost atoms; its changes are each changed object's values before and after."""


@shown("layers", name="sum_from")
class SumFrom(Record):
    """A round of several layers (a group) summed layer 7c's additions for object O (CR
    613.4c): attribute A had value V before the sum."""

    object: Symbol
    attribute: Symbol
    value: Symbol


@shown("layers", name="sum_to")
class SumTo(Record):
    """The same sum: attribute A of object O has value V after it."""

    object: Symbol
    attribute: Symbol
    value: Symbol


@shown("layers", name="grant")
class Grant(Record):
    """Object O gained ability K at timestamp T (the next rounds' grant_ts/3)."""

    object: Symbol
    ability: Symbol
    timestamp: Symbol


@shown("layers", name="started_out")
class Started(Record):
    """Effect E began to apply (its lock-in, CR 613.6; the next rounds' started/1)."""

    effect: Symbol


@shown("layers", name="started_on_out")
class StartedOn(Record):
    """Effect E began to apply to object O (the next rounds' started_on/2)."""

    effect: Symbol
    object: Symbol


@shown("layers", name="cp_val")
class CopyValue(Record):
    """Copy effect E gives attribute A value V (fixed in layer 1a's first round, CR 707.2)."""

    effect: Symbol
    attribute: Symbol
    value: Symbol


# --- asp/show/final.lp: effects after the layers, effects on players -----------------------


@shown("final", name="active")
class Active(Record):
    """Effect E exists after all layers."""

    effect: Symbol


@shown("final", name="affects_final")
class AffectsFinal(Record):
    """Effect E affects object O (string id)."""

    effect: Symbol
    object: Symbol


@shown("final", name="sel_final")
class SelectionFinal(Record):
    """Effect E's selector Sel selects object O."""

    effect: Symbol
    selector: Symbol
    object: Symbol


@shown("final", name="effect_controller")
class EffectController(Record):
    """Effect E's controller (a player's string id)."""

    effect: Symbol
    player: Symbol


@shown("final", name="def")
class Definition(Record):
    """Effect instance E is of definition D."""

    effect: Symbol
    definition: Symbol


@shown("final", name="src")
class Source(Record):
    """Effect instance E's source object O."""

    effect: Symbol
    object: Symbol


@shown("final", name="p_to")
class PlayerEffect(Record):
    """Effect E does K (with value V) to player P (CR 613.10)."""

    effect: Symbol
    player: Symbol
    kind: Symbol
    value: Symbol


@shown("final", name="p_rank")
class PlayerRank(Record):
    """Effect E is the N-th, in timestamp order, to apply to player P."""

    effect: Symbol
    player: Symbol
    rank: Symbol


@shown("final", name="player_has")
class PlayerHas(Record):
    """Player P has ability K (CR 613.10)."""

    player: Symbol
    ability: Symbol


@shown("final", name="hand_max")
class HandMax(Record):
    """Player P's maximum hand size is N (CR 402.2)."""

    player: Symbol
    size: Symbol


@shown("final", name="hand_none")
class HandNone(Record):
    """Player P has no maximum hand size."""

    player: Symbol


@shown("final", name="lands")
class Lands(Record):
    """Player P may play N lands this turn (CR 305.2)."""

    player: Symbol
    count: Symbol


@shown("final", name="lands_any")
class LandsAny(Record):
    """Player P may play any number of lands."""

    player: Symbol


# --- asp/show/combat.lp (pyengine/combat/service.py) --------------------------------------


@shown("combat", "replacement", "damage", name="violation")
class Violation(Record):
    """A proposal breaks CR ``rule``: the check that failed and its arguments."""

    rule: str
    check: Name
    args: Symbol


@shown("combat", name="attacks")
class Attacks(Record):
    """Declaration D (``given`` or ``best``) has creature A attack target T."""

    declaration: Name
    attacker: str
    target: Symbol


@shown("combat", name="blocks")
class Blocks(Record):
    """Declaration D has creature B block attacker A."""

    declaration: Name
    blocker: str
    attacker: str


@shown("combat", name="pays")
class Pays(Record):
    """Declaration D pays the cost of effect E for creature O (CR 508.1h, 509.1d)."""

    declaration: Name
    effect: str
    creature: str


@shown("combat", name="requirement")
class Requirement(Record):
    """Requirement R (a term naming its kind and arguments), from CR ``rule``."""

    requirement: Symbol
    rule: str


@shown("combat", name="requirement_total")
class RequirementTotal(Record):
    """The board has N requirements (when only the obeyed ones are listed)."""

    total: int


@shown("combat", name="obeyed")
class Obeyed(Record):
    """Declaration D obeys requirement R."""

    declaration: Name
    requirement: Symbol


@shown("combat", name="attack_option")
class AttackOption(Record):
    """No single-pair restriction forbids creature O to attack target T."""

    attacker: str
    target: Symbol


@shown("combat", name="block_option")
class BlockOption(Record):
    """No single-pair restriction forbids creature B to block attacker A."""

    blocker: str
    attacker: str


# --- asp/show/replacement.lp, replacement_tree.lp (pyengine/replacement/service.py) -------


@shown("replacement", "replacement_tree", name="outcome")
class OutcomeEvents(Record):
    """N events of kind K with field values S happen."""

    kind: Name
    fields: Symbol
    count: int


@shown("replacement", "replacement_tree", name="blocked")
class Blocked(Record):
    """N events of kind K with fields S were stopped by "can't" effect C (CR 614.17)."""

    kind: Name
    fields: Symbol
    effect: str
    count: int


@shown("replacement", name="used")
class Used(Record):
    """"The next time" effect E was used N times."""

    effect: str
    count: int


@shown("replacement", name="shield_left")
class ShieldLeft(Record):
    """Prevention shield E has R damage left (CR 615.7)."""

    effect: str
    left: int


@shown("replacement", name="applied")
class Applied(Record):
    """At step T player P applied effect E with alternative A (CR tier R) to the event of
    kind K with fields S."""

    step: int
    effect: str
    alternative: Symbol
    chooser: Symbol
    rule: str
    kind: Name
    fields: Symbol


@shown("replacement", name="applied_on")
class AppliedOn(Record):
    """Step T's event as a proposal names it: its kind and fields (an entering object's
    event with the counters it carries so far)."""

    step: int
    kind: Symbol
    fields: Symbol


@shown("replacement", name="overflow")
class Overflow(Record):
    """The horizon was too short (Python retries with a longer one)."""


@shown("replacement", name="split_pending")
class SplitPending(Record):
    """An instruction to draw N cards by player P, with the effects of bit mask M applied,
    left whole: Python finds its draws one by one (pyengine/replacement/split.py)."""

    player: Symbol
    count: int
    mask: int


@shown("replacement", name="lib_seen")
class LibSeen(Record):
    """Player P's library as the first draw of the instruction left whole sees it."""

    player: Symbol
    size: int


@shown("replacement", name="lib_taken")
class LibTaken(Record):
    """The events that happen take N cards from player P's library."""

    player: Symbol
    count: int


@shown("replacement", name="split_interleaves")
class SplitInterleaves(Record):
    """An instruction to draw was due to become its draws while other events were
    unsettled (asked again without rep_cut)."""


@shown("replacement", name="steps_taken")
class StepsTaken(Record):
    """The sequence takes N steps (applications and rules transformations)."""

    count: int


@shown("replacement_tree", name="takes")
class Takes(Record):
    """In the tree, effect E with alternative A is applied to event X."""

    event: Symbol
    effect: Symbol
    alternative: Symbol


@shown("replacement_tree", name="transforms")
class Transforms(Record):
    """A rules transformation acts on event X in the tree."""

    event: Symbol


# --- asp/show/damage.lp (pyengine/damage/service.py) -------------------------------------


@shown("damage", name="assign")
class Assign(Record):
    """Creature O assigns ``amount`` combat damage to recipient R (``p(P)`` or ``o(O)``)."""

    creature: str
    recipient: Symbol
    amount: int


@shown("damage", name="assigns_damage")
class AssignsDamage(Record):
    """Creature O assigns ``amount`` combat damage in this step (CR 510.1a, 510.4)."""

    creature: str
    amount: int


@shown("damage", name="coupled")
class Coupled(Record):
    """The assignments of creatures O and O' constrain each other (CR 702.19b)."""

    creature: str
    other: str


# --- asp/show/targeting.lp (pyengine/targeting.py) ----------------------------------------


@shown("targeting", name="untargetable")
class Untargetable(Record):
    """Target O (``o(O)`` or ``p(P)``) can't be chosen by source S (``o(S)``) controlled by
    player P (``p(P)``): CR ``rule`` forbids it."""

    target: Symbol
    source: Symbol
    controller: Symbol
    rule: str


# --- asp/show/sba.lp (pyengine/sba/service.py) ---------------------------------------------


@shown("sba", name="sba")
class Sba(Record):
    """A state-based action: ``sba(Kind, Target, Rule, Why)``; Target ``o(O)``, ``p(P)`` or
    ``game``, Why a term saying why (CR 704.5)."""

    kind: Name
    target: Symbol
    rule: str
    why: Symbol


@shown("sba", name="sba_counters")
class SbaCounters(Record):
    """A remove_counters action removes ``amount`` counters of ``counter`` from O (704.5q, r)."""

    obj: Symbol
    counter: str
    amount: int
    rule: str


@shown("sba", name="legend_member")
class LegendMember(Record):
    """O is one of two or more legendary permanents named ``name`` that P controls (704.5j)."""

    controller: Symbol
    name: str
    obj: Symbol


# --- asp/show/triggers.lp (pyengine/triggers/service.py) ------------------------------------


@shown("triggers", name="triggered")
class Triggered(Record):
    """Ability K of ``source`` triggered on event I, controlled by P, by rule R (CR 603.2),
    judged in world W (``before``: it looked back in time, 603.10)."""

    source: str
    ability: int
    event: int
    controller: str
    rule: str
    world: Name


@shown("triggers", name="if_holds")
class IfHolds(Record):
    """The intervening if clause of ability K of ``source`` holds on resolution (CR 603.4)."""

    source: str
    ability: int


@shown("triggers", name="stack_pos")
class StackPos(Record):
    """Triggered ability T is put on the stack N-th (0 first), CR 603.3b."""

    triggered: str
    position: int


@shown("triggers", name="chooses")
class Chooses(Record):
    """Player P still chooses the order of N of the abilities they control (CR 603.3b)."""

    player: str
    count: int


@shown("triggers", name="candidate")
class Candidate(Record):
    """Object O can be the N-th target of the triggered ability asked about (CR 603.3d, 115.1)."""

    number: int
    obj: str


@shown("triggers", name="candidate_player")
class CandidatePlayer(Record):
    """Player Q can be the N-th target of the triggered ability asked about (CR 603.3d)."""

    number: int
    player: str


@shown("triggers", name="state_triggered")
class StateTriggered(Record):
    """State trigger K of ``source``, controlled by P, triggers (CR 603.8)."""

    source: str
    ability: int
    controller: str


# --- asp/show/cast.lp and cast_payment.lp: casting a spell (pyengine/cast/service.py) ------


@shown("cast", name="violation")
class CastViolation(Record):
    """The cast breaks rule R at step St (601.2a-h, 601.3): check Ch with arguments A."""

    step: str
    rule: str
    check: Name
    args: Symbol


@shown("cast", name="need")
class CastNeed(Record):
    """The total cost (601.2f) has N mana of kind K (generic, or a color letter)."""

    kind: Name
    amount: int


@shown("cast", name="need_life")
class CastNeedLife(Record):
    """The total cost includes N life (107.4f, additional costs)."""

    amount: int


@shown("cast", name="mana_value")
class CastManaValue(Record):
    """The spell's mana value on the stack (202.3e)."""

    value: int


@shown("cast", name="legal_target")
class CastLegalTarget(Record):
    """T (o(Id) or p(Id)) is a legal choice for target instance I."""

    instance: str
    target: Symbol


@shown("cast", name="alt")
class CastAlt(Record):
    """The completion pays alternative cost K."""

    cost: Name


@shown("cast", name="kicked")
class CastKicked(Record):
    """The completion pays the kicker cost."""


@shown("cast", name="bought_back")
class CastBoughtBack(Record):
    """The completion pays the buyback cost (702.27a)."""


@shown("cast", name="entwined")
class CastEntwined(Record):
    """The completion pays the entwine cost and chooses every mode (702.42a)."""


@shown("cast", name="chosen_mode")
class CastMode(Record):
    """The completion chooses mode M."""

    mode: int


@shown("cast", name="xval")
class CastX(Record):
    """The completion announces X = N."""

    value: int


@shown("cast", name="target")
class CastTarget(Record):
    """The completion's target T for instance I."""

    instance: str
    target: Symbol


@shown("cast", name="division")
class CastDivision(Record):
    """The completion gives N of instance I's division to T."""

    instance: str
    target: Symbol
    amount: int


@shown("cast", name="tap")
class CastTap(Record):
    """The completion activates permanent O's mana ability A."""

    object: Symbol
    ability: int


@shown("cast", name="spend")
class CastSpend(Record):
    """The completion spends the K-th pool mana of color C."""

    color: Name
    unit: int


@shown("cast", name="convoke")
class CastConvoke(Record):
    """The completion taps creature O for convoke."""

    object: Symbol


@shown("cast", name="delve")
class CastDelve(Record):
    """The completion exiles card O for delve."""

    object: Symbol


@shown("cast", name="improvise")
class CastImprovise(Record):
    """The completion taps artifact O for improvise."""

    object: Symbol


@shown("cast", name="sac")
class CastSacrifice(Record):
    """The completion sacrifices O."""

    object: Symbol


@shown("cast", name="as_form")
class CastForm(Record):
    """The completion casts the card as form F (whole, face(N), fused, bestowed, face_down(K))."""

    form: Symbol


@shown("cast", name="spell_type")
class CastSpellType(Record):
    """The spell as cast has card type T (709.3b, 712.8f, 715.3b, 702.103b, 708.2)."""

    type: Name


@shown("cast", name="spell_color")
class CastSpellColor(Record):
    """The spell as cast has color C."""

    color: Name


@shown("cast", name="stack_ability")
class CastStackAbility(Record):
    """The spell as cast has the ability named A (708.2 face down; 702.103b enchant creature)."""

    name: str


@shown("cast", name="stack_pt")
class CastStackPT(Record):
    """The spell as cast has power P and toughness T (face down 2/2, 702.37c, 702.168b)."""

    power: int
    toughness: int


@shown("cast", name="resolves_to")
class CastResolvesTo(Record):
    """As it resolves, the card goes to zone Z (608.2n, 608.3a, 715.3d, 702.34a)."""

    zone: Name


@shown("cast", name="unresolved_to")
class CastUnresolvedTo(Record):
    """If every target is illegal as it would resolve, the card goes to zone Z (608.2b, 608.3b,
    702.103e)."""

    zone: Name


@shown("cast", name="unresolved_type")
class CastUnresolvedType(Record):
    """If every target is illegal as it would resolve, it resolves with card type T (702.103e)."""

    type: Name


@shown("cast_payment", name="used")
class CastUsed(Record):
    """One part of a legal payment: how (tap, convoke, delve, improvise, sacrifice, pool(C),
    life, pay_as(K, I)) and what (an object, an amount, a choice)."""

    how: Symbol
    what: Symbol
