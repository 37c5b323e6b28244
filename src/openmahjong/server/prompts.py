"""Prompt sequence numbers: every prompt to a seat gets the next number, and a reply is applied
only if it answers the one prompt still open, exactly once, with an action it offered.

A prompt either lists its actions, or (a parametric choice, ``table/choices.py``) carries the
``choice`` its client builds a picker from and a ``check`` that says why a reply is refused: an
exchange of three tiles is one of hundreds of choices, never listed.

A new prompt to the same seat closes the previous one (the room moved on, e.g. after a
timeout auto-played it), so a late reply to it is *stale*; a second reply to a prompt already
answered is a *duplicate*. Both are refused with that reason and change nothing.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ANSWERS_KEPT", "PendingPrompt", "PromptLedger", "PromptRejected"]

#: Answered prompt numbers a ledger remembers, to call a repeated reply ``duplicate``; a reply
#: to one answered longer ago is ``stale`` (it is closed too), and the memory stays bounded
#: however long the player stays.
ANSWERS_KEPT = 64


class PromptRejected(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


@dataclass
class PendingPrompt:
    seq: int
    actions: list[dict[str, Any]]
    context: dict[str, Any]
    #: Resolved with the chosen action when the reply is accepted.
    answer: asyncio.Future[dict[str, Any]] = field(repr=False)
    #: A parametric choice's description (``ChoiceRule.describe()``), else ``None``.
    choice: dict[str, Any] | None = None
    #: For a choice: ``None`` when a reply not in ``actions`` is accepted, else why not.
    check: Callable[[dict[str, Any]], str | None] | None = field(default=None, repr=False)


class PromptLedger:
    """One seat's prompts. Numbers start at 1 and never repeat for the ledger's life."""

    def __init__(self, start: int = 1) -> None:
        self._next = start
        self.open: PendingPrompt | None = None
        self._answered: set[int] = set()
        self._answer_order: deque[int] = deque()

    @property
    def last_seq(self) -> int:
        return self._next - 1

    def skip_past(self, seq: int) -> None:
        """Number the next prompt above ``seq`` (never lower than now): a restarted server goes
        on from the numbers the old process used, so no number means two different prompts."""
        self._next = max(self._next, seq + 1)

    def issue(
        self,
        actions: list[dict[str, Any]],
        context: dict[str, Any] | None = None,
        *,
        choice: dict[str, Any] | None = None,
        check: Callable[[dict[str, Any]], str | None] | None = None,
    ) -> PendingPrompt:
        if (choice is None) != (check is None):
            raise ValueError("a choice prompt has both its description and its check")
        if not actions and choice is None:
            raise ValueError("a prompt offers at least one action, or a choice")
        if self.open is not None and not self.open.answer.done():
            self.open.answer.cancel()  # superseded: its reply, if it ever comes, is stale
        prompt = PendingPrompt(
            seq=self._next,
            actions=list(actions),
            context=dict(context or {}),
            answer=asyncio.get_running_loop().create_future(),
            choice=dict(choice) if choice is not None else None,
            check=check,
        )
        self._next += 1
        self.open = prompt
        return prompt

    def answer(self, seq: int, action: dict[str, Any]) -> PendingPrompt:
        """Accept ``action`` for prompt ``seq`` or raise ``PromptRejected`` (nothing changes)."""
        if seq in self._answered:
            raise PromptRejected("duplicate", f"prompt {seq} was already answered", seq=seq)
        if seq > self.last_seq:
            raise PromptRejected("unknown_prompt", f"no prompt {seq} was sent", seq=seq)
        prompt = self.open
        if prompt is None or prompt.seq != seq:
            now = f"the open prompt is {prompt.seq}" if prompt else "no prompt is open"
            open_seq = prompt.seq if prompt else None
            raise PromptRejected("stale", f"prompt {seq} is closed; {now}", seq=seq, open=open_seq)
        if action not in prompt.actions and prompt.check is not None:
            reason = prompt.check(action)
            if reason is not None:
                raise PromptRejected(
                    "illegal_action",
                    f"prompt {seq} does not accept {action!r}: {reason}",
                    seq=seq,
                    reason=reason,
                )
        elif action not in prompt.actions:
            raise PromptRejected(
                "illegal_action",
                f"{action!r} is not one of the actions prompt {seq} offered",
                seq=seq,
            )
        self._answered.add(seq)
        self._answer_order.append(seq)
        if len(self._answer_order) > ANSWERS_KEPT:
            self._answered.discard(self._answer_order.popleft())
        self.open = None
        prompt.answer.set_result(action)
        return prompt

    def close(self) -> None:
        """Withdraw the open prompt (e.g. the table timed it out and played for the seat)."""
        if self.open is not None and not self.open.answer.done():
            self.open.answer.cancel()
        self.open = None
