"""Fairness: bit-exact with the seed document (platform-guide §6), plus the seed CLI."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

import pytest

from openmahjong import fairness, tiles
from openmahjong.cli import app
from openmahjong.fairness import (
    WALL_RULESETS,
    commitment,
    deal,
    hand_seed,
    new_salt,
    new_seed,
    parse_master_seed,
    seat_order,
    shuffled_wall,
)
from openmahjong.tiles import ALL_KINDS, FLOWERS, SUITED

# The seed document's example. Note: its master seed has 67 hex digits, not 64; the formulas
# still work (format(.., '064x') just writes them all), so the core accepts it.
DOC_SEED = 0x1234567890ABCDEF01234567890ABCDEF01234567890ABCDEF01234567890ABCDEF
DOC_SALT = "0123456789abcdef0123456789abcdef"

# A well-formed 64-digit seed, as the platform makes them.
SEED = 0x1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF
SEED_HEX = format(SEED, "064x")
SALT = DOC_SALT


def document_example(master_seed: int, salt: str, round_number: int) -> tuple[int, list[int]]:
    """The seed document's example code, statement for statement (sets and the global RNG)."""
    state = random.getstate()
    try:
        commitment_ = int(
            hashlib.sha256((format(master_seed, "064x") + salt).encode()).hexdigest(), 16
        )
        sth_tiles_set = {
            11, 12, 13, 14, 15, 16, 17, 18, 19,
            21, 22, 23, 24, 25, 26, 27, 28, 29,
            31, 32, 33, 34, 35, 36, 37, 38, 39,
            41, 42, 43, 44,
            45, 46, 47,
        }  # fmt: skip
        hua_tiles_set = {51, 52, 53, 54, 55, 56, 57, 58}
        tiles_list: list[int] = []
        for tile in sth_tiles_set:
            tiles_list.extend([tile] * 4)
        tiles_list.extend(hua_tiles_set)
        round_random_seed = int(
            hashlib.sha256((format(master_seed, "064x") + str(round_number)).encode()).hexdigest(),
            16,
        )
        random.seed(round_random_seed)
        random.shuffle(tiles_list)
        return commitment_, tiles_list
    finally:
        random.setstate(state)


# --------------------------------------------------------------------------- the document


def test_document_example_is_reproduced_exactly():
    expected_commitment, expected_wall = document_example(DOC_SEED, DOC_SALT, 1)
    assert commitment(DOC_SEED, DOC_SALT) == expected_commitment
    assert shuffled_wall("mcr", DOC_SEED, 1) == expected_wall


@pytest.mark.parametrize("hand_number", [1, 2, 3, 4, 5, 16])
@pytest.mark.parametrize("seed", [DOC_SEED, SEED, 0, 1, (1 << 256) - 1])
def test_mcr_wall_equals_document_code(seed, hand_number):
    assert shuffled_wall("mcr", seed, hand_number) == document_example(seed, "", hand_number)[1]


def test_pinned_document_values():
    # Computed once from the document's code; a change here means walls changed.
    assert hex(commitment(DOC_SEED, DOC_SALT)) == (
        "0x81c10f8e5ff0599e5422bcb61fbe20933aaacc366f20b642cb880c41723721fb"
    )
    assert hex(hand_seed(DOC_SEED, 1)) == (
        "0x2b76c998988486b671595651972a7fd8f242f98f6f3f5c9e6b0d43b833997026"
    )
    assert shuffled_wall("mcr", DOC_SEED, 1)[:10] == [58, 14, 15, 14, 12, 16, 46, 45, 31, 15]
    assert seat_order(DOC_SEED, ["p1", "p2", "p3", "p4"]) == ["p4", "p3", "p1", "p2"]


def test_pinned_values_for_a_64_digit_seed():
    assert hex(commitment(SEED, SALT)) == (
        "0xe32aef52317e02e45bae94a569eaee41a9ff7be29554b1b87cad98b81f5edd1b"
    )
    assert hex(hand_seed(SEED, 1)) == (
        "0xbce9e12572cec4761f98ada97a0ff33392764ee328e176ae3ea0d219ccbd251a"
    )
    assert shuffled_wall("mcr", SEED, 1)[:10] == [26, 39, 21, 29, 18, 34, 44, 32, 44, 16]
    assert shuffled_wall("riichi", SEED, 3)[:10] == [16, 37, 17, 44, 38, 36, 38, 305, 24, 46]
    assert shuffled_wall("sichuan", SEED, 1)[:10] == [26, 34, 28, 13, 25, 29, 22, 13, 15, 27]
    assert seat_order(SEED, ["a", "b", "c", "d"]) == ["a", "d", "b", "c"]


