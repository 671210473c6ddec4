"""Issue 19, a variant's own actions: a toy 定缺 (dìngquē, declaring a void suit) action of a
toy Baoshan subclass, declared in the variant's ``action_types`` and known to documents, the
text notation and the action ids only while the variant is registered.

The toy variant is registered in a copy of the registry, inside a fixture that restores it, so
no other test sees it. Its class and verbs (``ToyVoid``, ``toy_void``, ``报缺``, ``缺门``) and the
toy 换三张's (``toy_swap``, ``换牌``) are the toys' own: Sichuan's ``DeclareVoid`` and
``SwapTiles`` (verbs ``void``, ``定缺``, ``缺``, ``swap``, ``换三张``, ``换``) are registered with
that game, and a taken class name or verb is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

from mahjong_rules import BuyPoints, Discard, Tile, get_variant
from mahjong_rules.engine.action_ids import action_from_id, action_id, action_space, id_sections
from mahjong_rules.engine.action_registry import variant_actions
from mahjong_rules.engine.actions import Action, action_type, parse_action
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    PluginWarning,
    SerializationError,
    UnknownVariantError,
)
from mahjong_rules.serial import FORMAT_VERSION, from_dict, to_dict
from mahjong_rules.serial.answer import read_answer
from mahjong_rules.tiles import Suit
from mahjong_rules.variants import registry
from mahjong_rules.variants.baoshan import Baoshan, Ting
from mahjong_rules.variants.baoshan.options import BaoshanOptions

BAOSHAN = get_variant("baoshan")
VOID_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


@attrs.frozen
class ToyVoid(Action):
    """定缺 (dìngquē): ``seat`` declares the suit it will not win with (万, 筒 or 条)."""

    suit: Suit
    verb: ClassVar[str] = "toy_void"
    verb_aliases: ClassVar[tuple[str, ...]] = ("报缺", "缺门")

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()  # the seat, and the suit from its type (a value converted)
        if self.suit is Suit.HONOR:
            raise ActionError(f"ToyVoid.suit: a void suit is m, p or s, got {self.suit!r}")


def _own_options(name: str) -> type[BaoshanOptions]:
    """Baoshan's options under a class of its own (a variant's options class is its alone:
    ``rules_for`` and hand records find the variant by it)."""
    return attrs.frozen(type(name, (BaoshanOptions,), {"__doc__": f"{name}: Baoshan's."}))


@attrs.frozen
class VoidOptions(BaoshanOptions):
    """The toy's options: Baoshan's, under a class of its own."""


class VoidBaoshan(Baoshan):
    """Baoshan with a 定缺 offered in each seat's turn until it has discarded (a toy: no
    variant hook applies it yet)."""

    name = "void_toy"
    aliases = ("定缺保山",)
    options_class = VoidOptions
    action_types = (*Baoshan.action_types, ToyVoid)  # Baoshan's own (买点) kept

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        found = super().extra_turn_actions(state, seat)
        if not state.seats[seat].discards:
            found += [ToyVoid(seat, suit) for suit in VOID_SUITS]
        return found


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[VoidBaoshan]]:
    """The toy variant registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(VoidBaoshan)
    yield VoidBaoshan
    registry.rules_for.cache_clear()


def _variant(action: type, **more: Any) -> type[Baoshan]:
    """A variant declaring ``action``, named after it."""
    attributes = {
        "name": f"v_{action.__name__.lower()}",
        "aliases": (),
        "options_class": _own_options(f"{action.__name__}Options"),
        "action_types": (*Baoshan.action_types, action),
    }
    attributes.update(more)
    return type(f"With{action.__name__}", (Baoshan,), attributes)


# ---------------------------------------------------------------------- construction


def test_the_variants_action_is_built_and_its_values_converted() -> None:
    """A variant's action is checked from its field types like the shipped ones: a suit's
    value is converted to the member, the seat and the suit are fields of a frozen value."""
    action = ToyVoid(1, "p")  # type: ignore[arg-type]
    assert action == ToyVoid(1, Suit.PIN) and action.suit is Suit.PIN
    assert repr(action) == "ToyVoid(seat=1, suit=Suit.PIN)"
    other: Action = Discard(1, Tile("1p"))
    assert action != other and hash(action) == hash(ToyVoid(1, Suit.PIN))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.suit = Suit.MAN  # type: ignore[misc]


