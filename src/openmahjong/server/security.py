"""Passwords, session tokens and the rules for names, passwords and room names.

Passwords are hashed with argon2id (argon2-cffi). Hashing is slow on purpose, so it runs in a
worker thread and never stalls the event loop that also runs game tables. Session tokens are
256-bit random strings; only their SHA-256 is stored, so a leaked database holds no usable token.

Account names are kept in NFKC and checked so that one cannot pass for another: no control,
formatting or invisible characters, no mix of scripts (Latin with Cyrillic...), no reserved word
(admin, bot-1, guest-...), and no *skeleton* shared with a taken name (see ``lookalikes``).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from openmahjong.server.lookalikes import invisible, mixed_scripts, nfkc, skeleton

__all__ = [
    "NAME_MAX",
    "NAME_MIN",
    "RESERVED_WORDS",
    "ROOM_NAME_MAX",
    "Passwords",
    "clean_name",
    "clean_room_name",
    "hash_token",
    "name_key",
    "name_problem",
    "name_skeleton",
    "new_token",
    "password_problem",
    "unprintable",
]

NAME_MIN = 3
NAME_MAX = 24
# The users table's columns (name_key String(32), name_skeleton String(64)).
_KEY_MAX = 32
_SKELETON_MAX = 64
ROOM_NAME_MAX = 64
# Letters (any script), digits, and - _ . inside; starts with a letter or digit.
_NAME = re.compile(r"[^\W_][\w.\-]*")
GUEST_PREFIX = "guest-"
# Words a name may not use as one of its parts: they would pass for the server, its staff, its
# bots (seats are filled by "bot-1" ...) or its guests ("guest-" and 8 hex digits).
RESERVED_WORDS = (
    "admin",
    "administrator",
    "anonymous",
    "bot",
    "guest",
    "mod",
    "moderator",
    "official",
    "openmahjong",
    "root",
    "server",
    "staff",
    "superuser",
    "support",
    "sysop",
    "system",
)
# Their skeletons in the three ways a word is written (admin, Admin, ADMIN: a capital I reads
# as an l, so "ADMlN" and "adm1n" pass for ADMIN).
_RESERVED = frozenset(
    skeleton(form) for w in RESERVED_WORDS for form in (w, w.capitalize(), w.upper())
)
_PARTS = re.compile(r"[-_.]+")
# Characters no name, password or room name holds: controls (C0, C1, tab, newline), formatting
# (text direction overrides and isolates, zero-width joiners and spaces) and lone surrogates.
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs"})

# A short list of passwords every guessing tool tries first; longer lists belong in a file.
_COMMON = frozenset(
    [
        "password",
        "password1",
        "password123",
        "12345678",
        "123456789",
        "1234567890",
        "qwertyuiop",
        "qwerty123",
        "11111111",
        "00000000",
        "iloveyou",
        "abc12345",
        "abcdefgh",
        "letmein1",
        "welcome1",
        "admin123",
        "mahjong1",
        "mahjong123",
        "riichi123",
        "passw0rd",
        "sunshine",
        "football",
        "baseball",
        "princess",
    ]
)


def name_key(name: str) -> str:
    """The form names are compared in: NFKC, then case-folded ("Ａlice" == "alice")."""
    return nfkc(name).casefold()


def clean_name(name: str) -> str:
    """The form an account name is stored and shown in: NFKC ("Ａlice" is kept as "Alice")."""
    return nfkc(name)


def name_skeleton(name: str) -> str:
    """What the name looks like: names with one skeleton can pass for each other ("alice01",
    "aIice01", "аlice01" with a Cyrillic а). Stored in ``users.name_skeleton``, unique."""
    return skeleton(name)


def unprintable(char: str) -> bool:
    """A control, formatting or invisible character: never part of a name or password."""
    return unicodedata.category(char) in _UNPRINTABLE or invisible(char)


def _reserved_part(name: str) -> str | None:
    """The reserved word ``name`` uses as a part ("admin_bob", "bot-1", "b0t3"), if any."""
    parts = [p for p in _PARTS.split(name) if p]
    for part in [*parts, "".join(parts)]:
        word = skeleton(part.strip("0123456789"))
        if word in _RESERVED:
            return part
    return None


def name_problem(name: str, *, reserved_ok: bool = False) -> str | None:
    """Why ``name`` cannot be an account name, or ``None`` if it can. The rules read the NFKC
    form, which is what is stored. ``reserved_ok``: a name the operator configured as an admin
    (``OPENMAHJONG_ADMINS``) may use a reserved word. Whether the name, or a lookalike, is taken
    is for the database to say (``name_key`` and ``name_skeleton`` are unique)."""
    name = clean_name(name)
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"a name has {NAME_MIN} to {NAME_MAX} characters, this one has {len(name)}"
    if any(c.isspace() or unicodedata.category(c) in _UNPRINTABLE for c in name):
        return (
            "a name cannot hold spaces, control characters or invisible formatting "
            "(text direction marks, zero-width characters)"
        )
    if any(invisible(c) for c in name):
        return "a name cannot hold characters that show nothing (such as the Hangul filler)"
    if not _NAME.fullmatch(name):
        return "a name uses letters, digits, '-', '_' and '.', and starts with a letter or digit"
    if len(name_key(name)) > _KEY_MAX or len(name_skeleton(name)) > _SKELETON_MAX:
        return "this name is too long once normalised"
    if name_key(name).startswith(GUEST_PREFIX):
        return f"names starting with {GUEST_PREFIX!r} are kept for guest players"
    mixed = mixed_scripts(name)
    if mixed:
        listed = " and ".join(sorted(s.title() for s in mixed))
        return f"a name is written in one script, this one mixes {listed}"
    reserved = None if reserved_ok else _reserved_part(name)
    if reserved:
        return f"{reserved!r} is reserved: a name may not use it"
    return None


def password_problem(password: str, name: str, min_length: int) -> str | None:
    """Why ``password`` is too weak for the account ``name``, or ``None`` if it will do."""
    if len(password) < min_length:
        return f"a password needs at least {min_length} characters"
    if len(password) > 256:
        return "a password has at most 256 characters"
    if any(unprintable(c) for c in password):
        return (
            "a password cannot hold control or invisible characters "
            "(tab, newline, zero-width or text direction marks)"
        )
    if len(set(password)) < 4:
        return "a password needs at least 4 different characters"
    folded = password.casefold()
    if folded in _COMMON:
        return "this password is on every list of common passwords"
    if name_key(name) in name_key(password):
        return "a password must not contain the account name"
    return None


def clean_room_name(text: str) -> str | None:
    """A room name as it is stored and shown: NFKC, without control, formatting or invisible
    characters, each run of spaces and line breaks one space. ``None`` when nothing is left or
    more than ``ROOM_NAME_MAX`` characters are. Markup is kept as the text it is: clients show
    room names as text, never as HTML ("<b>" stays "<b>", "&" stays "&")."""
    kept = "".join(c for c in nfkc(text) if not unprintable(c) or c.isspace())
    name = " ".join(kept.split())
    return name if 0 < len(name) <= ROOM_NAME_MAX else None


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Passwords:
    """argon2id hashing with the configured cost, off the event loop."""

    def __init__(self, time_cost: int, memory_kib: int, parallelism: int) -> None:
        self._hasher = PasswordHasher(
            time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism
        )
        # Checked against when the account does not exist, so a wrong name costs the same
        # time as a wrong password and response times do not reveal which names exist.
        self._decoy = self._hasher.hash(secrets.token_hex(16))

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        def check() -> bool:
            try:
                return self._hasher.verify(stored or self._decoy, password) and stored is not None
            except (VerificationError, InvalidHashError):
                return False

        return await asyncio.to_thread(check)

    def needs_rehash(self, stored: str) -> bool:
        return self._hasher.check_needs_rehash(stored)