def test_formulas_written_out():
    def sha(text: str) -> int:
        return int(hashlib.sha256(text.encode()).hexdigest(), 16)

    text = format(SEED, "064x")
    assert commitment(SEED, "salty") == sha(text + "salty")
    assert hand_seed(SEED, 12) == sha(text + "12")
    # A small seed is zero-padded to 64 digits before hashing.
    assert commitment(5, "") == int(hashlib.sha256(("0" * 63 + "5").encode()).hexdigest(), 16)


def test_shuffle_does_not_touch_global_random_state():
    random.seed(99)
    before = random.getstate()
    shuffled_wall("riichi", SEED, 1)
    seat_order(SEED, [1, 2, 3, 4])
    assert random.getstate() == before


def test_the_written_out_shuffle_draws_as_random_shuffle_does():
    from openmahjong.fairness import _shuffle

    for size in range(1, 146):
        for seed in (0, 1, size, SEED):
            mine, theirs = list(range(size)), list(range(size))
            _shuffle(random.Random(seed), mine)
            random.Random(seed).shuffle(theirs)
            assert mine == theirs, (size, seed)
    for ruleset in ("riichi", "mcr", "sichuan"):
        for hand_number in range(1, 40):
            wall = fairness.build_wall(ruleset)
            random.Random(hand_seed(SEED + hand_number, hand_number)).shuffle(wall)
            assert shuffled_wall(ruleset, SEED + hand_number, hand_number) == wall


def test_hand_numbers_give_different_walls():
    walls = {tuple(shuffled_wall("riichi", SEED, n)) for n in range(1, 9)}
    assert len(walls) == 8


# --------------------------------------------------------------------------- seats


def test_seat_order_is_a_shuffled_copy():
    entry = ["ann", "ben", "cat", "dan"]
    seats = seat_order(SEED, entry)
    assert entry == ["ann", "ben", "cat", "dan"]  # untouched
    assert sorted(seats) == sorted(entry)
    expected = list(entry)
    random.Random(SEED).shuffle(expected)
    assert seats == expected


def test_seat_order_depends_on_entry_order_only_through_the_shuffle():
    # The same seed applies the same permutation to any entry list.
    assert seat_order(SEED, [0, 1, 2, 3]) == [0, 3, 1, 2]
    assert seat_order(SEED, ["w", "x", "y", "z"]) == ["w", "z", "x", "y"]


# --------------------------------------------------------------------------- walls


def test_mcr_wall_composition():
    wall = shuffled_wall("mcr", SEED, 1)
    assert len(wall) == 144 == WALL_RULESETS["mcr"].size
    counts = Counter(wall)
    assert all(counts[k] == 4 for k in ALL_KINDS)
    assert all(counts[f] == 1 for f in FLOWERS)
    assert set(counts) == set(ALL_KINDS) | set(FLOWERS)


def test_riichi_wall_with_red_fives():
    wall = shuffled_wall("riichi", SEED, 1)
    assert len(wall) == 136
    counts = Counter(wall)
    for plain, red in ((15, 105), (25, 205), (35, 305)):
        assert counts[plain] == 3
        assert counts[red] == 1
    assert all(counts[k] == 4 for k in ALL_KINDS if k not in (15, 25, 35))
    assert not set(counts) & set(FLOWERS)


def test_riichi_unshuffled_order_puts_red_fives_last():
    wall = fairness.build_wall("riichi")
    assert wall[-3:] == [105, 205, 305]
    assert wall[:-3] == sorted(wall[:-3])
    assert wall[16:20] == [15, 15, 15, 16]  # one 15 removed, the rest shift up


def test_riichi_wall_without_red_fives():
    wall = shuffled_wall("riichi", SEED, 1, red_fives=False)
    assert Counter(wall) == Counter({k: 4 for k in ALL_KINDS})
    assert wall[:10] == [21, 31, 43, 42, 21, 13, 15, 43, 45, 32]


def test_sichuan_wall_is_108_suited_tiles():
    wall = shuffled_wall("sichuan", SEED, 1)
    assert len(wall) == 108
    assert Counter(wall) == Counter({k: 4 for k in SUITED})


