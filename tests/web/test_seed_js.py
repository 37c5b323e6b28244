"""The browser's seed verifier (web/js/fairness.js) against openmahjong.fairness, bit for bit.

The JS runs under node; every check compares its output with the Python reference for the same
input: commitments, hand seeds, seat orders, walls, dealt hands, and the whole
``seed verify --json`` document. The JS knows no wall by name: it is given each wall as the
server describes it (``GET /api/tools/walls``), as the page is.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from openmahjong import fairness
from openmahjong.cli.seed import verification
from openmahjong.server.tools_api import wall_list as served_walls

from .jsrun import needs_node, run_js, run_ok

pytestmark = needs_node

RULESETS = ("riichi", "mcr", "sichuan")
#: The walls as the browser receives them (JSON: tuples become lists).
WALLS = json.loads(json.dumps(served_walls()))
# The seed document's example seed has 67 hex digits (more than 256 bits: 9 key words).
DOC_SEED = 0x1234567890ABCDEF01234567890ABCDEF01234567890ABCDEF01234567890ABCDEF
DOC_SALT = "0123456789abcdef0123456789abcdef"


def _seeds() -> list[int]:
    rng = random.Random(20261129)
    seeds = [rng.getrandbits(256) for _ in range(6)]
    # Edge cases for init_by_array: zero (key [0]), one word, a seed whose top words are zero
    # (fewer key words), exactly 2**32 (two words), and the document's 67-digit seed.
    seeds += [0, 1, 0xFFFFFFFF, 2**32, rng.getrandbits(40), DOC_SEED]
    return seeds


SEEDS = _seeds()


def test_sha256_matches_hashlib():
    texts = ["", "abc", "a" * 55, "a" * 56, "a" * 64, "a" * 119, "麻将 🀄 mahjong", "x" * 1000]
    got = run_ok([("sha256", {"text": t}) for t in texts])
    assert got == [hashlib.sha256(t.encode()).hexdigest() for t in texts]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 - 1, 2**32, 2**64 + 5, DOC_SEED, 2**256 - 1])
def test_mersenne_twister_matches_cpython(seed):
    ks = [32, 1, 8, 17, 32] * 260  # more than 624 outputs: crosses a regeneration of the state
    (got,) = run_ok([("getrandbits", {"seed": str(seed), "ks": ks})])
    rng = random.Random(seed)
    assert got == [rng.getrandbits(k) for k in ks]


def test_shuffle_matches_cpython_for_many_lengths():
    calls = []
    expected = []
    for n in (0, 1, 2, 3, 4, 5, 31, 64, 136, 144, 500):
        for seed in (7, 2**200 + 3):
            items = list(range(n))
            calls.append(("shuffle", {"seed": str(seed), "items": items}))
            copy = list(items)
            random.Random(seed).shuffle(copy)
            expected.append(copy)
    assert run_ok(calls) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("red_fives", [True, False])
def test_unshuffled_walls(ruleset, red_fives):
    (got,) = run_ok([("build_wall", {"wall": WALLS[ruleset], "red_fives": red_fives})])
    assert got == fairness.build_wall(ruleset, red_fives=red_fives)


def test_commitments_and_hand_seeds():
    calls, expected = [], []
    for seed in SEEDS:
        for salt in (DOC_SALT, "", "salt with spaces and 中文"):
            calls.append(("commitment", {"master_seed": str(seed), "salt": salt}))
            expected.append(str(fairness.commitment(seed, salt)))
        for n in (1, 2, 9, 10, 16, 123):
            calls.append(("hand_seed", {"master_seed": str(seed), "hand_number": n}))
            expected.append(str(fairness.hand_seed(seed, n)))
    assert run_ok(calls) == expected


# The published form, 0x-hex and decimal; exactly 64 digits are hex even when all are digits.
COMMITMENT_TEXTS = [
    fairness.format_commitment(fairness.commitment(SEEDS[0], DOC_SALT)),
    "0x" + fairness.format_commitment(fairness.commitment(SEEDS[1], "")),
    str(fairness.commitment(SEEDS[2], DOC_SALT)),
    "0x1f",
    "31",
    "1" * 64,
    "  " + "AB" * 32 + "\n",
]
BAD_COMMITMENTS = ["", "0x", "12g4", "1" * 79, str(1 << 256), "a" * 65, "0x" + "a" * 65]


def test_commitments_are_read_and_written_as_python_does():
    calls = [("parse_commitment", {"text": text}) for text in COMMITMENT_TEXTS]
    assert run_ok(calls) == [str(fairness.parse_commitment(text)) for text in COMMITMENT_TEXTS]
    values = [0, 31, fairness.commitment(SEEDS[0], DOC_SALT), (1 << 256) - 1]
    calls = [("format_commitment", {"value": str(v)}) for v in values]
    assert run_ok(calls) == [fairness.format_commitment(v) for v in values]
    refused = run_js([("parse_commitment", {"text": text}) for text in BAD_COMMITMENTS])
    assert [r.get("key") for r in refused] == ["seed.err.commitment"] * len(BAD_COMMITMENTS)
    for text in BAD_COMMITMENTS:
        with pytest.raises(ValueError, match="64 hex digits"):
            fairness.parse_commitment(text)


def test_seat_orders():
    players = ["alice", "bob", "chen", "daisuke"]
    calls = [("seat_order", {"master_seed": str(s), "players": players}) for s in SEEDS]
    assert run_ok(calls) == [fairness.seat_order(s, players) for s in SEEDS]


def test_walls_for_random_seeds_and_hand_numbers():
    rng = random.Random(8)
    calls, expected = [], []
    for seed in SEEDS:
        for ruleset in RULESETS:
            for n in [1, 2] + [rng.randint(3, 40) for _ in range(3)]:
                for red in (True, False) if ruleset == "riichi" else (True,):
                    args = {
                        "wall": WALLS[ruleset],
                        "master_seed": str(seed),
                        "hand_number": n,
                        "red_fives": red,
                    }
                    calls.append(("shuffled_wall", args))
                    expected.append(fairness.shuffled_wall(ruleset, seed, n, red_fives=red))
    assert run_ok(calls) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_whole_verification_document_equals_the_cli(ruleset):
    """The page shows `verify()`; it must equal `openmahjong seed verify --json` key for key."""
    players = ["p1", "p2", "p3", "p4"]
    calls, expected = [], []
    for seed in SEEDS[:4] + [DOC_SEED]:
        claimed = fairness.commitment(seed, DOC_SALT)
        for claim in (None, claimed, claimed + 1):
            calls.append(
                (
                    "verify",
                    {
                        "master_seed": str(seed),
                        "salt": DOC_SALT,
                        "wall": WALLS[ruleset],
                        "hands": 3,
                        "players": players,
                        "claimed": None if claim is None else str(claim),
                    },
                )
            )
            expected.append(verification(seed, DOC_SALT, ruleset, 3, players, claim))
    got = run_ok(calls)
    assert got == expected
    # The deal itself: seat i has wall tiles 13i..13i+12, the dealer also tile 52.
    for doc in got:
        for hand in doc["hands"]:
            dealt, rest = fairness.deal(hand["wall"], 4)
            assert hand["dealt"] == dealt
            assert len(hand["wall"]) - len(rest) == 53


def test_document_example_wall():
    """The seed document's own example: its MCR wall for round 1 (global random, as written)."""
    state = random.getstate()
    try:
        tiles_list = [
            t
            for t in sorted({*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)})
            for _ in range(4)
        ]
        tiles_list.extend(range(51, 59))
        seed = int(hashlib.sha256((format(DOC_SEED, "064x") + "1").encode()).hexdigest(), 16)
        random.seed(seed)
        random.shuffle(tiles_list)
    finally:
        random.setstate(state)
    (got,) = run_ok(
        [
            (
                "shuffled_wall",
                {
                    "wall": WALLS["mcr"],
                    "master_seed": str(DOC_SEED),
                    "hand_number": 1,
                    "red_fives": True,
                },
            )
        ]
    )
    assert got == tiles_list


