"""An outside AI's ``/ws/mjai`` socket held by another process, as a room here sees it.

The room's process runs the seat half (:class:`~openmahjong.server.mjai_seat_player.
MjaiSeatPlayer`: it reads the live table, which only this process holds) and sends each batch
ready-made to the process holding the socket (``mjai_out``), which writes it and, when it asks
for an answer, sends the bot's answer back as it came (``mjai_in``). Answers come back in the
order the batches went, so the oldest batch waiting here is the one answered. Other messages
(``queued``, errors) go on as text, which the socket's own half turns into batches.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from openmahjong.server.cluster import RemoteConnection
from openmahjong.server.mjai_seat_player import (
    Batch,
    MjaiSeatPlayer,
    batch_text,
    mjai_message,
)
from openmahjong.server.protocol import Queued

__all__ = ["RemoteMjaiConnection"]

log = logging.getLogger("openmahjong.server.mjai_play")


@dataclass(eq=False)
class RemoteMjaiConnection(RemoteConnection):
    player: MjaiSeatPlayer | None = field(default=None)
    #: The batches sent there that ask for an answer, oldest first.
    asking: deque[Batch] = field(default_factory=deque)

    def seat_half(self) -> MjaiSeatPlayer:
        if self.player is None:
            manager = self.cluster.manager
            self.player = MjaiSeatPlayer(self.user_id, manager.hub, manager, self._send)
        return self.player

    def post(self, message: BaseModel | str, *, prompt: bool = False) -> bool:
        if self.closed:
            return False
        model = self._for_seat(message)
        if model is None:
            return super().post(message, prompt=prompt)  # the socket's own half reads it
        self.seat_half().take(model)
        return True

    def take(self, message: BaseModel | str) -> None:
        """What the hub sent the bot account: the seat half's messages become batches here
        (the rest reaches the socket as text, ``Cluster.to_user``)."""
        model = self._for_seat(message)
        if model is not None and not self.closed:
            self.seat_half().take(model)

    def _for_seat(self, message: BaseModel | str) -> BaseModel | None:
        try:
            model = mjai_message(message)
        except (ValueError, KeyError):
            log.exception("bot %s: a message could not be read", self.user_id)
            return None
        return None if isinstance(model, Queued) else model

    def _send(self, events: list[dict[str, Any]], batch: Batch | None) -> None:
        if self.closed:
            return
        asks = batch is not None and batch.asks
        payload = {"k": "mjai_out", "conn": self.conn, "text": batch_text(events), "asks": asks}
        self.cluster.send_to(self.process, payload)
        if asks:
            assert batch is not None
            self.asking.append(batch)

    def received(self, text: str | None, problem: str | None) -> None:
        """The bot's answer to the oldest batch that asked for one."""
        if not self.asking:
            log.info("bot %s: an answer relayed with no batch waiting", self.user_id)
            return
        batch = self.asking.popleft()
        data: Any = None
        if problem is None:
            try:
                data = json.loads(text or "")
            except (ValueError, RecursionError):
                problem = "not JSON"
        self.seat_half().reply(batch, data, problem)