def test_red_fives_option_does_not_change_mcr_or_sichuan():
    for ruleset in ("mcr", "sichuan"):
        assert shuffled_wall(ruleset, SEED, 2, red_fives=False) == shuffled_wall(ruleset, SEED, 2)


def test_unknown_ruleset_names_the_known_ones():
    with pytest.raises(ValueError, match="known here are .*mcr, .*riichi, .*sichuan"):
        shuffled_wall("zung", SEED, 1)


def test_ruleset_table_documents_hand_numbers():
    assert WALL_RULESETS["riichi"].hand_number == "round_index"
    assert WALL_RULESETS["sichuan"].hand_number == "round_index"
    assert WALL_RULESETS["mcr"].hand_number == "current_round"


# --------------------------------------------------------------------------- dealing


def test_deal_counts_and_order():
    wall = shuffled_wall("riichi", SEED, 1)
    hands, rest = deal(wall)
    assert [len(h) for h in hands] == [14, 13, 13, 13]
    assert hands[0][:13] == wall[:13]
    assert hands[1] == wall[13:26]
    assert hands[3] == wall[39:52]
    assert hands[0][13] == wall[52]
    assert rest == wall[53:]
    assert len(rest) == 136 - 53


def test_deal_with_another_dealer_and_without_extra():
    wall = shuffled_wall("sichuan", SEED, 1)
    hands, rest = deal(wall, dealer=2)
    assert [len(h) for h in hands] == [13, 13, 14, 13]
    assert hands[2][-1] == wall[52]
    hands, rest = deal(wall, dealer_extra=False)
    assert [len(h) for h in hands] == [13] * 4
    assert rest == wall[52:]


def test_deal_conserves_tiles():
    wall = shuffled_wall("mcr", SEED, 4)
    hands, rest = deal(wall, 4, dealer=3)
    assert sorted(sum(hands, []) + rest) == sorted(wall)


def test_deal_rejects_bad_arguments():
    wall = shuffled_wall("mcr", SEED, 1)
    with pytest.raises(ValueError, match="dealer"):
        deal(wall, dealer=4)
    with pytest.raises(ValueError, match="cannot deal"):
        deal(wall[:52])


# --------------------------------------------------------------------------- seeds and salts


def test_new_seed_and_salt():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= s < 1 << 256 for s in seeds)
    salt = new_salt()
    assert len(salt) == 32 and int(salt, 16) >= 0
    assert new_salt() != salt


def test_parse_master_seed_round_trip():
    assert parse_master_seed(SEED_HEX) == SEED
    assert parse_master_seed("0x" + SEED_HEX.upper()) == SEED
    assert parse_master_seed(f"  {SEED_HEX}\n") == SEED
    assert parse_master_seed("0" * 64) == 0
    assert fairness.format_master_seed(parse_master_seed(SEED_HEX)) == SEED_HEX


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "0 digits"),
        ("abc", "3 digits"),
        ("0" * 63, "63 digits"),
        ("0" * 65, "65 digits"),
        ("g" + "0" * 63, "'g'"),
        ("0x" + "0" * 62 + "zz", "'z'"),
        ("1_" + "0" * 62, "'_'"),  # int(..., 16) would accept underscores; we do not
        ("-" + "0" * 63, "'-'"),
    ],
)
def test_parse_master_seed_rejects(text, why):
    with pytest.raises(ValueError, match="exactly 64 hex digits") as err:
        parse_master_seed(text)
    assert why in str(err.value)


