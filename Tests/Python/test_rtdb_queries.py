"""Realtime Database queries (orderBy, ranges, limits; rtdb.md §1.5, §6) through firebase-admin.

The client sorts results itself (`_Sorter`), so the order seen here is the client's; what
the server decides is which children are in the result: range bounds and limits cut in
the server's total order (null < false < true < numbers < strings < objects; ties by key).
"""

import pytest

# The docs' dinosaur facts (firebase-admin-python tests/data/dinosaurs.json, abridged).
DINOSAURS = {
    "bruhathkayosaurus": {"height": 25, "length": 44, "order": "saurischia", "weight": 135000},
    "lambeosaurus": {"height": 2.1, "length": 12.5, "order": "ornithischia", "weight": 5000},
    "linhenykus": {"height": 0.6, "length": 1, "order": "theropoda", "weight": 3},
    "pterodactyl": {"height": 0.6, "length": 0.8, "order": "pterosauria", "weight": 2},
    "stegosaurus": {"height": 4, "length": 9, "order": "ornithischia", "weight": 2500},
    "triceratops": {"height": 3, "length": 8, "order": "ornithischia", "weight": 11000},
}

SCORES = {
    "bruhathkayosaurus": 55, "lambeosaurus": 21, "linhenykus": 80,
    "pterodactyl": 93, "stegosaurus": 5, "triceratops": 22,
}


@pytest.fixture
def dinos(rtdb):
    rtdb.child("dinosaurs").set(DINOSAURS)
    rtdb.child("scores").set(SCORES)
    return rtdb


def test_order_by_child_returns_all_sorted(dinos):
    result = dinos.child("dinosaurs").order_by_child("height").get()

    # Equal heights (0.6) break ties by key.
    assert list(result) == [
        "linhenykus", "pterodactyl", "lambeosaurus", "triceratops", "stegosaurus", "bruhathkayosaurus",
    ]
    assert result["stegosaurus"] == DINOSAURS["stegosaurus"]


def test_order_by_child_range(dinos):
    by_height = lambda: dinos.child("dinosaurs").order_by_child("height")  # noqa: E731

    assert list(by_height().start_at(3).get()) == ["triceratops", "stegosaurus", "bruhathkayosaurus"]
    assert list(by_height().end_at(2.1).get()) == ["linhenykus", "pterodactyl", "lambeosaurus"]
    assert list(by_height().start_at(1).end_at(4).get()) == ["lambeosaurus", "triceratops", "stegosaurus"]
    assert list(by_height().equal_to(0.6).get()) == ["linhenykus", "pterodactyl"]
    ornithischia = dinos.child("dinosaurs").order_by_child("order").equal_to("ornithischia").get()
    assert list(ornithischia) == ["lambeosaurus", "stegosaurus", "triceratops"]


def test_order_by_child_limits(dinos):
    ref = dinos.child("dinosaurs")

    assert list(ref.order_by_child("weight").limit_to_first(2).get()) == ["pterodactyl", "linhenykus"]
    assert list(ref.order_by_child("weight").limit_to_last(2).get()) == ["triceratops", "bruhathkayosaurus"]
    # Ties at the cut (0.6, 0.6) are broken by key on the server.
    assert list(ref.order_by_child("height").limit_to_first(1).get()) == ["linhenykus"]
    assert list(ref.order_by_child("height").start_at(3).limit_to_first(2).get()) == ["triceratops", "stegosaurus"]
    assert list(ref.order_by_child("height").end_at(3).limit_to_last(2).get()) == ["lambeosaurus", "triceratops"]
    assert ref.order_by_child("height").limit_to_first(0).get() in (None, {}, [])


def test_order_by_nested_child_path_and_missing_children_first(rtdb):
    rtdb.child("people").set({
        "a": {"dims": {"h": 180}},
        "b": {"dims": {"h": 150}},
        "c": {"name": "no dims"},
        "d": {"dims": {"h": 165}},
    })

    result = rtdb.child("people").order_by_child("dims/h").get()
    assert list(result) == ["c", "b", "d", "a"]  # a missing child sorts as null, first
    assert list(rtdb.child("people").order_by_child("dims/h").start_at(160).get()) == ["d", "a"]
    assert list(rtdb.child("people").order_by_child("dims/h").limit_to_first(2).get()) == ["c", "b"]


