"""Scripted hands on rigged walls (seats relative to the dealer, see ``scripted_game``): every
kind of kan, riichi discards that are called or won on, multi-ron, and every draw.

Hand shapes borrow from the engine's own tests (``tests/rules/riichi_game``), where each one is
checked on its own; here they are strung into one game for the export tests.
"""

from __future__ import annotations

from collections import Counter

from openmahjong.fairness import build_wall
from openmahjong.table import AbortiveDraw, Ankan, Chi, Discard, Kakan, Minkan, Pon, Ron, Tsumo
from openmahjong.tiles import is_terminal_or_honor, parse
from tests.formats.scripted_game import Hand


def t(text: str) -> int:
    return parse(text)[0]


QUIET = ["12z258m258p258s369m", "37z147m1479p1479s", "456z369p369s1m7m8s8p", "1234567z5m5p5s6m6p6s"]
SEAT1_EEE = "1117z147m147p147s"
SEAT3_NO_EAST = "234567z5m5p5s6m6p6s9s"
DEAD = "2m3m4m6m7m8m9m2p3p4p6p"  # indicator 2m, first kan indicator 3m, first rinshan 6p


MINKAN = Hand(
    [QUIET[0], SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41)), (1, Minkan((41, 41, 41))), (1, Discard(t("7z")))],
    dead=DEAD,
    note="an open kan on the dealer's East",
)


KAKAN = Hand(
    [QUIET[0], "11z7z147m147p147s9s", QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41)), (1, Pon((41, 41))), (1, Discard(t("7z"))), (1, Kakan(41))],
    draws="8p8p5z1z",
    dead=DEAD,
    note="a pon of East, then the fourth East added",
)


CHANKAN = Hand(
    [
        "12z3m1258p258s69m47s",
        "37z3389m147p1479s",
        "12m456p789p123s55s",  # waits 3m; no yaku but robbing the kan
        "1234567z56m6p689s",
    ],
    [(0, Discard(t("3m"))), (1, Pon((13, 13))), (1, Discard(t("7z"))), (1, Kakan(13)), (2, Ron())],
    draws="9m1z9m3m",
    ends="win",
    note="an added kan robbed",
)


ANKAN = Hand(
    ["22z258m258p258s369m", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(t("2z"))), (1, Ankan((41, 41, 41, 41)))],
    draws="1z",
    dead=DEAD,
    note="a closed kan",
)


FOUR_KANS = Hand(
    ["1z258m258p258s369m5z", "111z2222z3333z9m9p", "4444z147m147p147s", "567z369p369s369m8p"],
    [
        (0, Discard(41)),
        (1, Minkan((41, 41, 41))),
        (1, Ankan((42, 42, 42, 42))),
        (1, Ankan((43, 43, 43, 43))),
        (1, Discard(t("9m"))),
        (2, Ankan((44, 44, 44, 44))),
    ],
    draws="6m",
    ends="four_kans",
    note="an open kan, two closed kans by the same seat, a fourth kan by another",
)


RIICHI_PON = Hand(
    ["123456789m11p56s1z", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41, riichi=True)), (1, Pon((41, 41)))],
    note="the dealer's riichi discard is called",
)


RIICHI_MINKAN = Hand(
    ["123456789m11p56s1z", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41, riichi=True)), (1, Minkan((41, 41, 41)))],
    note="the dealer's riichi discard is called for a kan",
)


RIICHI_CHI = Hand(
    ["123456789m11p56s7p", "89p147m147s12345z", QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(t("7p"), riichi=True)), (1, Chi((t("8p"), t("9p"))))],
    note="the dealer's riichi discard is taken for a chi",
)


DOUBLE_RON = Hand(
    ["123456m789p1122z7s", "123456789m11p56s", QUIET[2], "234m567m345p66p68s"],
    [(0, Discard(t("7s"), riichi=True)), (3, Ron()), (1, Ron())],
    ends="win",
    note="the dealer's riichi discard is won on by two seats",
)