def test_core_rejects_negative_or_non_int_seeds():
    with pytest.raises(ValueError):
        commitment(-1, "")
    with pytest.raises(ValueError):
        hand_seed(SEED_HEX, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        commitment(SEED, 5)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- CLI


@pytest.fixture
def runner():
    from typer.testing import CliRunner

    return CliRunner()


def verify_args(*extra: str, ruleset: str = "riichi", hands: int = 2) -> list[str]:
    return [
        "seed", "verify", "--master-seed", SEED_HEX, "--salt", SALT,
        "--ruleset", ruleset, "--hands", str(hands), *extra,
    ]  # fmt: skip


def test_cli_json(runner):
    good = str(commitment(SEED, SALT))
    result = runner.invoke(app, verify_args("--json", "--commitment", good))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["commitment"] == good
    assert data["commitment_matches"] is True
    assert data["seat_order"] == ["p1", "p4", "p2", "p3"]
    assert [h["hand_number"] for h in data["hands"]] == [1, 2]
    for h in data["hands"]:
        n = h["hand_number"]
        assert int(h["hand_seed"]) == hand_seed(SEED, n)
        assert h["wall"] == shuffled_wall("riichi", SEED, n)
        assert h["dealt"] == deal(h["wall"])[0]


@pytest.mark.parametrize(
    "form",
    [
        lambda c: format(c, "064x"),  # the published form, as the table and records show it
        lambda c: "0x" + format(c, "064x").upper(),
        str,  # decimal, the integer of the formula
    ],
)
def test_cli_verifies_every_accepted_form_of_the_commitment(runner, form):
    claimed = form(commitment(SEED, SALT))
    result = runner.invoke(app, verify_args("--json", "--commitment", claimed))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["commitment_matches"] is True
    wrong = form(commitment(SEED, SALT + "x"))
    assert runner.invoke(app, verify_args("--commitment", wrong)).exit_code == 1


def test_cli_refuses_a_commitment_in_no_known_form(runner):
    result = runner.invoke(app, verify_args("--commitment", "12g4" * 100))
    assert result.exit_code == 2
    assert "64 hex digits as the server publishes it" in result.output
    assert len(result.output) < 400  # a long input is quoted shortened


def test_published_commitment_form_round_trips():
    from openmahjong.fairness import format_commitment, parse_commitment

    value = commitment(SEED, SALT)
    assert format_commitment(value) == format(value, "064x")
    assert parse_commitment(format_commitment(value)) == value
    assert parse_commitment(format_commitment(31)) == 31  # 64 digits, all decimal: still hex
    assert parse_commitment(str(value)) == value


def test_cli_json_without_commitment_and_with_players(runner):
    result = runner.invoke(
        app, verify_args("--json", "--players", "ann,ben,cat,dan", ruleset="mcr", hands=1)
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["commitment_matches"] is None
    assert data["seat_order"] == seat_order(SEED, ["ann", "ben", "cat", "dan"])
    assert data["hands"][0]["wall"] == document_example(SEED, "", 1)[1]


def test_cli_hex_commitment(runner):
    good = hex(commitment(SEED, SALT))
    result = runner.invoke(app, verify_args("--json", "--commitment", good))
    assert json.loads(result.stdout)["commitment_matches"] is True


def test_cli_mismatched_commitment(runner):
    result = runner.invoke(app, verify_args("--commitment", "12345"))
    assert result.exit_code == 1
    assert "does NOT match" in result.stdout
    result = runner.invoke(app, verify_args("--json", "--commitment", "0x1"))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["commitment_matches"] is False


def test_cli_human_output(runner):
    good = str(commitment(SEED, SALT))
    result = runner.invoke(
        app, verify_args("--commitment", good, "--players", "ann,ben,cat,dan", hands=1)
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Commitment matches" in out
    assert good in out
    assert "Hand 1" in out
    wall = shuffled_wall("riichi", SEED, 1)
    # The first wall row, tile by tile in text notation.
    assert "0  " + " ".join(tiles.format([t]) for t in wall[:17]) in out
    assert "seat 0 ann" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--master-seed", "xyz"], "exactly 64 hex digits"),
        (["--ruleset", "zung"], "is not known: use one of"),
        (["--hands", "0"], "at least 1"),
        (["--commitment", "0xZZ"], "64 hex digits as the server publishes it"),
        (["--players", "a,b,c"], "exactly 4 names"),
        (["--players", "a,b,a,d"], "twice"),
    ],
)
def test_cli_bad_input_exits_2_without_traceback(runner, args, message):
    base = {"--master-seed": SEED_HEX, "--salt": SALT, "--ruleset": "riichi", "--hands": "1"}
    base.update(dict(zip(args[::2], args[1::2], strict=True)))
    argv = ["seed", "verify"] + [x for pair in base.items() for x in pair]
    result = runner.invoke(app, argv)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_new(runner):
    result = runner.invoke(app, ["seed", "new", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    seed = parse_master_seed(data["master_seed"])
    assert int(data["commitment"]) == commitment(seed, data["salt"])
    assert int(data["commitment_hex"], 16) == int(data["commitment"])
    human = runner.invoke(app, ["seed", "new"])
    assert human.exit_code == 0
    assert "Master seed" in human.stdout and "Commitment" in human.stdout
