"""The ruleset registry and the contract: the built-in rulesets come from the
``openmahjong.rulesets`` entry-point group and satisfy :class:`Ruleset`; a ruleset made in the
process is added with ``register``; a ruleset's wall is registered with the fairness layer and
drawn with the same seeds and commitments as the built-in ones."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel

from openmahjong import fairness
from openmahjong.bots.mcr import play_mcr_match
from openmahjong.bots.riichi import RiichiBot
from openmahjong.bots.selfplay import play_match
from openmahjong.fairness import WallRuleset
from openmahjong.rules import registry
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.mcr.game.ruleset import RULESET as MCR
from openmahjong.rules.registry import get_ruleset, preset_name, register, rulesets, unregister
from openmahjong.rules.riichi.game.ruleset import RULESET as RIICHI
from openmahjong.table.events import Event
from openmahjong.table.match import Match

# Typed assignments: mypy checks that the built-in rulesets satisfy the contract.
RIICHI_AS_CONTRACT: Ruleset = RIICHI
MCR_AS_CONTRACT: Ruleset = MCR

SEED = 0x1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF
SALT = "0123456789abcdef0123456789abcdef"

#: A wall of two suits only, as a third-party ruleset might shuffle.
TOY_WALL = WallRuleset(
    name="toy-two-suits",
    size=72,
    hand_number="round_index",
    dealer_extra=True,
    note="characters and dots x4 in code order",
    kinds=tuple(range(11, 20)) + tuple(range(21, 30)),
)


class ToyOptions(BaseModel):
    name: str = "custom"


@dataclass(frozen=True)
class ToyRuleset:
    """Just enough of the contract to be registered (no match is played here: the third-party
    ruleset test plays one)."""

    name: str = "toy"
    seats: int = 4
    tiles: int = 72
    options_schema: type[BaseModel] = ToyOptions
    wall_rules: WallRuleset = TOY_WALL
    events: tuple[type[Event], ...] = ()

    @property
    def presets(self) -> Mapping[str, BaseModel]:
        return {"toy": ToyOptions(name="toy")}

    @property
    def preset_aliases(self) -> Mapping[str, str]:
        return {}

    def preset_name(self, name: str) -> str:
        if name != "toy":
            raise ValueError(f"unknown preset {name!r}")
        return name

    def options(self, name: str, **changes: Any) -> BaseModel:
        return ToyOptions(name=self.preset_name(name), **changes)

    def new_match(
        self,
        players: Sequence[str] | None,
        master_seed: int,
        salt: str | None,
        options: BaseModel | str,
    ) -> Match[Any, Any]:
        raise NotImplementedError

    @property
    def standard_preset(self) -> str:
        return "toy"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {"toy": self.bot}

    def bot(self, seed: int) -> Bot:
        return RiichiBot(seed)

    @property
    def outside_formats(self) -> frozenset[str]:
        return frozenset()

    def replay(self, record: Mapping[str, Any]) -> Match[Any, Any]:
        raise NotImplementedError

    def client_info(self) -> dict[str, Any]:
        return {"name": self.name}

    def is_ready(self, concealed: Iterable[int]) -> bool:
        return False

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        return False


TOY_AS_CONTRACT: Ruleset = ToyRuleset()


@pytest.fixture
def toy() -> Iterator[ToyRuleset]:
    ruleset = ToyRuleset()
    register(ruleset)
    yield ruleset
    if "toy" in registry._registered:
        unregister("toy")


# --------------------------------------------------------------------------- the built-in ones


def test_the_built_in_rulesets_come_from_their_entry_points() -> None:
    assert get_ruleset("riichi") is RIICHI and get_ruleset("mcr") is MCR
    assert {"riichi", "mcr"} <= set(rulesets())
    assert "riichi" in registry._installed() and "mcr" in registry._installed()


@pytest.mark.parametrize("ruleset", [RIICHI, MCR], ids=["riichi", "mcr"])
def test_the_built_in_rulesets_satisfy_the_contract(ruleset: Ruleset) -> None:
    assert isinstance(ruleset, Ruleset)
    assert registry._missing_members(ruleset) == []
    assert ruleset.seats == 4
    assert ruleset.tiles == ruleset.wall_rules.size == len(ruleset.wall_rules.build())
    assert fairness.WALL_RULESETS[ruleset.name] is ruleset.wall_rules
    assert all(issubclass(e, Event) for e in ruleset.events)
    info = ruleset.client_info()
    assert json.loads(json.dumps(info)) == info  # JSON-ready
    assert info["name"] == ruleset.name and info["hand_number"] == ruleset.wall_rules.hand_number


def test_what_differs_between_the_built_in_rulesets_is_data() -> None:
    assert (RIICHI.tiles, MCR.tiles) == (136, 144)
    assert RIICHI.wall_rules.hand_number == "round_index"
    assert MCR.wall_rules.hand_number == "current_round"
    assert RIICHI.client_info()["red_fives"] and not MCR.client_info()["red_fives"]
    assert {e.__name__ for e in MCR.events} >= {"FlowerRevealed", "FalseWinPenalised"}
    assert type(RIICHI.bot(1)).__name__ == "RiichiBot"
    assert type(MCR.bot(1)).__name__ == "McrBot"


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="mcr, .*riichi"):
        get_ruleset("poker")


def test_presets_answer_aliases_and_list_canonical_names() -> None:
    assert RIICHI.preset_name("MAJSOUL_TONPUU") == "majsoul-tonpuu"
    assert "MAJSOUL_TONPUU" in RIICHI.presets and "MAJSOUL_TONPUU" not in list(RIICHI.presets)
    assert dict(RIICHI.preset_aliases) == {
        "MAJSOUL_TONPUU": "majsoul-tonpuu",
        "MAJSOUL_HANCHAN": "majsoul-hanchan",
    }
    assert dict(MCR.preset_aliases) == {}
    assert preset_name(MCR, "mcr-1round") == "mcr-1round"
    assert preset_name(MCR, "nope") == "nope"  # the caller refuses it
    with pytest.raises(ValueError, match="unknown preset 'nope': choose one of mcr-1round"):
        MCR.options("nope")
    assert RIICHI.options("majsoul-tonpuu", red_fives=False).red_fives is False


# --------------------------------------------------------------------------- matches


def test_new_match_seats_the_players_by_the_master_seed_and_keeps_the_salt() -> None:
    entry = ["ann", "ben", "cat", "dan"]
    for ruleset in (RIICHI, MCR):
        match = ruleset.new_match(entry, SEED, SALT, next(iter(ruleset.presets)))
        header = match.record(reveal=False)["header"]
        assert header["player_entry_order"] == entry
        assert header["players"] == fairness.seat_order(SEED, entry)
        assert header["salt"] == SALT
        assert header["commitment"] == fairness.format_commitment(fairness.commitment(SEED, SALT))
        assert header["master_seed"] is None


def test_new_match_refuses_a_wrong_number_of_players() -> None:
    with pytest.raises(ValueError, match="seats 4 players, got 3"):
        RIICHI.new_match(["a", "b", "c"], SEED, None, "majsoul-tonpuu")


def test_replay_rebuilds_a_played_match_from_its_record() -> None:
    riichi = play_match(RIICHI.options("majsoul-tonpuu"), SEED, salt=SALT)
    mcr = play_mcr_match(MCR.options("mcr-1round"), SEED, salt=SALT)
    for ruleset, played in ((RIICHI, riichi), (MCR, mcr)):
        record = json.loads(json.dumps(played.record()))
        again = ruleset.replay(record)
        assert type(again) is type(played) and again.finished
        assert json.loads(json.dumps(again.record())) == record


def test_replay_takes_the_preset_when_the_header_has_no_options() -> None:
    played = play_mcr_match(MCR.options("mcr-1round"), SEED)
    record = played.record()
    del record["header"]["options"]
    assert MCR.replay(record).record()["hands"] == played.record()["hands"]


# --------------------------------------------------------------------------- register


def test_register_adds_a_ruleset_and_its_wall_and_unregister_takes_them_away(toy) -> None:
    assert get_ruleset("toy") is toy and "toy" in rulesets()
    assert fairness.WALL_RULESETS["toy-two-suits"] is TOY_WALL
    assert register(toy) is toy  # again: harmless
    unregister("toy")
    assert "toy" not in rulesets()
    assert "toy-two-suits" not in fairness.WALL_RULESETS
    with pytest.raises(ValueError, match="toy-two-suits"):
        fairness.build_wall("toy-two-suits")
    with pytest.raises(ValueError, match="no ruleset 'toy'"):
        unregister("toy")


def test_register_refuses_another_ruleset_under_a_taken_name(toy) -> None:
    with pytest.raises(ValueError, match="another ruleset is registered as 'toy'"):
        register(ToyRuleset(tiles=73))


def test_register_refuses_another_wall_under_a_taken_name() -> None:
    riichi_named = WallRuleset(
        name="riichi",
        size=72,
        hand_number="round_index",
        dealer_extra=True,
        note="",
        kinds=TOY_WALL.kinds,
    )
    with pytest.raises(ValueError, match="another wall is registered as 'riichi'"):
        register(ToyRuleset(wall_rules=riichi_named))
    assert "toy" not in rulesets()


def test_register_refuses_what_is_not_a_ruleset() -> None:
    with pytest.raises(TypeError, match="lacks bot, .*client_info, events"):
        register(ToyOptions())  # type: ignore[arg-type]


def test_preset_name_leaves_an_unknown_name_to_the_caller(toy) -> None:
    assert preset_name(toy, "toy") == "toy"
    assert preset_name(toy, "other") == "other"


# --------------------------------------------------------------------------- open walls


def test_a_registered_wall_is_drawn_with_the_same_seeds_and_commitments(toy) -> None:
    wall = fairness.shuffled_wall("toy-two-suits", SEED, 3)
    assert wall == fairness.shuffled_wall("toy-two-suits", SEED, 3)  # reproducible
    assert wall != fairness.shuffled_wall("toy-two-suits", SEED, 4)
    expected = [t for t in TOY_WALL.kinds for _ in range(4)]
    assert fairness.build_wall("toy-two-suits") == expected
    seed_hex = format(SEED, "064x")
    random.Random(int(hashlib.sha256((seed_hex + "3").encode()).hexdigest(), 16)).shuffle(expected)
    assert wall == expected  # the seed document's formula, statement for statement
    published = int(hashlib.sha256((seed_hex + SALT).encode()).hexdigest(), 16)
    assert fairness.commitment(SEED, SALT) == published
    hands, rest = fairness.deal(wall, dealer=1, dealer_extra=TOY_WALL.dealer_extra)
    assert [len(h) for h in hands] == [13, 14, 13, 13] and len(rest) == 72 - 53


def test_a_wall_must_have_the_size_it_declares() -> None:
    with pytest.raises(ValueError, match="has 72 tiles, not the 70 declared"):
        WallRuleset(
            name="bad",
            size=70,
            hand_number="round_index",
            dealer_extra=True,
            note="",
            kinds=TOY_WALL.kinds,
        )


#: SHA-256 (16 digits) of the JSON of hands 1..16's walls with seed SEED + n, worked out before
#: the walls became registered: the fairness walls must stay the same to the byte.
WALL_DIGESTS = {
    ("riichi", True): "b9291f82a330b873",
    ("riichi", False): "4327613c5cb4aa22",
    ("mcr", True): "113de2eda5ac4ac1",
    ("mcr", False): "113de2eda5ac4ac1",
    ("sichuan", True): "f0d5fd0cd8174988",
    ("sichuan", False): "f0d5fd0cd8174988",
}


@pytest.mark.parametrize(("name", "red_fives"), WALL_DIGESTS)
def test_the_built_in_walls_are_unchanged(name: str, red_fives: bool) -> None:
    walls = [fairness.shuffled_wall(name, SEED + n, n, red_fives=red_fives) for n in range(1, 17)]
    digest = hashlib.sha256(json.dumps(walls).encode()).hexdigest()[:16]
    assert digest == WALL_DIGESTS[name, red_fives]


def test_the_fairness_layer_finds_the_rulesets_walls_by_itself() -> None:
    # Nothing but fairness imported: asking for a ruleset's wall loads the installed rulesets.
    code = (
        "from openmahjong import fairness; "
        "print(sorted(fairness.WALL_RULESETS), fairness.shuffled_wall('riichi', 7, 1)[:3])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # Every installed ruleset's wall (entry points: riichi, mcr, sichuan, changsha, ...).
    walls = sorted({r.wall_rules.name for r in registry.rulesets().values()} | {"sichuan"})
    assert out.stdout.strip() == f"{walls} {fairness.shuffled_wall('riichi', 7, 1)[:3]}"