def test_order_by_key(dinos):
    ref = dinos.child("dinosaurs")

    assert list(ref.order_by_key().get()) == sorted(DINOSAURS)
    assert list(ref.order_by_key().start_at("l").end_at("p~").get()) == ["lambeosaurus", "linhenykus", "pterodactyl"]
    assert list(ref.order_by_key().equal_to("stegosaurus").get()) == ["stegosaurus"]
    assert list(ref.order_by_key().limit_to_last(2).get()) == ["stegosaurus", "triceratops"]


def test_order_by_key_puts_integer_keys_first_numerically(rtdb):
    rtdb.child("k").set({"b": 1, "10": 1, "9": 1, "a": 1, "-1": 1})

    # Server order: integer keys numerically (-1, 9, 10), then strings (a, b).
    assert sorted(rtdb.child("k").order_by_key().limit_to_first(3).get()) == ["-1", "10", "9"]
    assert sorted(rtdb.child("k").order_by_key().limit_to_last(2).get()) == ["a", "b"]


def test_order_by_value(dinos):
    ref = dinos.child("scores")

    assert list(ref.order_by_value().get()) == [
        "stegosaurus", "lambeosaurus", "triceratops", "bruhathkayosaurus", "linhenykus", "pterodactyl",
    ]
    assert list(ref.order_by_value().limit_to_last(3).get()) == ["bruhathkayosaurus", "linhenykus", "pterodactyl"]
    assert list(ref.order_by_value().start_at(22).end_at(80).get()) == [
        "triceratops", "bruhathkayosaurus", "linhenykus",
    ]
    assert dict(ref.order_by_value().equal_to(21).get()) == {"lambeosaurus": 21}


def test_order_by_value_across_types(rtdb):
    rtdb.child("mixed").set({
        "s1": "apple", "n2": 2, "t": True, "f": False, "n1": 1.5, "o": {"x": 1}, "s2": "Banana",
    })
    ref = rtdb.child("mixed")

    # null < false < true < numbers < strings < objects; the server must cut by this order.
    assert list(ref.order_by_value().limit_to_first(3).get()) == ["f", "t", "n1"]
    assert list(ref.order_by_value().limit_to_last(2).get()) == ["s1", "o"]
    assert list(ref.order_by_value().start_at(2).get()) == ["n2", "s2", "s1", "o"]
    assert list(ref.order_by_value().start_at("B").end_at("Z").get()) == ["s2"]
    assert list(ref.order_by_value().equal_to(True).get()) == ["t"]


def test_order_by_value_ties_break_by_key_at_the_limit(rtdb):
    rtdb.child("ties").set({"c": 1, "a": 1, "b": 1, "d": 0})

    assert list(rtdb.child("ties").order_by_value().limit_to_first(3).get()) == ["d", "a", "b"]
    assert list(rtdb.child("ties").order_by_value().limit_to_last(2).get()) == ["b", "c"]


def test_equal_to_string_with_spaces_quotes_and_non_ascii(rtdb):
    rtdb.child("names").set({
        "a": {"name": 'Zoë "the" Great'},
        "b": {"name": "Zoë the Great"},
        "c": {"name": "漢字 テスト"},
    })
    ref = rtdb.child("names")

    assert list(ref.order_by_child("name").equal_to('Zoë "the" Great').get()) == ["a"]
    assert list(ref.order_by_child("name").equal_to("Zoë the Great").get()) == ["b"]
    assert list(ref.order_by_child("name").equal_to("漢字 テスト").get()) == ["c"]


def test_query_on_missing_location_is_none(rtdb):
    assert rtdb.child("missing").order_by_child("x").limit_to_first(3).get() is None


def test_query_result_with_integer_keys_is_a_sorted_list(rtdb):
    rtdb.child("arr").set(["c", "a", "b"])

    # The server renders {"0":"c","1":"a","2":"b"} as a list; the client sorts it by value.
    assert rtdb.child("arr").order_by_value().get() == ["a", "b", "c"]


