"""Names, passwords and room names: lookalikes, mixed scripts, invisible and control characters,
reserved words, and the names already in a database (issue 15, item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from server_helpers import PASSWORD, client_for, make_settings, register, running
from sqlalchemy import select
from tests.store.migration_steps import USERS, revision_before

from openmahjong.server.security import (
    clean_room_name,
    name_key,
    name_problem,
    name_skeleton,
    password_problem,
)
from openmahjong.store.migrate import alembic_config
from openmahjong.store.models import User

# The migration that added users.name_skeleton.
SKELETON_REVISION = "0005"

CYRILLIC_A = "\u0430"  # а, looks like a Latin a


def _error(response) -> tuple[int, str]:
    body = response.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return response.status_code, body["error"]["code"]


# ---------------------------------------------------------------- the rules on their own


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("ALICE01", "\u0410LICE01"),  # a Cyrillic capital A
        ("alice01", "Ａｌｉｃｅ０１"),  # fullwidth: NFKC folds it
        ("alice01", "aIice01"),  # capital I for l
        ("alice01", "alice0l"),  # l for 1
        ("alice01", "aliceO1"),  # O for 0
        ("alice01", f"{CYRILLIC_A}lice01"),  # one Cyrillic letter
        ("coco", "\u0441\u043e\u0441\u043e"),  # сосо: all Cyrillic
        ("POP", "\u0420\u041e\u0420"),  # РОР: Cyrillic capitals
        ("mary", "rnary"),
        ("wendy", "vvendy"),
        ("nose", "n\u03bfse"),  # Greek omicron
        ("KIM", "\u039a\u0399\u039c"),  # ΚΙΜ: Greek capitals (Iota reads as l, as I does)
    ],
)
def test_lookalike_names_share_a_skeleton(one, other):
    assert name_skeleton(one) == name_skeleton(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("alice", "aiice"),
        ("alice", "alicé"),
        ("bob", "b0b0"),
        ("KLM", "kim"),
        # Case stays where it changes the look (I is l, i is not): same letters in another case
        # are one name already, by name_key.
        ("KIM", "kim"),
    ],
)
def test_names_that_look_different_keep_different_skeletons(one, other):
    assert name_skeleton(one) != name_skeleton(other)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        (f"{CYRILLIC_A}lice01", "script"),  # Latin with one Cyrillic letter
        ("ali\u03bfe", "script"),  # Latin with a Greek omicron
        ("\u0441\u03bf\u0441\u03bf", "script"),  # Cyrillic with Greek
        ("ali\x00ce", "control"),
        ("alice\n", "control"),
        ("alice\u202e", "control"),  # right-to-left override
        ("\u2066alice", "control"),  # left-to-right isolate
        ("al\u200bice", "control"),  # zero-width space
        ("alice\u200d", "control"),  # zero-width joiner
        ("alice\u3164", "nothing"),  # Hangul filler: a "letter" that shows nothing
        ("\uffa0alice", "nothing"),  # its halfwidth form
        ("admin", "reserved"),
        ("Admin", "reserved"),
        ("ＡＤＭＩＮ", "reserved"),  # fullwidth
        ("administrator", "reserved"),
        ("root", "reserved"),
        ("r00t", "reserved"),
        ("system", "reserved"),
        ("moderator", "reserved"),
        ("support", "reserved"),
        ("support-team", "reserved"),
        ("openmahjong", "reserved"),
        ("open_mahjong", "reserved"),
        ("admin_bob", "reserved"),
        ("admin2", "reserved"),
        ("bot", "reserved"),
        ("bot-1", "reserved"),  # the name a seat's bot has
        ("Bot_2", "reserved"),
        ("b0t.3", "reserved"),
        ("bot4", "reserved"),
        ("guest", "reserved"),
        ("guest-1234abcd", "guest"),  # the form of guest names
        ("guest_bob", "reserved"),
        ("\u0430\u0434\u043c\u0438\u043d", None),  # админ: Cyrillic, not a lookalike of admin
        ("al", "characters"),
        ("x" * 25, "characters"),
    ],
)
def test_names_the_rules_refuse(name, why):
    problem = name_problem(name)
    if why is None:
        assert problem is None
    else:
        assert problem is not None and why in problem, problem


@pytest.mark.parametrize(
    "name",
    [
        "alice01",
        "Zoë",
        "alice.b-c_d",
        "\u0418\u0432\u0430\u043d",  # Иван
        "\u0393\u03b9\u03ce\u03c1\u03b3\u03bf\u03c2",  # Γιώργος
        "\u674e\u5c0f\u9f8d",  # 李小龍
        "\u7530\u4e2d\u305f\u306a\u304b",  # 田中たなか: Han with Hiragana
        "\u5c71\u7530Taro",  # 山田Taro: Han with Latin
        "\u30b5\u30fc\u30e2",  # サーモ: Katakana with the prolonged sound mark
        "\ud55c\uad6dkim",  # 한국kim: Hangul with Latin
        "botany",
        "rootbeer",
        "robot",
        "systematic",
    ],
)
def test_names_the_rules_allow(name):
    assert name_problem(name) is None


def test_a_configured_admin_name_may_use_a_reserved_word():
    assert name_problem("root-admin") is not None
    assert name_problem("root-admin", reserved_ok=True) is None
    assert name_problem(f"{CYRILLIC_A}dmin", reserved_ok=True) is not None  # still mixed script


@pytest.mark.parametrize(
    "password",
    [
        "dora\x00indicator",
        "dora-indicator\n",
        "dora\tindicator",
        "dora\u202eindicator",
        "dora\u200bindicator",
    ],
)
def test_passwords_with_control_or_invisible_characters_are_refused(password):
    problem = password_problem(password, "alice", 8)
    assert problem is not None and "character" in problem


def test_passwords_in_any_script_are_fine():
    assert password_problem("парольдлявхода", "alice", 8) is None
    assert password_problem("dora indicator 7", "alice", 8) is None  # spaces are fine


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),  # text, not markup
        ("Tom & Jerry's <b>table</b>", "Tom & Jerry's <b>table</b>"),
        ("  East wind, quick  ", "East wind, quick"),
        ("a\x00b\u202ec\u200bd\u2066e", "abcde"),
        ("two\n\nlines\tand  spaces", "two lines and spaces"),
        ("Ｔａｂｌｅ　１", "Table 1"),  # fullwidth letters and the ideographic space
        ("\u9ebb\u96c0\u306e\u90e8\u5c4b", "\u9ebb\u96c0\u306e\u90e8\u5c4b"),  # 麻雀の部屋
        ("\u3164\u200b \x07", None),
        ("   ", None),
        ("\u337b" * 40, None),  # ㍻ is two letters after NFKC: 80 > 64
    ],
)
def test_room_names_are_plain_text_without_controls(raw, clean):
    assert clean_room_name(raw) == clean


# ---------------------------------------------------------------- through the API


@pytest.mark.asyncio
async def test_a_lookalike_of_a_taken_name_is_refused(app, client, other):
    await register(client, "coco01")
    for lookalike in ["COCO01", "\u0441\u043e\u0441\u043e01", "cocoOl", "Ｃｏｃｏ01"]:
        response = await other.post(
            "/api/auth/register", json={"name": lookalike, "password": PASSWORD}
        )
        assert _error(response) == (409, "name_taken"), lookalike
    async with app.state.om.db.session() as s:
        assert await s.scalar(select(sa.func.count()).select_from(User)) == 1


@pytest.mark.asyncio
async def test_a_mixed_script_or_reserved_name_is_refused(client):
    for name in [f"{CYRILLIC_A}lice01", "admin", "bot-1", "sys\u200btem", "alice\u202e"]:
        response = await client.post(
            "/api/auth/register", json={"name": name, "password": PASSWORD}
        )
        assert _error(response) == (422, "bad_name"), name


@pytest.mark.asyncio
async def test_a_registered_name_is_stored_in_nfkc(app, client):
    body = await register(client, "Ａｌｉｃｅ")
    assert body["user"]["name"] == "Alice"
    async with app.state.om.db.session() as s:
        user = await s.scalar(select(User).where(User.name_key == "alice"))
    assert user.name == "Alice" and user.name_skeleton == name_skeleton("alice")


@pytest.mark.asyncio
async def test_passwords_with_control_characters_are_refused(client):
    response = await client.post(
        "/api/auth/register", json={"name": "erin", "password": "dora\x00indicator7"}
    )
    assert _error(response) == (422, "weak_password")
    await register(client, "erin")
    change = await client.post(
        "/api/auth/password",
        json={"current_password": PASSWORD, "new_password": "riichi\nippatsu"},
    )
    assert _error(change) == (422, "weak_password")


@pytest.mark.asyncio
async def test_guests_have_no_skeleton_and_cannot_be_impersonated(app, client, other):
    guest = (await client.post("/api/auth/guest")).json()["user"]
    response = await other.post(
        "/api/auth/register", json={"name": guest["name"], "password": PASSWORD}
    )
    assert _error(response) == (422, "bad_name")
    async with app.state.om.db.session() as s:
        stored = await s.get(User, guest["id"])
    assert stored.name_skeleton is None


@pytest.mark.asyncio
async def test_old_accounts_the_rules_now_refuse_still_sign_in(app, client):
    """Names taken before these rules (a reserved word, a mixed-script name) keep working."""
    passwords = app.state.om.passwords
    async with app.state.om.db.session() as s:
        for name in ["admin", f"{CYRILLIC_A}lice01"]:
            hashed = await passwords.hash(PASSWORD)
            s.add(User(name=name, name_key=name_key(name), password_hash=hashed))
    for name in ["admin", "ADMIN", f"{CYRILLIC_A}lice01"]:
        login = await client.post("/api/auth/login", json={"name": name, "password": PASSWORD})
        assert login.status_code == 200, (name, login.text)


@pytest.mark.asyncio
async def test_room_names_are_stored_as_plain_text(client):
    await register(client, "host")
    base = {"ruleset": "riichi", "preset": "majsoul-hanchan"}
    hostile = "<img src=x onerror=alert(1)>"
    made = await client.post("/api/rooms", json={"name": f" {hostile}\u200b\x00", **base})
    assert made.status_code == 201, made.text
    assert made.json()["name"] == hostile
    listed = (await client.get("/api/rooms")).json()
    assert [r["name"] for r in listed] == [hostile]
    for bad in ["\u200b \x00\u3164", "\u337b" * 40]:
        response = await client.post("/api/rooms", json={"name": bad, **base})
        assert _error(response) == (422, "bad_room_name"), bad
    refused = await client.post("/api/rooms", json={"name": "R", "password": "a\x00b", **base})
    assert _error(refused) == (422, "bad_password")
    assert len((await client.get("/api/rooms")).json()) == 1


# ---------------------------------------------------------------- the migration


@pytest.mark.asyncio
async def test_the_migration_fills_skeletons_and_keeps_colliding_old_names(tmp_path: Path):
    """Two accounts whose names already collide keep working; the older one holds the skeleton."""
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'server.db'}")
    names = [("alice01", False), (f"{CYRILLIC_A}lice01", False), ("guest-0a1b2c3d", True)]
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), revision_before(SKELETON_REVISION))
        for name, guest in names:
            connection.execute(
                USERS.insert().values(
                    name=name,
                    name_key=name_key(name),
                    role="player",
                    is_guest=guest,
                    created_at=sa.func.current_timestamp(),
                )
            )
    engine.dispose()
    settings = make_settings(tmp_path)
    async with running(settings) as app, client_for(app) as client:  # migrates to head
        async with app.state.om.db.session() as s:
            rows = {u.name: u.name_skeleton for u in await s.scalars(select(User))}
        assert rows == {
            "alice01": name_skeleton("alice01"),
            f"{CYRILLIC_A}lice01": None,  # collides with the older alice01
            "guest-0a1b2c3d": None,
        }
        response = await client.post(
            "/api/auth/register", json={"name": "aIice01", "password": PASSWORD}
        )
        assert _error(response) == (409, "name_taken")
        await register(client, "bob01")


@pytest.mark.asyncio
async def test_an_email_address_with_control_characters_is_refused(client):
    """It would be written to the log (and sent to a mail server) as it is: an escape sequence
    or a bidi override there is not an address."""
    await register(client, "mailer")
    for address in ["al\x1b[31mice@example.org", "alice\u202e@example.org", "a\x00@example.org"]:
        response = await client.post("/api/auth/email", json={"email": address})
        assert _error(response) == (422, "bad_email"), repr(address)
