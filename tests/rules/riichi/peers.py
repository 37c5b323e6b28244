"""Adapters that hand our score_win arguments to the peer scorers (test and bench oracles only).

``mahjong`` (MahjongRepository 2.1.0) is configured like our ``tenhou`` preset; ``riichienv``
scores with its defaults, which are Mahjong Soul's (``test_differential_riichienv``). Both speak
Tenhou 136-ids with dragons White, Green, Red.
"""

from __future__ import annotations

from typing import Any

from openmahjong.tiles import index34 as index_of
from openmahjong.tiles import to_tenhou136

# Our dense index -> Tenhou's kind index (only the dragons move).
_TENHOU_KIND = list(range(31)) + [33, 31, 32]


def indicator_ids(tiles: list[int]) -> list[int]:
    return [4 * _TENHOU_KIND[index_of(t)] + 1 for t in tiles]


def split_kwargs(kw: dict[str, Any]):
    """(concealed ids, win id, [(kind, ids)], all ids) for a random_win() dict."""
    # One call numbers every tile of the hand, so no two tiles share a 136-id.
    meld_tiles = [list(m[1]) for m in kw["melds"]]
    ids = to_tenhou136([t for ts in meld_tiles for t in ts] + list(kw["hand"]))
    melds, start = [], 0
    for m, ts in zip(kw["melds"], meld_tiles, strict=True):
        melds.append((m[0], ids[start : start + len(ts)]))
        start += len(ts)
    concealed = ids[start:]
    win = kw["win_tile"]
    k = _TENHOU_KIND[index_of(win)]
    candidates = [i for i in concealed if i // 4 == k]
    exact = [i for i in candidates if (i % 4 == 0) == (win >= 100) or k >= 27 or k % 9 != 4]
    win_id = (exact or candidates)[0]
    return concealed, win_id, melds


class MahjongPeer:
    """``mahjong`` 2.1.0, configured like the ``tenhou`` preset."""

    def __init__(self) -> None:
        from mahjong.constants import EAST, NORTH, SOUTH, WEST
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld

        self.calc = HandCalculator()
        self.Meld = Meld
        self.HandConfig = HandConfig
        self.winds = {41: EAST, 42: SOUTH, 43: WEST, 44: NORTH}
        self.options = OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=False,
            kazoe_limit=HandConstants.KAZOE_LIMITED,
            kiriage=False,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
            renhou_as_yakuman=False,
            limit_to_sextuple_yakuman=False,
        )
        self._types = {
            "chi": (Meld.CHI, True),
            "pon": (Meld.PON, True),
            "minkan": (Meld.KAN, True),
            "ankan": (Meld.KAN, False),
            "kakan": (Meld.SHOUMINKAN, True),
        }

    def prepare(self, kw: dict[str, Any]):
        concealed, win_id, melds = split_kwargs(kw)
        meld_objs = []
        all_ids = list(concealed)
        for kind, ids in melds:
            mtype, opened = self._types[kind]
            meld_objs.append(self.Meld(meld_type=mtype, tiles=ids, opened=opened))
            all_ids += ids
        riichi = bool(kw.get("riichi") or kw.get("double_riichi"))
        config = self.HandConfig(
            is_tsumo=kw.get("tsumo", False),
            is_riichi=riichi,
            is_daburu_riichi=kw.get("double_riichi", False),
            is_ippatsu=kw.get("ippatsu", False),
            is_rinshan=kw.get("rinshan", False),
            is_chankan=kw.get("chankan", False),
            is_haitei=kw.get("haitei", False),
            is_houtei=kw.get("houtei", False),
            is_tenhou=kw.get("tenhou", False),
            is_chiihou=kw.get("chiihou", False),
            player_wind=self.winds[kw.get("seat_wind", 41)],
            round_wind=self.winds[kw.get("round_wind", 41)],
            options=self.options,
        )
        dora = indicator_ids(list(kw.get("dora_indicators", ())))
        ura = indicator_ids(list(kw.get("ura_indicators", ()))) if riichi else []
        return all_ids, win_id, meld_objs, dora, config, ura

    def score(self, prepared):
        all_ids, win_id, melds, dora, config, ura = prepared
        return self.calc.estimate_hand_value(
            all_ids,
            win_id,
            melds=melds,
            dora_indicators=dora,
            config=config,
            ura_dora_indicators=ura,
        )


class RiichiEnvPeer:
    """``riichienv`` with its default rules (Mahjong Soul's): the speed comparison, and the
    differential test of our ``majsoul`` preset."""

    def __init__(self) -> None:
        # The Rust core directly: the package's Python wrapper would add its own overhead.
        import riichienv._riichienv as rv

        self.rv = rv
        mt = rv.MeldType
        self._types = {
            "chi": (mt.Chi, True),
            "pon": (mt.Pon, True),
            "minkan": (mt.Daiminkan, True),
            "ankan": (mt.Ankan, False),
            "kakan": (mt.Kakan, True),
        }

    def prepare(self, kw: dict[str, Any]):
        concealed, win_id, melds = split_kwargs(kw)
        rv = self.rv
        meld_objs = [rv.Meld(self._types[k][0], ids, self._types[k][1]) for k, ids in melds]
        riichi = bool(kw.get("riichi") or kw.get("double_riichi"))
        winds = (rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North)
        cond = rv.Conditions(
            tsumo=kw.get("tsumo", False),
            riichi=riichi,
            double_riichi=kw.get("double_riichi", False),
            ippatsu=kw.get("ippatsu", False),
            haitei=kw.get("haitei", False),
            houtei=kw.get("houtei", False),
            rinshan=kw.get("rinshan", False),
            chankan=kw.get("chankan", False),
            player_wind=winds[kw.get("seat_wind", 41) - 41],
            round_wind=winds[kw.get("round_wind", 41) - 41],
        )
        # Tenhou and chiihou: riichienv reads them from a first-turn tsumo.
        cond.tsumo_first_turn = bool(kw.get("tenhou") or kw.get("chiihou"))
        hand = sorted(concealed)
        dora = indicator_ids(list(kw.get("dora_indicators", ())))
        ura = indicator_ids(list(kw.get("ura_indicators", ()))) if riichi else []
        return hand, meld_objs, win_id, dora, ura, cond

    def evaluator(self, prepared):
        return self.rv.HandEvaluator(prepared[0], prepared[1])

    def score(self, prepared):
        hand, melds, win_id, dora, ura, cond = prepared
        return self.rv.HandEvaluator(hand, melds).calc(win_id, dora, ura, cond)
