"""The quiz catalogue against the scorers' own tables: no pattern missing or extra, the seed's
§7.4 values and group counts, relations that go both ways, pools and name completion."""

from __future__ import annotations

import pytest

from openmahjong.quiz import catalogue_data as D
from openmahjong.quiz.catalogue import (
    BY_ID,
    CATALOGUE,
    CATEGORIES,
    Pattern,
    find,
    get,
    mcr_fan_keys,
    patterns,
)
from openmahjong.rules.mcr import fans as mcr_fans
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, YAKU


def _of(ruleset: str) -> list[Pattern]:
    return [p for p in CATALOGUE if p.ruleset == ruleset]


def test_every_mcr_fan_of_the_rulebook_once_and_nothing_else():
    mcr = _of("mcr")
    assert len(mcr) == 81
    keys = mcr_fan_keys()
    assert [p.id for p in mcr] == [
        f"mcr:{keys[f.number]}" for f in mcr_fans.FANS if keys[f.number] not in D.MCR_LEFT_OUT
    ]
    # only the platform's 明暗杠 (number 82) is left out
    assert [f.zh for f in mcr_fans.FANS if keys[f.number] in D.MCR_LEFT_OUT] == ["明暗杠"]
    # names and values are the scorer's own
    for p, fan in zip(mcr, mcr_fans.FANS, strict=False):
        assert (p.name_zh, p.name_en, p.values) == (fan.zh, fan.en, (fan.value,))
    assert set(D.MCR) == {p.covers[0] for p in mcr} and set(D.MCR_JA) == set(D.MCR)


def test_every_riichi_yaku_is_covered_exactly_once():
    riichi = _of("riichi")
    covered = [key for p in riichi for key in p.covers]
    assert sorted(covered) == sorted(list(YAKU) + list(LOCAL_YAKU))
    assert len(covered) == len(set(covered))
    # the data has a row for every pattern and none for a yaku that does not exist
    assert set(D.RIICHI) == {p.id.split(":", 1)[1] for p in riichi}
    # the only pattern covering no scorer row is the quiz's Nagashi mangan
    assert [p.id for p in riichi if not p.covers] == ["riichi:nagashi_mangan"]


def test_names_come_from_the_scorers_tables():
    ittsu = get("riichi:ittsu")
    row = YAKU["ittsu"]
    assert (ittsu.name_zh, ittsu.name_en, ittsu.name_ja) == (row.zh, row.en, row.ja)
    assert get("mcr:pure_straight").name_ja == "清龍"
    seat = get("riichi:seat_wind")
    assert (seat.name_zh, seat.name_ja, seat.name_en) == ("自风", "自風", "Seat wind")
    assert get("riichi:yakuhai").covers == ("haku", "hatsu", "chun")
    assert get("riichi:round_wind").name_zh == "场风"


def test_every_pattern_is_well_formed():
    assert len(BY_ID) == len(CATALOGUE)
    for p in CATALOGUE:
        assert p.categories and all(c in CATEGORIES for c in p.categories), p.id
        assert len(set(p.categories)) == len(p.categories), p.id
        assert p.values and all(isinstance(v, int) and v > 0 for v in p.values), p.id
        assert p.group_counts[0] == p.groups, p.id
        assert p.groups == "whole_hand" or isinstance(p.groups, int), p.id
        assert all(p.name(lang) for lang in ("en", "zh", "ja")), p.id
        for other in p.related:
            assert p.id in get(other).related, (p.id, other)  # relations go both ways
            assert other != p.id


@pytest.mark.parametrize(
    ("pid", "values"),
    [
        ("riichi:junchan", (3, 2)),  # §7.4.4: closed value first
        ("riichi:chanta", (2, 1)),
        ("riichi:ittsu", (2, 1)),
        ("riichi:chinitsu", (6, 5)),
        ("riichi:tanyao", (1,)),  # same open and closed: one value
        ("mcr:tile_hog", (2,)),  # §7.4.3: one instance
        ("mcr:flower_tiles", (1,)),
        ("riichi:aka_dora", (1,)),
        ("riichi:dora", (1,)),
        ("riichi:nagashi_mangan", (5,)),  # §7.4.5
        ("riichi:kokushi_musou", (13,)),
        ("riichi:kokushi_musou_13", (26,)),  # Mahjong Soul plays double yakuman
        ("riichi:renhou", (13,)),  # the Melee Room's yakuman renhou
    ],
)
def test_values_follow_the_seed(pid, values):
    assert get(pid).values == values
    assert get(pid).value == values[0]  # a drawn question uses the primary value


