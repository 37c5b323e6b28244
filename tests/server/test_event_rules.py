"""The event application's rules as pure functions (server/event_rules.py): the guide's own
valid and invalid names in English and Chinese, and each other rule on named inputs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from openmahjong.server import event_rules as rules

NOW = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def codes(problems: list[dict]) -> list[str]:
    return [p["code"] for p in problems]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        # The guide's invalid examples, English and Chinese.
        ("MCR Mahjong Tournament", "event_name_generic"),
        ("FST Cup", "event_name_abbreviation"),
        ("国标麻将比赛", "event_name_generic"),
        ("FST杯", "event_name_abbreviation"),
        # Generic words only, in other forms.
        ("Riichi Cup", "event_name_generic"),
        ("2026 Riichi Open", "event_name_generic"),
        ("The 3rd Sichuan Mahjong League", "event_name_generic"),
        ("World Riichi Championship", "event_name_generic"),
        ("第十届麻将大会", "event_name_generic"),
        ("立直麻将公开赛", "event_name_generic"),
        ("x Cup", "event_name_generic"),
        # Abbreviations, however written.
        ("F.S.T. Cup", "event_name_abbreviation"),
        ("FST CUP", "event_name_abbreviation"),
        ("MJL FST Riichi Cup", "event_name_abbreviation"),
        # Too short or too long.
        ("Cu", "event_name_length"),
        ("A" * 121, "event_name_length"),
    ],
)
def test_names_refused_with_the_reason(name, code):
    problems = rules.check_name(name)
    assert codes(problems) == [code]
    problem = problems[0]
    assert problem["field"] == "name" and problem["params"]["field"] == "name"
    # The message states the rule (and the length rule its bounds).
    if code == "event_name_length":
        assert "3 to 120 characters" in problem["message"]
    else:
        assert problem["message"].startswith("Enter the complete event name")


def test_the_abbreviation_is_named_in_the_refusal():
    (problem,) = rules.check_name("FST Cup")
    assert problem["params"]["abbreviation"] == "FST"
    assert "'FST' is an abbreviation" in problem["message"]


def test_a_refusal_never_echoes_a_long_name():
    long = "Riichi " * 17  # 119 characters, every word generic
    (problem,) = rules.check_name(long.strip())
    assert problem["code"] == "event_name_generic"
    assert long.strip() not in problem["message"] and len(problem["message"]) <= 400
    (short,) = rules.check_name("AB CD EF GH IJ KL MN OP QR ST UV WX YZ AB CD EF GH Cup")
    assert short["code"] == "event_name_abbreviation" and len(short["message"]) <= 400


@pytest.mark.parametrize(
    ("name", "distinctive"),
    [
        # The guide's valid examples, English and Chinese.
        ("1st Mystery Guest Cup MCR Mahjong Tournament", ["Mystery", "Guest"]),
        ("Gugu Gaga MCR Mahjong Group Tournament", ["Gugu", "Gaga"]),
        ("第一届神秘嘉宾杯国标麻将比赛", ["神秘嘉宾"]),
        ("咕咕嘎嘎国标麻将群内赛", ["咕咕嘎嘎"]),
        # An abbreviation beside a real word is a name; an all-capital name with vowels too.
        ("UCL Mystery Cup", ["UCL", "Mystery"]),
        ("GUGU GAGA CUP", ["GUGU", "GAGA"]),
        # Short Chinese names whose characters are not generic on their own.
        ("雀魂杯", ["雀魂"]),
        ("月季杯", ["月季"]),
    ],
)
def test_names_accepted_and_their_distinctive_words(name, distinctive):
    assert rules.name_words(name) == distinctive
    assert rules.check_name(name) == []


@pytest.mark.parametrize(
    ("start", "end", "fields"),
    [
        (None, None, ["planned_start"]),
        (NOW + timedelta(days=3), NOW + timedelta(days=2), ["planned_end"]),
        (NOW + timedelta(days=3), NOW + timedelta(days=3), ["planned_end"]),
        (datetime(2027, 1, 1), None, ["planned_start"]),  # no time zone
        (NOW + timedelta(days=3700), None, ["planned_start"]),
        (NOW, NOW + timedelta(days=3700), ["planned_end"]),
    ],
)
def test_dates_refused(start, end, fields):
    problems = rules.check_dates(start, end, NOW)
    assert codes(problems) == ["event_dates"] * len(fields)
    assert [p["field"] for p in problems] == fields


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (NOW + timedelta(days=3), None),  # a recurring event: no end
        (NOW + timedelta(days=3), NOW + timedelta(days=3, hours=5)),
        (NOW - timedelta(days=10), None),  # a monthly event already under way
    ],
)
def test_dates_accepted(start, end):
    assert rules.check_dates(start, end, NOW) == []


@pytest.mark.parametrize(
    "description",
    [
        "Register: QQ group 123456789",
        "Sign up by email to gugu@example.org",
        "Details and sign-up: https://gugugaga.example/mcr",
        "报名微信：gugu_mj",
        "报名群：987654321",
        "Call +86 138 0013 8000 to register",
        "Telegram @gugugaga_mj",
        "Discord: gugu#1234",
        "电话 010-1234-5678",
    ],
)
def test_descriptions_with_registration_contact(description):
    assert rules.check_description(description) == []


@pytest.mark.parametrize(
    "description",
    [
        "Starts 2026-12-06 10:00, come early.",  # a date is not a phone number
        "Sign up in the lobby.",
        "报名请联系群主",  # names a contact, gives none
        "The fox hunts at dawn",  # "x" is no contact word
        "Register by phone: call the club",  # a phone word without a number
        "email the organiser",  # an email word without an address
    ],
)
def test_descriptions_without_contact_refused(description):
    (problem,) = rules.check_description(description)
    assert problem["code"] == "event_description_contact"
    assert "registration contact details" in problem["message"]


def test_description_length():
    assert codes(rules.check_description("")) == ["event_description_length"]
    assert codes(rules.check_description("QQ 12345678 " + "x" * 5000)) == [
        "event_description_length"
    ]


@pytest.mark.parametrize(
    ("phone", "ok"),
    [
        ("+86 138 0013 8000", True),
        ("13800138000", True),
        ("030-1234-5678", True),
        ("1234567", True),
        ("123456", False),  # 6 digits
        ("+1234567890123456", False),  # 16 digits
        ("138 0013 8OOO", False),  # letters
        ("++86 138 0013 8000", False),
        ("138--0013", False),
        ("", False),
    ],
)
def test_phone(phone, ok):
    assert (rules.check_phone(phone) == []) is ok


def test_organiser_contact_and_rules_accepted():
    assert codes(rules.check_organiser_name("")) == ["event_organiser"]
    assert codes(rules.check_organiser_name("Z" * 65)) == ["event_organiser"]
    assert rules.check_organiser_name("张伟") == []
    assert codes(rules.check_contact("ab")) == ["event_contact"]
    assert codes(rules.check_contact("c" * 201)) == ["event_contact"]
    assert rules.check_contact("WeChat zhangwei_mj") == []
    (refused,) = rules.check_accept_rules(False)
    assert refused["code"] == "event_rules_not_accepted" and "80%" in refused["message"]
    assert rules.check_accept_rules(True) == []


def test_an_empty_application_names_every_field_in_the_forms_order():
    problems = rules.check_application(rules.Application(), NOW)
    assert [(p["field"], p["code"]) for p in problems] == [
        ("name", "event_name_length"),
        ("planned_start", "event_dates"),
        ("description", "event_description_length"),
        ("organiser_name", "event_organiser"),
        ("contact", "event_contact"),
        ("phone", "event_phone"),
        ("accept_rules", "event_rules_not_accepted"),
    ]


def test_cleaning_keeps_the_text_and_drops_what_cannot_be_seen():
    assert rules.clean_line("  Gugu\u200b  Gaga\tCup \u202e ") == "Gugu Gaga Cup"
    assert rules.clean_line("Ｇｕｇｕ") == "Gugu"  # NFKC
    assert rules.clean_text("line one\r\n\n\n\nline\x07 two  ") == "line one\n\nline two"
    assert rules.clean_line("<b>Cup</b> & co") == "<b>Cup</b> & co"  # markup stays text


def test_the_rules_text_for_the_form():
    text = rules.rules_text()
    assert len(text["event_rules"]) == 3 and "80%" in text["event_rules"][0]
    assert "MCR Mahjong Tournament" in text["name_examples"]["invalid"]
    assert "咕咕嘎嘎国标麻将群内赛" in text["name_examples"]["valid"]
    # Every example is judged as the list says.
    assert all(rules.check_name(n) for n in text["name_examples"]["invalid"])
    assert not any(rules.check_name(n) for n in text["name_examples"]["valid"])
    assert set(text["fields"]) == {
        "name",
        "planned_start",
        "planned_end",
        "description",
        "organiser_name",
        "contact",
        "phone",
        "notes",
        "accept_rules",
    }