@pytest.mark.parametrize(
    ("seat", "suit", "error", "message"),
    [
        (4, Suit.MAN, ActionError, "ToyVoid.seat: a seat is an int 0..3, got 4"),
        (True, Suit.MAN, ActionTypeError, "ToyVoid.seat: a seat is an int 0..3, got True"),
        (0, "x", ActionError, "ToyVoid.suit: a Suit, one of 'm', 'p', 's', 'z', got 'x'"),
        (0, 1.5, ActionTypeError, "ToyVoid.suit: a Suit, one of 'm', 'p', 's', 'z', got 1.5"),
        (0, Suit.HONOR, ActionError, "ToyVoid.suit: a void suit is m, p or s, got Suit.HONOR"),
        (0, "z", ActionError, "ToyVoid.suit: a void suit is m, p or s, got Suit.HONOR"),
    ],
)
def test_bad_fields_are_refused_naming_class_field_and_value(
    seat: Any, suit: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        ToyVoid(seat, suit)
    assert type(caught.value) is error
    assert str(caught.value).startswith(message)


def test_evolve_is_checked_too() -> None:
    with pytest.raises(ActionError, match=r"^ToyVoid.seat: a seat is an int 0..3, got 9$"):
        attrs.evolve(ToyVoid(0, Suit.MAN), seat=9)


# ---------------------------------------------------------------------- documents


def test_documents_round_trip_while_the_variant_is_registered(toy: Any) -> None:
    """to_dict / from_dict and JSON: the document names the class, the suit by its value."""
    action = ToyVoid(2, Suit.SOU)
    doc = to_dict(action)
    assert doc == {"type": "ToyVoid", "seat": 2, "suit": "s", "format": FORMAT_VERSION}
    assert from_dict(json.loads(json.dumps(doc))) == action
    assert from_dict(doc, Action) == action and from_dict(doc, ToyVoid) == action
    assert action_type("ToyVoid") is ToyVoid and action_type("Discard") is Discard
    with pytest.raises(SerializationError, match=r"^toyVoid: not a valid ToyVoid: "):
        from_dict({"type": "ToyVoid", "seat": 2, "suit": "z"})
    with pytest.raises(SerializationError, match=r"^toyVoid.suit: expected one of 'm', "):
        from_dict({"type": "ToyVoid", "seat": 2, "suit": "q"})
    with pytest.raises(SerializationError, match=r"^type: expected Discard, the document has"):
        from_dict(doc, Discard)


def test_a_clients_answer_reads_without_a_room(toy: Any) -> None:
    """read_answer reads a variant's action from the registry alone (no room is given)."""
    message = '{"action": {"type": "ToyVoid", "seat": 3, "suit": "m"}, "step": 4}'
    assert read_answer(message, seat=3) == (ToyVoid(3, Suit.MAN), 4)


def test_unregistered_action_types_are_refused() -> None:
    """Without its variant registered, a variant's action is no document type: writing it,
    reading it and a client's answer naming it raise SerializationError."""
    assert action_type("ToyVoid") is None
    with pytest.raises(SerializationError, match=r"^cannot serialize a ToyVoid: "):
        to_dict(ToyVoid(0, Suit.MAN))
    doc = {"type": "ToyVoid", "seat": 0, "suit": "m"}
    with pytest.raises(SerializationError, match=r"^type: no serializable type 'ToyVoid'$"):
        from_dict(doc)
    with pytest.raises(SerializationError, match=r"^answer.action: type: no serializable type"):
        read_answer({"action": doc, "step": 0}, seat=0)


def test_an_action_of_no_registered_variant_stays_unknown_beside_one(toy: Any) -> None:
    """Registering one variant's actions makes no other Action subclass a document type."""

    @attrs.frozen
    class Stray(Action):
        verb: ClassVar[str] = "stray"

    with pytest.raises(SerializationError, match=r"^cannot serialize a Stray: "):
        to_dict(Stray(0))
    with pytest.raises(SerializationError, match=r"^type: no serializable type 'Stray'$"):
        from_dict({"type": "Stray", "seat": 0})
    with pytest.raises(ActionParseError, match=r"^unknown action 'stray' \(expected discard, "):
        parse_action("0 stray")


# ---------------------------------------------------------------------- text notation


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("1 toy_void s", ToyVoid(1, Suit.SOU)),
        ("0 TOY_VOID m", ToyVoid(0, Suit.MAN)),
        ("2 报缺 p", ToyVoid(2, Suit.PIN)),
        ("3 缺门 m", ToyVoid(3, Suit.MAN)),
    ],
)
def test_text_is_written_and_read_back(toy: Any, text: str, action: ToyVoid) -> None:
    assert parse_action(text) == action == Action.parse(text) == ToyVoid.parse(text)
    assert str(action) == f"{action.seat} toy_void {action.suit.value}"
    assert parse_action(str(action)) == action