@pytest.mark.parametrize(
    ("pid", "groups", "counts"),
    [
        ("mcr:tile_hog", 4, (4, 3, 2)),
        ("mcr:knitted_straight", 1, (1,)),
        ("mcr:nine_gates", 1, (1,)),
        ("riichi:chuuren_poutou", 1, (1,)),
        ("mcr:lesser_honors_and_knitted", "whole_hand", ("whole_hand",)),
        ("mcr:greater_honors_and_knitted", "whole_hand", ("whole_hand",)),
        ("mcr:full_flush", "whole_hand", ("whole_hand",)),
        ("riichi:honitsu", "whole_hand", ("whole_hand",)),
        ("mcr:seven_pairs", 7, (7,)),
        ("riichi:chiitoitsu", 7, (7,)),
        ("mcr:seven_shifted_pairs", 7, (7,)),
        ("mcr:pure_straight", 3, (3,)),
    ],
)
def test_group_counts_follow_the_seed(pid, groups, counts):
    assert (get(pid).groups, get(pid).group_counts) == (groups, counts)


@pytest.mark.parametrize(
    ("pid", "categories"),
    [
        ("mcr:knitted_straight", ("sequence", "knitted")),  # §7.4.1
        ("riichi:ippatsu", ("condition", "chance")),  # §7.4.2
        ("riichi:ura_dora", ("condition", "chance")),
        ("riichi:chankan", ("condition", "chance")),
        ("riichi:rinshan_kaihou", ("condition", "chance")),
        ("riichi:haitei_raoyue", ("condition", "chance")),
        ("riichi:tenhou", ("chance",)),
        ("riichi:chiihou", ("chance",)),
        ("riichi:riichi", ("condition",)),
        ("riichi:double_riichi", ("condition",)),
        ("mcr:last_tile", ("condition",)),
        ("mcr:thirteen_orphans", ("special",)),  # §7.5
        ("mcr:nine_gates", ("special",)),
        ("mcr:lesser_honors_and_knitted", ("knitted",)),
        ("mcr:greater_honors_and_knitted", ("knitted",)),
        ("mcr:little_three_dragons", ("set",)),
        ("riichi:daichisei", ("pair",)),
        ("mcr:all_fives", ("whole_hand",)),
        ("mcr:outside_hand", ("whole_hand",)),
        ("mcr:concealed_hand", ("condition",)),
        ("riichi:dora", ("condition", "chance")),
    ],
)
def test_categories_follow_the_seed(pid, categories):
    assert get(pid).categories == categories


def test_related_names_of_the_seed():
    assert "mcr:pure_straight" in get("riichi:ittsu").related
    assert "riichi:pinfu" in get("mcr:all_chows").related
    assert set(get("mcr:upper_tiles").related) == {"mcr:middle_tiles", "mcr:lower_tiles"}
    assert set(get("riichi:dora").related) == {"riichi:aka_dora", "riichi:ura_dora"}
    last = {"riichi:haitei_raoyue", "riichi:houtei_raoyui", "mcr:last_tile_draw"}
    assert last - {"riichi:haitei_raoyue"} <= set(get("riichi:haitei_raoyue").related)
    # easy pairs get no relation (§7.4.6)
    assert "riichi:double_riichi" not in get("riichi:riichi").related
    assert "riichi:chinitsu" not in get("riichi:honitsu").related
    assert "mcr:full_flush" not in get("mcr:half_flush").related


def test_pools():
    riichi = patterns("riichi")
    both = patterns("mcr+riichi")
    assert {p.ruleset for p in riichi} == {"riichi"}
    assert len(both) == len(CATALOGUE) == len(riichi) + 81
    local = [p.id for p in riichi if p.local]
    assert len(local) == len(LOCAL_YAKU) + 1  # the Melee Room's local yaku and its renhou
    assert not any(p.local for p in patterns("riichi", local=False))
    with pytest.raises(ValueError, match="unknown quiz pool"):
        patterns("sichuan")


def test_find_completes_names_in_the_pages_language():
    assert [p.id for p in find("pure str", "en", "mcr+riichi")] == [
        "mcr:pure_straight",
        "riichi:ittsu",
    ]
    assert [p.id for p in find("pure str", "en", "riichi")] == ["riichi:ittsu"]
    assert [p.id for p in find("清龙", "zh", "mcr+riichi")] == ["mcr:pure_straight"]
    assert [p.id for p in find("一気", "ja", "riichi")] == ["riichi:ittsu"]
    # names that start with the text come before names that only contain it
    ids = [p.id for p in find("三暗", "zh", "mcr+riichi")]
    assert ids[:2] == ["mcr:three_concealed_pungs", "riichi:sanankou"]
    assert find("  ", "en", "riichi") == []
    with pytest.raises(ValueError, match="no pattern names"):
        find("x", "fr", "riichi")
    with pytest.raises(KeyError, match="no quiz pattern"):
        get("riichi:nope")


def test_as_dict_is_json_ready():
    import json

    data = get("mcr:tile_hog").as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["group_counts"] == [4, 3, 2] and data["values"] == [2]
    assert data["name"] == {"zh": "四归一", "en": "Tile Hog", "ja": "四帰一"}
