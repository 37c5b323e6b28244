"""The quiz's Elo arithmetic (platform guide §7.7): start 1000, K = 32, the change rounded to
the nearest point, zero-sum, draws at 0.5."""

from __future__ import annotations

import pytest

from openmahjong.quiz import elo


def test_equal_players_trade_sixteen_points():
    assert elo.START == 1000 and elo.K == 32
    assert elo.expected(1000, 1000) == 0.5
    assert elo.rate(1000, 1000, 1) == (1016, 984)
    assert elo.rate(1000, 1000, 0) == (984, 1016)


def test_a_draw_between_equals_changes_nothing():
    assert elo.rate(1000, 1000, 0.5) == (1000, 1000)


def test_beating_a_stronger_player_earns_more_than_beating_a_weaker_one():
    # 1000 vs 1200: expected 1 / (1 + 10^(200/400)) = 0.2403; 32 x 0.7597 = 24.31 -> 24
    assert round(elo.expected(1000, 1200), 4) == 0.2403
    assert elo.rate(1000, 1200, 1) == (1024, 1176)
    # the favourite winning gains 32 x 0.2403 = 7.69 -> 8
    assert elo.rate(1200, 1000, 1) == (1208, 992)
    # losing to the weaker one costs the favourite 24
    assert elo.rate(1200, 1000, 0) == (1176, 1024)


def test_a_draw_moves_points_to_the_lower_rated():
    # 32 x (0.5 - 0.2403) = 8.31 -> 8
    assert elo.rate(1000, 1200, 0.5) == (1008, 1192)
    assert elo.rate(1200, 1000, 0.5) == (1192, 1008)


@pytest.mark.parametrize("a", [800, 1000, 1137, 1500])
@pytest.mark.parametrize("b", [900, 1000, 1263])
@pytest.mark.parametrize("result", [0, 0.5, 1])
def test_zero_sum_from_either_side(a, b, result):
    new_a, new_b = elo.rate(a, b, result)
    assert new_a - a == b - new_b
    # computed from the other side, the same points move
    assert elo.change(b, a, 1 - result) == -elo.change(a, b, result)


def test_half_points_round_away_from_zero():
    assert elo._nearest(2.5) == 3 and elo._nearest(-2.5) == -3 and elo._nearest(2.49) == 2


def test_a_result_other_than_win_draw_loss_is_refused():
    with pytest.raises(ValueError, match="result"):
        elo.change(1000, 1000, 0.7)
