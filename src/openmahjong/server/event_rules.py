"""The rules of an event application (platform guide §8, docs/events.md "The application and
its rules"), as pure functions: one per rule, each answering the problems it finds as
``{field, code, message}``, the message stating the rule so the form can show it at the field.

Nothing here touches the database or the clock except through its arguments, so every rule is
tested on named inputs (tests/server/test_event_rules.py).

The name rule is the one that needs judgement. The guide refuses "an abbreviation, unclear
wording or a generic public name" and gives examples in English and Chinese. A name is cut into
words; every generic word (mahjong, a ruleset's name, tournament, cup, league, an ordinal, a
year, a region, and their Chinese and Japanese forms) is taken out; what is left is the name's
distinctive part. Nothing left (or a single letter): generic. Only abbreviations left ("FST"):
an abbreviation. Anything else is a name the reviewers then read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from openmahjong.server.security import unprintable

__all__ = [
    "Application",
    "Problem",
    "EVENT_RULES",
    "FIELD_HELP",
    "NAME_EXAMPLES",
    "clean_line",
    "clean_text",
    "has_contact_details",
    "check_accept_rules",
    "check_application",
    "check_contact",
    "check_dates",
    "check_description",
    "check_name",
    "check_organiser_name",
    "check_phone",
    "name_words",
    "rules_text",
]

NAME_MIN, NAME_MAX = 3, 120
DESCRIPTION_MAX = 5000
ORGANISER_MAX = 64
CONTACT_MIN, CONTACT_MAX = 3, 200
PHONE_DIGITS_MIN, PHONE_DIGITS_MAX = 7, 15
PHONE_CHARS = 32
NOTES_MAX = 2000
#: Planned dates further than this from today are a typo (and year 9999 overflows the store).
DATES_SPAN = timedelta(days=3650)

Problem = dict[str, Any]

#: The platform's event rules an applicant accepts (the guide's §8.2, in our words).
EVENT_RULES = [
    "At least 80% of entry fees are spent on the event's organisation, prizes and other event "
    "costs. Qualification places for higher-level events and other special prizes may be "
    "counted apart.",
    "An event that charges an entry fee states its rules and prizes clearly. If the stated "
    "rules or prizes are not honoured, or a late change of format causes a dispute, the "
    "platform may step in: warnings, revoking organiser rights, or banning accounts.",
    "An event sponsored by tobacco, alcohol, betel nut or another addictive product contacts a "
    "platform administrator before applying.",
]

NAME_RULE = (
    "Enter the complete event name, in Chinese, English or another language: no abbreviation, "
    "no unclear wording and no generic public name."
)

NAME_EXAMPLES = {
    "invalid": ["MCR Mahjong Tournament", "FST Cup", "国标麻将比赛", "FST杯"],
    "valid": [
        "1st Mystery Guest Cup MCR Mahjong Tournament",
        "Gugu Gaga MCR Mahjong Group Tournament",
        "第一届神秘嘉宾杯国标麻将比赛",
        "咕咕嘎嘎国标麻将群内赛",
    ],
}

FIELD_HELP = {
    "name": f"{NAME_RULE} {NAME_MIN} to {NAME_MAX} characters.",
    "planned_start": (
        "The approximate start. Event admins decide when the event actually opens; you can "
        "change the date later."
    ),
    "planned_end": (
        "The approximate end, after the start. A recurring monthly or quarterly event may leave "
        "it out. You can change it later."
    ),
    "description": (
        "Public. It must give clear registration contact details (an email address, a phone "
        "number, a web address, or a QQ, WeChat, Discord, Telegram or group id after its "
        "name). The schedule may be left out or changed later."
    ),
    "organiser_name": (
        "Your real name, or a usual ID if you do not want to show it (the phone number must "
        "then be registered to your real name)."
    ),
    "contact": "A contact method that reaches you within 24 hours.",
    "phone": (
        "Only for real-name verification: never shown, seen by event admins only. If you do "
        "not want to be called, put your preferred contact method in the notes."
    ),
    "notes": (
        "For the reviewers, never public: anything to disclose in advance. Every save, "
        "resubmission and reply is kept in order."
    ),
    "accept_rules": "Accept the platform's event rules.",
}


def rules_text() -> dict[str, Any]:
    """What the application form shows (GET /api/events/rules)."""
    return {
        "event_rules": EVENT_RULES,
        "name_rule": NAME_RULE,
        "name_examples": NAME_EXAMPLES,
        "fields": FIELD_HELP,
        "limits": {
            "name": [NAME_MIN, NAME_MAX],
            "description": DESCRIPTION_MAX,
            "organiser_name": ORGANISER_MAX,
            "contact": [CONTACT_MIN, CONTACT_MAX],
            "phone_digits": [PHONE_DIGITS_MIN, PHONE_DIGITS_MAX],
            "notes": NOTES_MAX,
        },
    }


@dataclass
class Application:
    """The fields the rules judge, already cleaned (see :func:`clean_line`)."""

    name: str = ""
    planned_start: datetime | None = None
    planned_end: datetime | None = None
    description: str = ""
    organiser_name: str = ""
    contact: str = ""
    phone: str = ""
    accept_rules: bool = False


def _problem(field: str, code: str, message: str, **params: Any) -> Problem:
    return {"field": field, "code": code, "message": message, "params": {"field": field, **params}}


# --- cleaning -------------------------------------------------------------------------------


def clean_line(text: str) -> str:
    """A one-line field as stored and shown: NFKC, no control or invisible characters, each run
    of spaces one space."""
    kept = "".join(
        c for c in unicodedata.normalize("NFKC", text) if not unprintable(c) or c.isspace()
    )
    return " ".join(kept.split())


def clean_text(text: str) -> str:
    """A text field (description, notes): as :func:`clean_line` but the line breaks kept (at
    most one empty line in a row)."""
    lines = [clean_line(line) for line in unicodedata.normalize("NFKC", text).splitlines()]
    joined = "\n".join(lines).strip()
    return re.sub(r"\n{3,}", "\n\n", joined)


# --- the name -------------------------------------------------------------------------------

#: Latin words that say what an event is, never which one (compared case-folded).
_GENERIC_WORDS = frozenset(
    """
    mahjong mahjongg majiang mahjang majan mah jong jongg mj
    mcr riichi sichuan guobiao gb zung jung zj wrc ema rcr jpml hk hong kong taiwanese taiwan
    chinese japanese american korean official standard classic modern competition rules ruleset
    tournament tournaments tourney cup cups trophy championship championships champion
    champions league leagues open opens competition competitions contest contests match matches
    game games series event events invitational masters master grand prix gp final finals
    semifinal semifinals qualifier qualifiers qualification playoff playoffs ranking ranked
    rank season seasonal annual monthly weekly daily quarterly spring summer autumn fall winter
    online offline internet web club clubs group groups team teams individual individuals pairs
    amateur amateurs pro pros professional professionals player players friendly friendlies
    international national regional local world global european europe asian asia china japan
    korea america usa uk city the a an of and for in at on by to with de la le du des
    first second third fourth fifth sixth seventh eighth ninth tenth edition year
    i ii iii iv v vi vii viii ix x xi xii
    """.split()  # noqa: SIM905 (a word list reads better as text)
)

#: Chinese and Japanese generic phrases, longest first so a phrase wins over its parts.
_GENERIC_CJK = sorted(
    """
    国标麻将 国标麻雀 国际麻将 中国麻将 竞技麻将 日本麻将 日麻 立直麻将 立直麻雀 立直 四川麻将 川麻
    血战到底 血战 血流成河 台湾麻将 广东麻将 港式麻将 麻将 麻雀 麻將 國標 国标
    锦标赛 錦標賽 联赛 聯賽 公开赛 公開賽 邀请赛 邀請賽 冠军赛 總決賽 总决赛 决赛 決賽 半决赛 选拔赛
    积分赛 排位赛 友谊赛 交流赛 个人赛 团体赛 群内赛 群赛 线上赛 网络赛 月赛 周赛 季赛 季度赛
    年赛 大赛 比赛 比賽 赛事 賽事 杯赛 赛 賽 杯 盃 挑战赛 大会 大會 選手権 リーグ オープン 公式戦
    公式 戦 オンライン 麻雀大会 トーナメント カップ 杯戦 全国 全國 国际 國際 中国 中國 世界 亚洲
    全球 公开 业余 职业 官方 线上 网络 年度 春季 夏季 秋季 冬季
    """.split(),  # noqa: SIM905
    key=len,
    reverse=True,
)

_CJK_NUMERALS = "0-9〇零一二三四五六七八九十百千两"
_CJK_ORDINAL = re.compile(
    rf"第[{_CJK_NUMERALS}]+[届屆期季回次]|[{_CJK_NUMERALS}]+[届屆期季回次年月]"
)
_LATIN_ORDINAL = re.compile(r"\b\d+(?:st|nd|rd|th)\b|\bno\.?\s*\d+\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_VOWELS = frozenset("AEIOUY")


def _is_cjk(char: str) -> bool:
    name = unicodedata.name(char, "")
    return name.startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))


def _is_latin_word(word: str) -> bool:
    return not any(_is_cjk(c) for c in word)


def name_words(name: str) -> list[str]:
    """The name's distinctive words: its words without the generic ones, ordinals, years and
    other numbers. ``"1st Mystery Guest Cup MCR Mahjong Tournament"`` -> ``["Mystery",
    "Guest"]``; ``"第一届神秘嘉宾杯国标麻将比赛"`` -> ``["神秘嘉宾"]``."""
    text = unicodedata.normalize("NFKC", name)
    text = _LATIN_ORDINAL.sub(" ", text)
    text = _CJK_ORDINAL.sub(" ", text)
    for phrase in _GENERIC_CJK:
        text = text.replace(phrase, " ")
    words = []
    for word in _WORD.findall(text):
        if _is_latin_word(word):
            if word.casefold() not in _GENERIC_WORDS:
                words.append(word)
        else:
            # A CJK run touching Latin letters ("FST杯" became "FST "): kept whole.
            words.append(word)
    return words


def _looks_abbreviated(word: str, name_has_lowercase: bool) -> bool:
    """An all-capital Latin word of up to six letters ("FST", "F" of "F.S.T."). In a name
    written all in capitals only a word without vowels counts (so "GUGU GAGA" is a name)."""
    if not (_is_latin_word(word) and word.isupper() and len(word) <= 6):
        return False
    return name_has_lowercase or not (set(word) & _VOWELS)


def check_name(name: str) -> list[Problem]:
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return [
            _problem(
                "name",
                "event_name_length",
                f"The event name is {NAME_MIN} to {NAME_MAX} characters; this one is {len(name)}.",
                min=NAME_MIN,
                max=NAME_MAX,
                length=len(name),
            )
        ]
    words = name_words(name)
    letters = sum(len(w) for w in words)
    if letters < 2:
        return [
            _problem(
                "name",
                "event_name_generic",
                f"{NAME_RULE} This name only says what kind of event it is, not which one: "
                "add what makes it yours (its own name, the organiser or sponsor, the place), "
                "e.g. '1st Mystery Guest Cup MCR Mahjong Tournament'.",
                name=name,
            )
        ]
    has_lowercase = any(c.islower() for c in name)
    if all(_looks_abbreviated(w, has_lowercase) for w in words):
        shown = " ".join(words)[:40]
        return [
            _problem(
                "name",
                "event_name_abbreviation",
                f"{NAME_RULE} '{shown}' is an abbreviation: write it out in full, e.g. "
                "'Gugu Gaga MCR Mahjong Group Tournament'.",
                name=name,
                abbreviation=shown,
            )
        ]
    return []


# --- dates ----------------------------------------------------------------------------------


def check_dates(start: datetime | None, end: datetime | None, now: datetime) -> list[Problem]:
    """Start required, end optional and after the start; both with a time zone and within ten
    years of ``now``."""
    problems: list[Problem] = []
    if start is None:
        return [
            _problem(
                "planned_start",
                "event_dates",
                "Give the planned start (approximate; you can change it later).",
            )
        ]
    for field, value in (("planned_start", start), ("planned_end", end)):
        if value is None:
            continue
        if value.tzinfo is None:
            problems.append(
                _problem(field, "event_dates", "A planned date needs a time zone (e.g. ...Z).")
            )
        elif abs(value - now) > DATES_SPAN:
            problems.append(
                _problem(field, "event_dates", "A planned date is within ten years of today.")
            )
    if problems:
        return problems
    if end is not None and end <= start:
        problems.append(
            _problem(
                "planned_end",
                "event_dates",
                "The planned end is after the planned start (a recurring event may leave the "
                "end out).",
            )
        )
    return problems


# --- the description ------------------------------------------------------------------------

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_TLDS = "com|org|net|io|gg|me|cn|jp|tw|hk|uk|de|fr|info|top|xyz"
_URL = re.compile(
    rf"(?:https?://|www\.)\S{{2,}}|\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:{_TLDS})\b",
    re.IGNORECASE,
)
#: "+86 138 0013 8000", a run of 7+ digits (a QQ number too), "010-1234-5678"; not a date.
_PHONE_IN_TEXT = re.compile(
    r"\+\d[\d -]{5,}\d|(?<!\d)\d{7,15}(?!\d)|(?<!\d)\(?\d{2,4}\)?[ -]\d{3,4}[ -]\d{3,4}(?!\d)"
)
#: Words an id follows. Phone and email words are not among them: after those only a real
#: number or address counts ("phone: call the club" gives neither).
_CONTACT_WORDS = (
    r"qq|wechat|weixin|微信|vx|wx|discord|telegram|kakao|whatsapp|signal|skype|twitter|"
    r"bilibili|b站|微博|weibo|群号|群|連絡先|联系方式|联系|報名|报名"
)
#: A contact word then an id: "QQ: 12345678", "WeChat gugugaga_mj", "报名群：123456789".
_HANDLE = re.compile(
    rf"(?<![A-Za-z])(?:{_CONTACT_WORDS})\s*(?:id|号)?\s*[:：=]?\s*@?[A-Za-z0-9][A-Za-z0-9_.#@-]{{3,}}",
    re.IGNORECASE,
)


def has_contact_details(text: str) -> bool:
    """An email address, a web address, a phone number (7+ digits), or an id after a contact
    word (QQ, WeChat, Discord, Telegram, group...)."""
    if _EMAIL.search(text) or _URL.search(text) or _HANDLE.search(text):
        return True
    return any(
        sum(c.isdigit() for c in m.group()) >= PHONE_DIGITS_MIN
        for m in _PHONE_IN_TEXT.finditer(text)
    )


def check_description(description: str) -> list[Problem]:
    if not 1 <= len(description) <= DESCRIPTION_MAX:
        return [
            _problem(
                "description",
                "event_description_length",
                f"The description is 1 to {DESCRIPTION_MAX} characters; this one is "
                f"{len(description)}.",
                max=DESCRIPTION_MAX,
                length=len(description),
            )
        ]
    if not has_contact_details(description):
        return [
            _problem(
                "description",
                "event_description_contact",
                "The description must give clear registration contact details: an email "
                "address, a phone number, a web address, or a QQ, WeChat, Discord, Telegram or "
                "group id after its name (e.g. 'Register: QQ group 123456789').",
            )
        ]
    return []


# --- the organiser --------------------------------------------------------------------------


def check_organiser_name(name: str) -> list[Problem]:
    if 1 <= len(name) <= ORGANISER_MAX:
        return []
    return [
        _problem(
            "organiser_name",
            "event_organiser",
            f"Give your real name or a usual ID, 1 to {ORGANISER_MAX} characters.",
            max=ORGANISER_MAX,
        )
    ]


def check_contact(contact: str) -> list[Problem]:
    if CONTACT_MIN <= len(contact) <= CONTACT_MAX:
        return []
    return [
        _problem(
            "contact",
            "event_contact",
            f"Give a contact method that reaches you within 24 hours, {CONTACT_MIN} to "
            f"{CONTACT_MAX} characters.",
            min=CONTACT_MIN,
            max=CONTACT_MAX,
        )
    ]


_PHONE = re.compile(r"\+?[0-9]+(?:[ -][0-9]+)*")


def check_phone(phone: str) -> list[Problem]:
    digits = sum(c.isdigit() for c in phone)
    if (
        len(phone) <= PHONE_CHARS
        and _PHONE.fullmatch(phone)
        and PHONE_DIGITS_MIN <= digits <= PHONE_DIGITS_MAX
    ):
        return []
    return [
        _problem(
            "phone",
            "event_phone",
            f"Give a phone number for real-name verification: digits, an optional leading + "
            f"and spaces or dashes, {PHONE_DIGITS_MIN} to {PHONE_DIGITS_MAX} digits. It is "
            "never shown.",
            min=PHONE_DIGITS_MIN,
            max=PHONE_DIGITS_MAX,
        )
    ]


def check_accept_rules(accepted: bool) -> list[Problem]:
    if accepted:
        return []
    return [
        _problem(
            "accept_rules",
            "event_rules_not_accepted",
            "Accept the platform's event rules: 80% of entry fees go to the event, rules and "
            "prizes stated clearly, addictive-product sponsors contact an administrator first.",
        )
    ]


def check_application(app: Application, now: datetime) -> list[Problem]:
    """Every problem of the application, in the form's order."""
    return [
        *check_name(app.name),
        *check_dates(app.planned_start, app.planned_end, now),
        *check_description(app.description),
        *check_organiser_name(app.organiser_name),
        *check_contact(app.contact),
        *check_phone(app.phone),
        *check_accept_rules(app.accept_rules),
    ]
