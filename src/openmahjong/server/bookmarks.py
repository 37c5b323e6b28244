"""Favourites and private notes on records: each account's own, never shown to anyone else.

``PUT``/``DELETE /api/games/{id}/favourite``, ``PUT``/``DELETE /api/games/{id}/note`` (plain
text, at most ``NOTE_MAX`` characters), ``GET /api/games/{id}/mine`` (the replay page asks
what the signed-in account marked on the game) and ``GET /api/me/bookmarks`` (the player's own
page lists them). Only records anyone may read can be marked: a finished (or aborted) game,
not a sealed table of an open duplicate set.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select

from openmahjong.server.deps import CurrentUser, DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import GameId
from openmahjong.server.records import _finished
from openmahjong.server.security import unprintable
from openmahjong.store.models import Game, utcnow
from openmahjong.store.record_models import GameFavourite, GameNote

__all__ = ["NOTE_MAX", "router"]

router = APIRouter(prefix="/api", tags=["records"])

#: Characters a note may hold.
NOTE_MAX = 2000


class NoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=NOTE_MAX, examples=["South 2: should have folded"])


class MineOut(BaseModel):
    game: int
    favourite: bool
    note: str | None
    note_updated_at: datetime | None = None


class BookmarkOut(BaseModel):
    game: int
    ruleset: str
    finished_at: datetime | None
    favourite: bool
    note: str | None


class BookmarksOut(BaseModel):
    bookmarks: list[BookmarkOut]


def _clean_note(text: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise ApiError(422, "empty_note", "a note needs some text (DELETE the note to remove it)")
    bad = [c for c in cleaned if c not in "\n\t" and unprintable(c)]
    if bad:
        raise ApiError(
            422,
            "bad_note",
            "a note is plain text: no control or invisible characters",
            params={"char": f"U+{ord(bad[0]):04X}"},
        )
    return cleaned


async def _mine(db: DbSession, user_id: int, game_id: int) -> MineOut:
    fav = await db.get(GameFavourite, (user_id, game_id))
    note = await db.get(GameNote, (user_id, game_id))
    return MineOut(
        game=game_id,
        favourite=fav is not None,
        note=note.text if note is not None else None,
        note_updated_at=note.updated_at if note is not None else None,
    )


@router.get("/games/{game_id}/mine", response_model=MineOut)
async def mine(game_id: GameId, db: DbSession, user: CurrentUser) -> MineOut:
    """Whether you marked the game as a favourite, and your note on it (yours only)."""
    await _finished(db, game_id)
    return await _mine(db, user.id, game_id)


@router.put("/games/{game_id}/favourite", response_model=MineOut)
async def add_favourite(game_id: GameId, db: DbSession, user: CurrentUser) -> MineOut:
    """Mark the record as a favourite (doing it twice is harmless)."""
    await _finished(db, game_id)
    if await db.get(GameFavourite, (user.id, game_id)) is None:
        db.add(GameFavourite(user_id=user.id, game_id=game_id, created_at=utcnow()))
        await db.commit()
    return await _mine(db, user.id, game_id)


@router.delete("/games/{game_id}/favourite", response_model=MineOut)
async def remove_favourite(game_id: GameId, db: DbSession, user: CurrentUser) -> MineOut:
    await db.execute(
        delete(GameFavourite).where(
            GameFavourite.user_id == user.id, GameFavourite.game_id == game_id
        )
    )
    await db.commit()
    return await _mine(db, user.id, game_id)


@router.put("/games/{game_id}/note", response_model=MineOut)
async def put_note(game_id: GameId, body: NoteIn, db: DbSession, user: CurrentUser) -> MineOut:
    """Write (or replace) your private note on the record: plain text, 1 to 2000 characters."""
    text = _clean_note(body.text)
    await _finished(db, game_id)
    note = await db.get(GameNote, (user.id, game_id))
    if note is None:
        db.add(GameNote(user_id=user.id, game_id=game_id, text=text, updated_at=utcnow()))
    else:
        note.text = text
        note.updated_at = utcnow()
    await db.commit()
    return await _mine(db, user.id, game_id)


@router.delete("/games/{game_id}/note", response_model=MineOut)
async def delete_note(game_id: GameId, db: DbSession, user: CurrentUser) -> MineOut:
    await db.execute(
        delete(GameNote).where(GameNote.user_id == user.id, GameNote.game_id == game_id)
    )
    await db.commit()
    return await _mine(db, user.id, game_id)


@router.get("/me/bookmarks", response_model=BookmarksOut)
async def my_bookmarks(
    db: DbSession,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
) -> BookmarksOut:
    """Your favourites and noted records, newest game first."""
    favs = set(
        await db.scalars(select(GameFavourite.game_id).where(GameFavourite.user_id == user.id))
    )
    notes = {
        n.game_id: n.text
        for n in await db.scalars(select(GameNote).where(GameNote.user_id == user.id))
    }
    ids = sorted(favs | set(notes), reverse=True)[:limit]
    games = {g.id: g for g in await db.scalars(select(Game).where(Game.id.in_(ids)))} if ids else {}
    return BookmarksOut(
        bookmarks=[
            BookmarkOut(
                game=i,
                ruleset=games[i].ruleset,
                finished_at=games[i].finished_at,
                favourite=i in favs,
                note=notes.get(i),
            )
            for i in ids
            if i in games
        ]
    )
