"""The hand-analysis tool: useful tiles, the discard table, and the analyze command."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from openmahjong import hand
from openmahjong.cli import app
from openmahjong.hand import useful
from openmahjong.hand.shanten import shanten_counts
from openmahjong.hand.useful import wait_indices
from openmahjong.tiles import ALL_KINDS, counts34, index34, parse
from tests.hand.strategies import random_counts


def test_useful_tiles_of_a_two_sided_wait_hand() -> None:
    # 1-shanten: 23m and 45p shapes, two sets and the East pair. Only the ends of the two
    # shapes help; a third East or a second White leaves it 1-shanten.
    tiles = parse("23m45p789s123s11z5z")
    useful = hand.useful_tiles(tiles)
    assert hand.shanten(tiles) == 1
    assert [u.tile for u in useful] == [11, 14, 23, 26]
    # Visible tiles lower the remaining counts; the hand's own tiles already do.
    seen = {u.tile: u.remaining for u in hand.useful_tiles(tiles, visible=parse("1m1m4m"))}
    assert seen == {11: 2, 14: 3, 23: 4, 26: 4}


def test_discard_table_puts_the_isolated_honor_first() -> None:
    table = hand.discard_table(parse("23m45p789s123s11z5z6z"))
    assert table[0].discard in (46, 47)
    assert table[0].shanten == 1
    assert {o.discard for o in table[:2]} == {46, 47}
    assert table[-1].shanten == 2


def test_red_five_is_its_own_discard_choice() -> None:
    table = hand.discard_table(parse("3405m789p123s1122z"))
    discards = [o.discard for o in table]
    assert 105 in discards and 15 in discards


def test_analyze_json_for_a_ready_hand() -> None:
    result = CliRunner().invoke(app, ["analyze", "1112345678999m", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["shanten"] == 0
    assert data["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert data["shanten_by_form"]["seven_pairs"] == 4  # two pairs among nine kinds


def test_analyze_table_for_a_discarding_hand() -> None:
    result = CliRunner().invoke(app, ["analyze", "23m45p789s123s11z5z6z"])
    assert result.exit_code == 0, result.output
    assert "1-shanten" in result.output
    assert "discard" in result.output


def test_analyze_mcr_forms() -> None:
    result = CliRunner().invoke(app, ["analyze", "147m258p369s1234z", "--ruleset", "mcr", "--json"])
    data = json.loads(result.output)
    assert data["shanten_by_form"]["honors_and_knitted"] == 0
    assert data["waits"] == ["7z", "5z", "6z"]


def test_analyze_rejects_bad_input_clearly() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["analyze", "12x"])
    assert bad.exit_code == 2
    assert "unexpected 'x'" in bad.output
    honors = runner.invoke(app, ["analyze", "123m456p789s1122z", "--ruleset", "sichuan"])
    assert honors.exit_code == 2
    assert "honors" in honors.output


def _complete_hands(rng: random.Random) -> list[list[int]]:
    """Complete 14-tile count vectors of every Riichi form (four sets and a pair, seven
    pairs, thirteen orphans), at most four copies of a kind."""
    out = []
    while len(out) < 600:
        counts = [0] * 34
        form = rng.choice(("regular", "regular", "pairs", "orphans"))
        if form == "orphans":
            for i in (0, 8, 9, 17, 18, 26, *range(27, 34)):
                counts[i] = 1
            counts[rng.choice((0, 8, 9, 17, 18, 26, *range(27, 34)))] += 1
        elif form == "pairs":
            for i in rng.sample(range(34), 7):
                counts[i] = 2
        else:
            for _ in range(4):
                i = rng.randrange(34)
                if i < 27 and i % 9 <= 6 and rng.random() < 0.6:
                    for j in (i, i + 1, i + 2):
                        counts[j] += 1
                else:
                    counts[i] += 3
            counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            out.append(counts)
    return out


def test_wait_indices_finds_every_winning_kind_of_ready_hands() -> None:
    """Against trying all 34 kinds, on the 13-tile hands one tile short of complete hands of
    each form (the candidate kinds come from per-suit memos and an orphans precheck)."""
    rng = random.Random(7)
    checked = 0
    for complete in _complete_hands(rng):
        for i in range(34):
            if not complete[i]:
                continue
            counts = list(complete)
            counts[i] -= 1
            expected = []
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if shanten_counts(counts) == -1:
                        expected.append(k)
                    counts[k] -= 1
            assert wait_indices(counts) == expected, counts
            checked += 1
    assert checked > 3000


def _lowering(counts: list[int], forms: tuple[str, ...]) -> list[int]:
    """The kinds whose addition lowers the shanten over ``forms``, trying each one (no fifth
    copy): the definition the engine must match."""
    now = shanten_counts(counts, forms=forms)
    out = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if shanten_counts(counts, forms=forms) < now:
                out.append(k)
            counts[k] -= 1
    return out


def _tiles(counts: list[int]) -> list[int]:
    return [ALL_KINDS[i] for i, n in enumerate(counts) for _ in range(n)]


def test_useful_tiles_and_the_discard_table_match_trying_every_kind() -> None:
    # Over the Riichi forms the answers come from the bots' engine (hand.improving), over the
    # others from trying each kind; both must be what trying each kind gives.
    rng = random.Random(20261201)
    for _ in range(400):
        forms = rng.choice((hand.RIICHI_FORMS, hand.RIICHI_FORMS, hand.SICHUAN_FORMS))
        size = rng.choice((13, 13, 10, 7, 4, 1))
        counts = random_counts(rng, size)
        got = [index34(u.tile) for u in hand.useful_tiles(_tiles(counts), forms=forms)]
        assert got == _lowering(counts, forms), counts
        grown = random_counts(rng, size + 1)
        table = hand.discard_table(_tiles(grown), forms=forms)
        for option in table:
            i = index34(option.discard)
            grown[i] -= 1
            assert option.shanten == shanten_counts(grown, forms=forms), (grown, i)
            useful_kinds = [index34(u.tile) for u in option.useful]
            assert useful_kinds == _lowering(grown, forms), (grown, i)
            grown[i] += 1


def test_the_riichi_forms_in_any_order_are_answered_by_the_engine(monkeypatch) -> None:
    asked = []
    engine = useful.improving_kinds

    def spy(counts, current):
        asked.append(current)
        return engine(counts, current)

    monkeypatch.setattr(useful, "improving_kinds", spy)
    tiles = parse("23m45p789s123s11z5z")
    reordered = tuple(reversed(hand.RIICHI_FORMS))
    assert wait_indices(counts34(parse("1112345678999m"))) == list(range(9))
    assert hand.waits(parse("1112345678999m"), forms=reordered) == list(range(11, 20))
    assert hand.useful_tiles(tiles, forms=reordered) == hand.useful_tiles(tiles)
    assert asked == [0, 0]
