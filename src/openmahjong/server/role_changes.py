"""Granting and revoking a role, with its audit entry: one way for the admin routes and the
``openmahjong admin`` command alike."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.errors import ApiError
from openmahjong.server.sanctions import record_audit
from openmahjong.store.admin_models import AccountRole, UserRole
from openmahjong.store.models import Role, User

__all__ = ["change_role"]


async def change_role(
    db: AsyncSession,
    acting: User | None,
    user: User,
    role: AccountRole,
    *,
    grant: bool,
    reason: str,
) -> None:
    """Grant or revoke ``role`` and write the audit entry (``acting`` None: the command line).
    Nothing changes on a refusal: a guest, an admin's own admin role, or no change at all."""
    if user.is_guest:
        raise ApiError(422, "guest_account", "guest players cannot hold a role")
    if role == AccountRole.ADMIN:
        if acting is not None and user.id == acting.id and not grant:
            raise ApiError(422, "own_role", "an admin cannot take the admin role from themselves")
        held = user.role == Role.ADMIN.value
    else:
        row = await db.get(UserRole, (user.id, role.value))
        held = row is not None
    if held == grant:
        have = "holds" if held else "does not hold"
        raise ApiError(
            409,
            "role_unchanged",
            f"{user.name} {have} the {role.value} role already",
            params={"role": role.value, "held": held},
        )
    if role == AccountRole.ADMIN:
        user.role = Role.ADMIN.value if grant else Role.PLAYER.value
    elif grant:
        db.add(UserRole(user_id=user.id, role=role.value, granted_by=acting and acting.id))
    elif row is not None:
        await db.delete(row)
    action = "role.grant" if grant else "role.revoke"
    record_audit(db, acting, user, action, reason, role=role.value)
    await db.commit()