KAN_THEN_ROBBED = Hand(
    [
        "12z3m1258p258s69m47s",
        "111z3389m147p147s",
        "12m456p789p123s55s",  # waits 3m; no yaku but robbing the kan
        "234567z56m6p689s9p",
    ],
    [
        (0, Discard(t("3m"))),
        (1, Pon((13, 13))),
        (1, Discard(t("8m"))),
        (0, Discard(41)),
        (1, Minkan((41, 41, 41))),
        (1, Kakan(13)),
        (2, Ron()),
    ],
    draws="5z5z9p",
    dead="2p3p4p6p7p8p2s3s4s6s3m",  # the first replacement draw is the fourth 3m
    ends="win",
    note="an open kan, then an added kan on its replacement tile, robbed",
)

RINSHAN = Hand(
    [QUIET[0], "111z123m456m789p9s", "234567s78s555z11p", SEAT3_NO_EAST],
    [(0, Discard(41)), (1, Minkan((41, 41, 41))), (1, Tsumo())],
    dead="2m3m4m6m7m8m9m2p3p4p9s",
    ends="win",
    note="an open kan and a win on its replacement tile (no dora shown)",
)

DEALER_7S = "112z2589p258s369m7s"
SEAT1_ITTSU = "123456789m11p56s"  # waits 4s/7s
SEAT2_PIN_ITTSU = "123456789p555z7s"  # waits 7s
SEAT3_TANYAO = "234m567m345p66p68s"  # waits 7s

TRIPLE_RON = Hand(
    [DEALER_7S, SEAT1_ITTSU, SEAT2_PIN_ITTSU, SEAT3_TANYAO],
    [(0, Discard(t("7s"))), (1, Ron()), (2, Ron()), (3, Ron())],
    ends="triple_ron",
    note="three seats win on one discard: Tenhou aborts",
)

NINE_TERMINALS = Hand(
    ["19m19p19s1234z234m5p", QUIET[1], QUIET[2], QUIET[3]],
    [(0, AbortiveDraw("nine_terminals"))],
    ends="nine_terminals",
    note="the dealer declares nine terminals",
)

FOUR_WINDS = Hand(
    [QUIET[0], "17z147m1479p1479s", "156z369p369s1m7m8s8p", QUIET[3]],
    [(0, Discard(41)), (1, Discard(41)), (2, Discard(41)), (3, Discard(41))],
    ends="four_winds",
    note="four Easts on the first go-around",
)

FOUR_RIICHI = Hand(
    ["123456789m11p56s1z", "123456789p11s56m", "123456789s22m34p", "1112223334445z"],
    [
        (0, Discard(41, riichi=True)),
        (1, Discard(t("7z"), riichi=True)),
        (2, Discard(t("7z"), riichi=True)),
        (3, Discard(t("7z"), riichi=True)),
    ],
    draws="7z7z7z",
    ends="four_riichi",
    note="four riichi",
)

EXHAUSTIVE = Hand(
    ["123456789m11p56s1z", QUIET[1], QUIET[2], QUIET[3]],
    [(0, Discard(41, riichi=True))],
    ends="exhaustive",
    note="the dealer's riichi, nobody wins: an exhaustive draw",
)


def _nagashi() -> Hand:
    """The dealer draws and discards only terminals and honors; the others only simples."""
    hands = [parse(h) for h in QUIET]
    pool = Counter(build_wall("riichi")) - Counter(x for h in hands for x in h)
    orphans = sorted(x for x in pool.elements() if is_terminal_or_honor(x))
    simples = sorted(x for x in pool.elements() if not is_terminal_or_honor(x))
    draws = [orphans.pop() if k % 4 == 0 else simples.pop() for k in range(1, 70)]
    return Hand(QUIET, draws=draws, ends="nagashi", note="nagashi mangan for the dealer")


NAGASHI = _nagashi()

#: One game with all of them, in an order the match plays through (East 1 onwards).
GAME = [
    MINKAN,
    RIICHI_PON,
    KAKAN,
    RIICHI_CHI,
    ANKAN,
    RIICHI_MINKAN,
    CHANKAN,
    FOUR_KANS,
    DOUBLE_RON,
    KAN_THEN_ROBBED,
    RINSHAN,
    TRIPLE_RON,
    NINE_TERMINALS,
    FOUR_WINDS,
    FOUR_RIICHI,
    EXHAUSTIVE,
    NAGASHI,
]