def test_master_seed_parsing_matches_python():
    good = ["ab" * 32, "0x" + "CD" * 32, "  " + "0" * 64 + "\n"]
    got = run_ok([("parse_master_seed", {"text": t}) for t in good])
    assert got == [str(fairness.parse_master_seed(t)) for t in good]
    bad = ["ab" * 31, "zz" * 32, "", "0x" + "1" * 65]
    results = run_js([("parse_master_seed", {"text": t}) for t in bad])
    for text, result in zip(bad, results, strict=True):
        assert "error" in result, text
        assert "64 hex digits" in result["error"]
        with pytest.raises(ValueError):
            fairness.parse_master_seed(text)


def test_a_wall_the_browser_never_heard_of_verifies_as_the_cli_does():
    """A third-party ruleset's wall (two suits, three copies, a few extra tiles) reaches the seed
    tool only as data from the server; the whole document still equals the CLI's."""
    toy = fairness.WallRuleset(
        name="toy-two-suits",
        size=3 * 18 + 2,
        hand_number="round_index",
        dealer_extra=True,
        note="test only",
        kinds=(*range(11, 20), *range(21, 30)),
        copies=3,
        extra=(51, 52),
    )
    fairness.register_wall(toy)
    try:
        wall = json.loads(json.dumps(served_walls()))["toy-two-suits"]
        players = ["a", "b", "c", "d"]
        args = {"master_seed": str(SEEDS[0]), "salt": DOC_SALT, "hands": 2, "players": players}
        (got,) = run_ok([("verify", {**args, "wall": wall})])
        assert got == verification(SEEDS[0], DOC_SALT, "toy-two-suits", 2, players, None)
        assert len(got["hands"][0]["wall"]) == 56
    finally:
        fairness.unregister_wall("toy-two-suits")