def test_a_subclass_parses_its_own_text_even_unregistered() -> None:
    """ToyVoid.parse knows its own verb; parse_action knows only registered variants'."""
    assert ToyVoid.parse("1 toy_void p") == ToyVoid(1, Suit.PIN)
    with pytest.raises(ActionParseError, match=r"^unknown action 'toy_void' \(expected discard, "):
        parse_action("1 toy_void p")


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("1 toy_void z", "ToyVoid.suit: a void suit is m, p or s, got Suit.HONOR", 11),
        ("1 toy_void q", "ToyVoid.suit: a Suit, one of 'm', 'p', 's', 'z', got 'q'", 11),
        ("1 toy_void", "a toy_void action takes suit after the verb", 10),
        ("1 toy_void m p", "a toy_void action takes suit after the verb", 13),
    ],
)  # fmt: skip
def test_bad_text_names_what_and_where(toy: Any, text: str, message: str, position: int) -> None:
    with pytest.raises(ActionParseError) as caught:
        parse_action(text)
    assert str(caught.value) == f"{message} at position {position} in {text!r}"
    assert caught.value.position == position


def test_an_unknown_verb_lists_the_shipped_verbs_then_the_variants(toy: Any) -> None:
    """The shipped verbs first, then each registered variant's own (Baoshan's ting and buy,
    then the other games' in registration order), the toy's last."""
    own = [cls.verb for cls in variant_actions() if issubclass(cls, Action)]
    assert own[:2] == ["ting", "buy"] and own[-1] == "toy_void" and "ti" in own
    known = ", ".join(["discard", "peng", "gang", "hu", "pass", *own[:-1]])
    with pytest.raises(ActionParseError) as caught:
        parse_action("1 vide m")
    assert str(caught.value) == (
        f"unknown action 'vide' (expected {known} or toy_void) at position 2 in '1 vide m'"
    )


def test_the_shipped_notation_is_unchanged_beside_a_variants(toy: Any) -> None:
    assert parse_action("1 打 9s") == Discard(1, Tile("9s"))
    assert str(Ting(0)) == "0 ting" and parse_action("0 ting") == Ting(0)
    with pytest.raises(ActionParseError, match=r"^expected a toy_void action, found 'discard'"):
        ToyVoid.parse("2 discard 5m")
    shipped = r"\(expected discard, peng, gang, hu or pass\) at position 2"
    with pytest.raises(ActionParseError, match=rf"^unknown action 'toy_void' {shipped}"):
        Discard.parse("2 toy_void m")  # a shipped kind reads the shipped verbs only, as before


# ---------------------------------------------------------------------- action ids


def test_the_variants_ids_follow_the_shipped_ones(toy: Any) -> None:
    """The toy room has Baoshan's 112 ids unchanged (its own 买点 section, BS-BUY-1, empty in
    this room), then one per void suit."""
    rules = get_variant("void_toy")
    assert action_space(rules) == 115 == rules.action_space
    assert id_sections(rules) == (*id_sections(BAOSHAN), ("toy_void", 112, 3))
    assert id_sections(BAOSHAN)[-1] == ("buy", 112, 0)
    for i in range(112):
        assert action_from_id(rules, 1, i) == action_from_id(BAOSHAN, 1, i)
    for i, suit in enumerate(VOID_SUITS, start=112):
        assert action_id(rules, ToyVoid(2, suit)) == i == rules.action_id(ToyVoid(0, suit))
        assert action_from_id(rules, 3, i) == ToyVoid(3, suit)
    with pytest.raises(ActionError, match=r"^action_from_id: id 115 is not in 0..114$"):
        action_from_id(rules, 0, 115)
    with pytest.raises(ActionError, match=r"^action_id: no seat of get_variant\('baoshan'\)"):
        action_id(BAOSHAN, ToyVoid(0, Suit.MAN))


