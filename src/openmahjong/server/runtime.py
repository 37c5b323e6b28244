"""The process settings that keep many tables responsive: the garbage collector's pace and
the interpreter's thread switching (docs/server.md "Memory").
"""

from __future__ import annotations

import gc

__all__ = ["GC_THRESHOLDS", "THREAD_SWITCH_SECONDS", "settle_gc"]

#: How soon a thread waiting for the interpreter lock gets it from the event loop's thread.
THREAD_SWITCH_SECONDS = 0.001
#: The collector's thresholds (CPython's default: 700, 10, 10). Young collections every 10 000
#: allocations; the older generations at CPython's pace, so each is collected in time.
GC_THRESHOLDS = (10_000, 10, 10)
_gc_settled = False


def settle_gc() -> None:
    """Keep the cyclic garbage collector from stalling every table at once (once per process).

    A full collection walks every tracked object: with a few hundred tables that is a few
    hundred thousand objects, tens of milliseconds on an idle core and several hundred on a
    loaded one, and the event loop waits all along. So what is alive once the server has
    started (modules, the engines' tables, resumed games) is frozen out of the collector's
    walks, and young collections run less often than CPython's default.

    The older generations keep CPython's pace: every closed WebSocket leaves reference cycles
    (uvicorn's protocol, websockets' parser, the zlib state of permessage-deflate, some 60 KB)
    that only the collector frees, and with (50 000, 20, 100) those that had been promoted
    waited for a full collection that almost never came: the server grew by 50-100 MiB over
    the first 10 000 connections and went on growing (docs/server.md "Memory"). The second
    ``collect`` after the freeze resets the collector's count of long-lived objects to those
    it still walks; left at the frozen startup objects, it held off every full collection
    until a quarter of their number had piled up."""
    global _gc_settled
    if _gc_settled:
        return
    _gc_settled = True
    gc.collect()
    gc.freeze()
    gc.collect()
    gc.set_threshold(*GC_THRESHOLDS)
