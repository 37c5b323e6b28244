"""Passwords, session tokens and the rules for names and passwords.

Passwords are hashed with argon2id (argon2-cffi). Hashing is slow on purpose, so it runs in a
worker thread and never stalls the event loop that also runs game tables. Session tokens are
256-bit random strings; only their SHA-256 is stored, so a leaked database holds no usable token.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = [
    "NAME_MAX",
    "NAME_MIN",
    "Passwords",
    "hash_token",
    "name_key",
    "name_problem",
    "new_token",
    "password_problem",
]

NAME_MIN = 3
NAME_MAX = 24
# Letters (any script), digits, and - _ . inside; starts with a letter or digit.
_NAME = re.compile(r"[^\W_][\w.\-]*")
GUEST_PREFIX = "guest-"

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
    return unicodedata.normalize("NFKC", name).casefold()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or ``None`` if it can."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"a name has {NAME_MIN} to {NAME_MAX} characters, this one has {len(name)}"
    if not _NAME.fullmatch(name):
        return "a name uses letters, digits, '-', '_' and '.', and starts with a letter or digit"
    if name_key(name).startswith(GUEST_PREFIX):
        return f"names starting with {GUEST_PREFIX!r} are kept for guest players"
    return None


def password_problem(password: str, name: str, min_length: int) -> str | None:
    """Why ``password`` is too weak for the account ``name``, or ``None`` if it will do."""
    if len(password) < min_length:
        return f"a password needs at least {min_length} characters"
    if len(password) > 256:
        return "a password has at most 256 characters"
    if len(set(password)) < 4:
        return "a password needs at least 4 different characters"
    folded = password.casefold()
    if folded in _COMMON:
        return "this password is on every list of common passwords"
    if name_key(name) in name_key(password):
        return "a password must not contain the account name"
    return None


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