def test_a_class_lists_its_own_id_shapes(toy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """id_shapes overridden: only the shapes it lists get ids; one listed twice is refused."""

    @attrs.frozen
    class Bid(Action):
        amount: int
        verb: ClassVar[str] = "bid"

        @classmethod
        def id_shapes(cls, rules: Any) -> Any:
            return [(n,) for n in range(rules.players)]

    registry.register_variant(_variant(Bid))
    rules = get_variant("v_bid", players=3)
    assert id_sections(rules)[-1] == ("bid", 112, 3)
    assert action_from_id(rules, 1, 114) == Bid(1, 2) and action_id(rules, Bid(0, 2)) == 114
    with pytest.raises(ActionError, match=r"^action_id: no seat of "):
        action_id(rules, Bid(0, 5))
    assert parse_action("2 bid 7") == Bid(2, 7) and str(Bid(2, 7)) == "2 bid 7"
    monkeypatch.setattr(Bid, "id_shapes", classmethod(lambda cls, rules: [(1,), (1,)]))
    with pytest.raises(ActionError, match=r"^Bid.id_shapes: the shape Bid\(seat=0, amount=1\)"):
        action_space(get_variant("v_bid", players=2))


# ---------------------------------------------------------------------- registration


def test_registering_the_variant_registers_its_actions(toy: Any) -> None:
    toy = registry.get_variant("定缺保山")
    assert toy.action_types == (Ting, BuyPoints, ToyVoid)  # BS-TING-1, BS-BUY-1 kept
    assert registry.register_variant(VoidBaoshan) is VoidBaoshan  # again: the same class
    child = type(
        "VoidChild",
        (VoidBaoshan,),
        {"name": "void_child", "aliases": (), "options_class": _own_options("VoidChildOptions")},
    )
    registry.register_variant(child)  # inherits the same ToyVoid: no clash
    assert parse_action("0 toy_void m") == ToyVoid(0, Suit.MAN)


def _frozen(name: str, verb: str, aliases: tuple[str, ...] = ()) -> type[Action]:
    cls = type(name, (Action,), {"verb": verb, "verb_aliases": aliases, "__annotations__": {}})
    return attrs.frozen(cls)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: _frozen("ToyVoid", "other"), "the action type name 'ToyVoid' of "
         "ToyVoid is already taken by ToyVoid of VoidBaoshan"),
        (lambda: _frozen("Throw", "discard"), "the action verb 'discard' of Throw is already "
         "taken by Discard of the library"),
        (lambda: _frozen("Throw", "throw", ("打",)), "the action verb '打' of Throw is already "
         "taken by Discard of the library"),
        (lambda: _frozen("Quit", "quit", ("缺门",)), "the action verb '缺门' of Quit is already "
         "taken by ToyVoid of VoidBaoshan"),
        (lambda: _frozen("Discard", "drop"), "the action type name 'Discard' of Discard is "
         "already taken by Discard of the library"),
        (lambda: _frozen("State", "state"), "the action type name 'State' of State is already "
         "taken by State of the library"),
    ],
)  # fmt: skip
def test_a_taken_name_or_verb_is_refused(toy: Any, make: Any, message: str) -> None:
    """A clash refuses the whole variant: it stays unregistered."""
    variant = _variant(make())
    with pytest.raises(ValueError) as caught:
        registry.register_variant(variant)
    assert str(caught.value) == f"{variant.__name__}.action_types: {message}"
    with pytest.raises(UnknownVariantError):
        get_variant(variant.name)


class _Loose(Action):  # an Action subclass that attrs never made a class of its own
    verb: ClassVar[str] = "loose"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Tile, "<class 'mahjong_rules.tiles.Tile'> is not an Action class"),
        (_Loose, "_Loose is not a frozen attrs class"),
        (_frozen("Spaced", "two words"), "Spaced.verb and verb_aliases are single words"),
        (_frozen("Blank", ""), "Blank.verb and verb_aliases are single words"),
    ],
)
def test_what_is_no_action_class_is_refused(toy: Any, action: type, message: str) -> None:
    variant = _variant(action, name="v_bad")
    with pytest.raises(TypeError) as caught:
        registry.register_variant(variant)
    assert str(caught.value) == f"{variant.__name__}.action_types: {message}"


# ---------------------------------------------------------------------- a turn hook offers it


def test_flow_1_a_turn_hook_offers_the_variants_action(toy: Any) -> None:
    """FLOW-1: extra_turn_actions lists the dealer's 定缺 beside the discards; their ids are
    distinct, and the dealer's view carries them through a document. (Applying one needs a
    variant hook the engine does not have yet.)"""
    rules = get_variant("void_toy")
    state = rules.new_hand(seed=5)
    legal = rules.legal_actions(state, 0)
    own = [a for a in legal if isinstance(a, ToyVoid)]
    assert own == [ToyVoid(0, suit) for suit in VOID_SUITS]
    ids = [rules.action_id(a) for a in legal]
    assert len(set(ids)) == len(ids) and [rules.action_id(a) for a in own] == [112, 113, 114]
    view = rules.view(state, 0)
    assert from_dict(json.loads(json.dumps(to_dict(view))), View) == view
    assert [a for a in view.legal_actions if isinstance(a, ToyVoid)] == own


