"""Every recorded win in the reference Tenhou games scores exactly as Tenhou scored it.

4-player games only (``<GO type>`` without 0x10). Situational yaku a log does not spell out in
its tile data (ippatsu, haitei, rinshan, chankan, double riichi, ...) are taken from the recorded
yaku list; riichi is read from the game flow (``<REACH step="2">``) and must match the record.
"""

from __future__ import annotations

from openmahjong.formats.mjlog import decode_meld, read_agari
from openmahjong.rules.riichi.options import TENHOU
from openmahjong.rules.riichi.points import TENHOU_LIMIT_CODE
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.rules.riichi.yaku_table import YAKU
from tests.shared_data import shared_data, using_corpus

DATA = shared_data()
FILES = sorted((DATA / "tenhou-houou-2020").glob("*.mjlog")) + sorted(
    (DATA / "tenhou-mjx").glob("*.mjlog")
)
#: The four-player wins of the committed set (tests/data): 16 Houou games and 10 mjx games.
COMMITTED_WINS = 267
SITUATIONAL = {
    "double_riichi": 21,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan": 4,
    "haitei": 5,
    "houtei": 6,
    "tenhou": 37,
    "chiihou": 38,
}


def _tenhou_limit(limit: str) -> int:
    if "yakuman" in limit:
        return 5
    return TENHOU_LIMIT_CODE[limit]


def _score(a):
    ids = {y for y, _ in a.yaku} | set(a.yakuman)
    rules = TENHOU.model_copy(
        update={
            "red_fives": 3 if a.game_type.red_fives else 0,
            "open_tanyao": a.game_type.open_tanyao,
        }
    )
    flags = {name: tid in ids for name, tid in SITUATIONAL.items()}
    return score_win(
        a.hand,
        a.win_tile,
        a.melds,
        tsumo=a.tsumo,
        riichi=a.riichi,
        **flags,
        seat_wind=a.seat_wind,
        round_wind=a.round_wind,
        dora_indicators=a.dora_indicators,
        ura_indicators=a.ura_indicators,
        rules=rules,
        # In a double ron only the winner nearest the discarder takes honba and sticks.
        honba=0 if a.after_another_win else a.honba,
        riichi_sticks=0 if a.after_another_win else a.riichi_sticks,
    )


def test_every_four_player_win_scores_as_tenhou_recorded():
    checked = 0
    mismatches = []
    for path in FILES:
        records = read_agari(path)
        if records and records[0].game_type.three_player:
            continue
        for a in records:
            win = _score(a)
            got = sorted((YAKU[y].tenhou_id, h) for y, h in win.yaku if h)
            want = sorted((i, h) for i, h in a.yaku if h)
            if win.yakuman:
                got = sorted(YAKU[y].tenhou_id for y, _ in win.yaku)
                want = sorted(a.yakuman)
            fu = win.fu if not win.yakuman else a.fu
            ours = (fu, win.total, _tenhou_limit(win.limit), got)
            recorded = (a.fu, a.points, a.limit, want)
            if ours != recorded:
                mismatches.append((path.name, a.round_index, recorded, ours))
            # The winner's score change is the hand plus honba and sticks.
            winner_delta = a.scores[2 * a.who + 1] * 100
            assert winner_delta == win.payments[a.seat_wind], (path.name, a.round_index)
            checked += 1
    assert mismatches == []
    # Every four-player win of the set: the curated set's, or the corpus's (743).
    assert checked >= 700 if using_corpus() else checked == COMMITTED_WINS


def test_riichi_from_the_flow_matches_the_recorded_yaku():
    for path in FILES[:20]:
        for a in read_agari(path):
            ids = {y for y, _ in a.yaku}
            assert a.riichi == (1 in ids or 21 in ids)


def test_first_recorded_win_reads_as_expected():
    path = DATA / "tenhou-houou-2020" / "2020010100gm-00a9-0000-03aa14b0.mjlog"
    first = read_agari(path)[0]
    # <AGARI ba="0,1" hai="21,25,29,37,39,41,43,44,45,77,81,87,88,89" machi="87"
    #  ten="30,7700,0" yaku="1,1,7,1,9,1,54,1,53,0" doraHai="93" doraHaiUra="107" who="1"
    #  fromWho="2">
    assert (first.who, first.from_who, first.honba, first.riichi_sticks) == (1, 2, 0, 1)
    assert (first.fu, first.points, first.limit) == (30, 7700, 0)
    assert first.yaku == [(1, 1), (7, 1), (9, 1), (54, 1), (53, 0)]
    assert first.win_tile == 34 and first.riichi and not first.tsumo
    # 678m 1122p 33p 2345s + red 5s: ids // 4 are Tenhou kinds; id 88 is the red 5s
    assert first.hand == [16, 17, 18, 21, 21, 22, 22, 23, 23, 32, 33, 34, 305, 35]
    assert first.dora_indicators == [36] and first.ura_indicators == [39]
    win = _score(first)
    assert (win.han, win.fu, win.total) == (4, 30, 7700)


def test_decode_meld_bit_fields():
    # From the second win of 2020010100gm-00a9-0000-03aa14b0: pon of North from across,
    # chi 789p and chi 123p from the left.
    assert decode_meld(46122) == ("pon", (44, 44, 44), 2)
    assert decode_meld(41287) == ("chi", (27, 28, 29), 3)
    assert decode_meld(21823) == ("chi", (21, 22, 23), 3)
    # Closed kan of 1m (kind 0): hai0 = 0, from = 0.
    assert decode_meld(0 << 8) == ("ankan", (11, 11, 11, 11), 0)
    # Open kan of East (Tenhou kind 27 -> ids 108..111) called from the left (3).
    assert decode_meld((108 << 8) | 3) == ("minkan", (41, 41, 41, 41), 3)
    # Pon of white dragon (Tenhou kind 31): t = 31 * 3 + called index, copy 0 left out.
    kind, tiles, rel = decode_meld((31 * 3 << 9) | 0x8 | 1)
    assert (kind, tiles, rel) == ("pon", (46, 46, 46), 1)


def test_three_player_games_read_with_their_north_sets():
    three = [p for p in FILES if "-00b9-" in p.name]
    records = [a for p in three for a in read_agari(p)]
    assert records and all(a.game_type.three_player for a in records)
    nuki = [m for a in records for m in a.melds if m[0] == "nuki"]
    assert nuki and all(m[1] == (44,) for m in nuki)
