"""Rank credit (platform guide section 10): holders of an amateur or professional MCR rank
certificate, once verified by an admin, receive rank credit up to Level 1 on the MCR ladder, or
MCRPL eligibility. Every grant is a row of the ``rank_credits`` audit log: who granted what to
whom, on which certificate and why."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.ranks.ladder import ladder_for
from openmahjong.ranks.store import CATEGORY, _write, apply_credit, state_of
from openmahjong.store.models import RankCredit, Rating, Role, User

__all__ = [
    "CreditError",
    "CreditKind",
    "credits_of",
    "grant",
    "is_mcrpl_eligible",
    "write_general_audit",
]

CreditKind = str  # "rank" | "mcrpl"
KINDS = ("rank", "mcrpl")


@dataclass
class CreditError(ValueError):
    """A grant refused: ``code`` names why, nothing was written."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


async def grant(
    session: AsyncSession,
    *,
    admin: User,
    user: User,
    kind: str,
    certificate: str,
    reason: str,
    ruleset: str = "mcr",
    rank: str | None = None,
) -> RankCredit:
    """Grant ``user`` a verified certificate's credit: ``kind`` "rank" raises their rank on
    ``ruleset``'s ladder to ``rank`` (no higher than the ladder's credit cap: MCR Level 1) at
    its starting points, "mcrpl" records MCRPL eligibility. Written to the audit log in the
    caller's transaction. Refused (``CreditError``, nothing written) for a non-admin, a guest
    or bot, an unknown kind or rank, a rank above the cap, or an empty certificate or reason."""
    if not Role(admin.role).includes(Role.ADMIN):
        raise CreditError("not_admin", "only an admin may grant rank credit")
    if user.is_guest or user.is_bot:
        raise CreditError("not_a_player", "guest and bot accounts cannot receive rank credit")
    if kind not in KINDS:
        raise CreditError("bad_kind", f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    certificate, reason = certificate.strip(), reason.strip()
    if not certificate or len(certificate) > 200:
        raise CreditError("bad_certificate", "name the verified certificate (1-200 characters)")
    if not reason or len(reason) > 500:
        raise CreditError("bad_reason", "say why (1-500 characters)")
    try:
        ladder = ladder_for(ruleset)
    except ValueError as exc:
        raise CreditError("bad_ruleset", str(exc)) from None
    if kind == "mcrpl":
        if ruleset != "mcr":
            raise CreditError("bad_ruleset", "MCRPL eligibility is an MCR credit")
        if rank is not None:
            raise CreditError("bad_rank", "MCRPL eligibility carries no rank")
    else:
        if ladder.credit_cap is None:
            raise CreditError("no_credit", f"the {ruleset} ladder takes no certificate credit")
        if rank is None:
            raise CreditError("bad_rank", "name the rank to credit, e.g. level-1")
        try:
            target = ladder.index(rank)
        except ValueError as exc:
            raise CreditError("bad_rank", str(exc)) from None
        cap = ladder.index(ladder.credit_cap)
        if target > cap:
            raise CreditError(
                "above_cap",
                f"certificate credit goes up to {ladder.credit_cap}, not {rank}",
            )
    row = RankCredit(
        user_id=user.id,
        granted_by=admin.id,
        granted_by_name=admin.name,
        ruleset=ruleset,
        kind=kind,
        rank=rank,
        certificate=certificate,
        reason=reason,
    )
    session.add(row)
    if kind == "rank":
        assert rank is not None
        state = await state_of(session, user.id, ruleset)
        apply_credit(state, ruleset, rank)
        rating = await session.get(Rating, (user.id, ruleset, CATEGORY))
        if rating is None:
            rating = Rating(user_id=user.id, ruleset=ruleset, category=CATEGORY)
            session.add(rating)
        _write(rating, ruleset, state)
    await session.flush()
    return row


def write_general_audit(
    session: AsyncSession,
    admin: User,
    user: User,
    kind: str,
    ruleset: str,
    rank: str | None,
    certificate: str,
    reason: str,
) -> None:
    """Also note the grant in the admins' general audit log (``rank_credit.grant``) where the
    accounts package provides one; the ``rank_credits`` table is the grant's own record."""
    try:
        from openmahjong.server.sanctions import record_audit
    except ImportError:
        return
    record_audit(
        session,
        admin,
        user,
        "rank_credit.grant",
        reason,
        kind=kind,
        ruleset=ruleset,
        rank=rank,
        certificate=certificate,
    )


async def credits_of(session: AsyncSession, user_id: int | None = None) -> list[RankCredit]:
    """The audit log, newest first (one player's when ``user_id`` is given)."""
    query = select(RankCredit).order_by(RankCredit.created_at.desc(), RankCredit.id.desc())
    if user_id is not None:
        query = query.where(RankCredit.user_id == user_id)
    return list(await session.scalars(query))


async def is_mcrpl_eligible(session: AsyncSession, user_id: int) -> bool:
    found = await session.scalar(
        select(RankCredit.id).where(RankCredit.user_id == user_id, RankCredit.kind == "mcrpl")
    )
    return found is not None
