"""The win context: one typed object for how a win came about, packed in one place."""

from __future__ import annotations

import dataclasses
import inspect
import random
import typing

import pytest

from openmahjong.cli.score_riichi import score_riichi
from openmahjong.rules.riichi import scoring
from openmahjong.rules.riichi.context import FLAGS, WinContext
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.rules.riichi.situations import CLOSED_BIT, situation_key
from openmahjong.tools.riichi_calculator import RiichiRequest

CONTEXT_FIELDS = (*FLAGS, "seat_wind", "round_wind", "honba", "riichi_sticks")


def split(kw: dict) -> tuple[dict, WinContext]:
    """A random_win keyword call as the rest of the call and a WinContext."""
    rest = {k: v for k, v in kw.items() if k not in CONTEXT_FIELDS}
    return rest, WinContext(**{k: v for k, v in kw.items() if k in CONTEXT_FIELDS})


def result(*args, **kw):
    """score_win's result, or its error."""
    try:
        w = score_win(*args, **kw)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return w, w.fu_details


def test_flags_are_the_bool_fields_in_key_order():
    assert FLAGS == (
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    )
    for i, name in enumerate(FLAGS):
        assert WinContext(**{name: True}).key == 1 << i
    assert WinContext(seat_wind=43, round_wind=42).key == 2 << 12 | 1 << 14
    assert WinContext(seat_wind=45).key == -1
    assert not WinContext().key & CLOSED_BIT  # closed is the hand's, added by the scorer


def test_the_key_is_situation_key_of_the_fields():
    rng = random.Random(3)
    for _ in range(200):
        values = {name: rng.random() < 0.3 for name in FLAGS}
        seat, rnd = rng.choice((41, 42, 43, 44)), rng.choice((41, 42, 43, 44))
        ctx = WinContext(**values, seat_wind=seat, round_wind=rnd)
        assert ctx.key == situation_key(*values.values(), seat, rnd)


def test_context_is_frozen_and_compares_by_its_fields():
    ctx = WinContext(riichi=True, seat_wind=42, honba=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ctx.riichi = False  # type: ignore[misc]
    assert ctx == WinContext(riichi=True, seat_wind=42, honba=2)
    assert ctx != WinContext(riichi=True, seat_wind=42, honba=3)
    assert not ctx.dealer and WinContext().dealer


@pytest.mark.parametrize("seed", [1, 2])
def test_context_call_scores_as_the_keyword_call(seed):
    rng = random.Random(seed)
    for _ in range(1500):
        kw = random_win(rng)
        rest, ctx = split(kw)
        assert result(**rest, context=ctx, rules="tenhou") == result(**kw, rules="tenhou")


def test_context_call_reaches_the_general_path_with_the_same_errors():
    hand = [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18]
    for ctx in (WinContext(haitei=True), WinContext(seat_wind=45), WinContext(honba=-1)):
        fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx) if f.init}
        assert result(hand, 14, (), ctx) == result(hand, 14, (), **fields)
    # Text input goes to the general path, which reads the same context.
    win = score_win("234m234p234s56788m", "2m", [], WinContext(tsumo=True, seat_wind=42))
    assert win.tsumo and not win.dealer and win.payments[42] > 0


def test_context_and_flag_keywords_together_are_refused():
    hand = [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18]
    for extra in ({"tsumo": True}, {"seat_wind": 42}, {"honba": 1}, {"renhou": True}):
        with pytest.raises(TypeError, match="not both"):
            score_win(hand, 14, (), WinContext(riichi=True), **extra)


def test_every_surface_names_the_same_flags():
    """score_win's keywords, the calculator's request and the CLI's options are the flags of
    WinContext by name, so none can drift from the context."""
    keywords = inspect.signature(scoring.score_win).parameters
    assert set(CONTEXT_FIELDS) <= set(keywords)
    request = set(RiichiRequest.model_fields)
    assert set(FLAGS) <= request
    assert {
        n for n in request if n not in FLAGS and RiichiRequest.model_fields[n].annotation is bool
    } == set()
    options = typing.get_type_hints(score_riichi)  # Annotated[bool, ...] read as bool
    switches = {n for n, t in options.items() if t is bool}
    assert switches - {"as_json"} == set(FLAGS)


def test_calculator_builds_the_context_from_its_request():
    request = RiichiRequest(
        hand="123m406p789s23455s", win="4s", riichi=True, ippatsu=True, seat="S", honba=2, sticks=1
    )
    assert request.context() == WinContext(
        riichi=True, ippatsu=True, seat_wind=42, honba=2, riichi_sticks=1
    )