@attrs.frozen
class SwapThree(Action):
    """换三张 (huàn sān zhāng) with every field type the defaults know: the tiles passed, in
    the order given, which way (``clockwise``), a word and a count (a toy)."""

    tiles: tuple[Tile, ...]
    clockwise: bool
    label: str
    count: int
    verb: ClassVar[str] = "toy_swap"
    verb_aliases: ClassVar[tuple[str, ...]] = ("换牌",)


def test_every_field_type_of_the_defaults_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiles (notation converted, order kept), a bool, a word and an int: built, written as
    text and as a document, read back equal; a bad value of each refused naming its field."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register_variant(_variant(SwapThree))
    action = SwapThree(1, "3m1m9p", True, "east", 12)  # type: ignore[arg-type]
    assert action.tiles == (Tile("3m"), Tile("1m"), Tile("9p"))
    assert str(action) == "1 toy_swap 3m1m9p true east 12"
    assert parse_action(str(action)) == action == parse_action("1 换牌 3m1m9p TRUE east 12")
    none = SwapThree(0, (), False, "-", -1)
    assert str(none) == "0 toy_swap - false - -1" and parse_action(str(none)) == none
    doc = to_dict(action)
    assert doc == {
        "type": "SwapThree", "seat": 1, "tiles": ["3m", "1m", "9p"], "clockwise": True,
        "label": "east", "count": 12, "format": FORMAT_VERSION,
    }  # fmt: skip
    assert from_dict(json.loads(json.dumps(doc))) == action
    bad = [
        ("tiles", "3x", ActionError, "tiles are a tuple of Tile or their notation"),
        ("tiles", 5, ActionTypeError, "tiles are a tuple of Tile or their notation"),
        ("clockwise", 1, ActionTypeError, "a bool, got 1"),
        ("label", "two words", ActionError, "a word (a str of no spaces), got 'two words'"),
        ("label", "", ActionError, "a word (a str of no spaces), got ''"),
        ("count", True, ActionTypeError, "an int, got True"),
    ]
    for name, value, error, message in bad:
        with pytest.raises(error) as caught:
            changes: dict[str, Any] = {name: value}
            attrs.evolve(action, **changes)
        assert type(caught.value) is error
        assert str(caught.value).startswith(f"SwapThree.{name}: {message}")
    with pytest.raises(ActionParseError) as parsed:
        parse_action("1 toy_swap 3m1m9p maybe east 12")
    assert parsed.value.position == 18
    assert str(parsed.value).startswith("SwapThree.clockwise: a bool, got 'maybe'")
    with pytest.raises(ActionTypeError, match=r"^SwapThree.id_shapes: the field tiles has no"):
        action_space(get_variant("v_swapthree"))


class _Entry:
    """An installed plugin's entry point, as the registry reads it."""

    def __init__(self, name: str, target: type) -> None:
        self.name, self.value, self.target = name, f"tests:{target.__name__}", target

    def load(self) -> type:
        return self.target


def test_a_plugins_actions_read_before_any_variant_is_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A document naming a plugin's action loads the plugins (nothing was looked up before);
    a plugin whose action takes a taken verb is reported broken, with the clash, and skipped."""
    clash = _variant(_frozen("Hold", "hold", ("缺门",)), name="v_clash")
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    entries = (_Entry("void", VoidBaoshan), _Entry("clash", clash))
    monkeypatch.setattr(registry, "_entries", lambda: entries)
    with pytest.warns(PluginWarning, match=r"'clash' \(tests:WithHold\) is not loaded"):
        action = from_dict({"type": "ToyVoid", "seat": 1, "suit": "s"})
    assert action == ToyVoid(1, Suit.SOU)
    (broken,) = registry.broken_plugins()
    assert broken.error == (
        "ValueError: WithHold.action_types: the action verb '缺门' of Hold is already taken by "
        "ToyVoid of VoidBaoshan"
    )
    with pytest.raises(ActionParseError, match=r"^unknown action 'hold'"):
        parse_action("0 hold")
