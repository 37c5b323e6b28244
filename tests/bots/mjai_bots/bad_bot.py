"""A misbehaving mjai program, for the error paths: ``python bad_bot.py MODE SEAT``.

* ``nonsense``: answers every batch with a line that is not JSON;
* ``notaction``: answers JSON that is no mjai action;
* ``illegal``: discards a tile it does not hold / claims what it was not offered;
* ``silent``: reads and never answers;
* ``crash``: answers ``none`` to ``start_game``, then exits;
* ``lag``: answers each batch only when the next one arrives (a tsumogiri of its own last
  draw, else ``none``): every answer is late, and must never be taken for the next one's.
"""

import json
import sys


def main(mode: str, seat: int) -> None:
    owed = None
    for n, line in enumerate(sys.stdin):
        events = json.loads(line)
        if mode == "silent":
            continue
        if mode == "lag":
            if owed is not None:
                print(owed, flush=True)
            draws = [e for e in events if e["type"] == "tsumo" and e["actor"] == seat]
            dahai = {"type": "dahai", "actor": seat, "pai": draws[-1]["pai"] if draws else "?"}
            owed = json.dumps(dahai if draws else {"type": "none"})
            continue
        if mode == "crash" and n >= 1:
            sys.exit(3)
        if mode == "nonsense":
            out = "this is not json {"
        elif mode == "notaction":
            out = json.dumps({"type": "fly", "actor": seat, "events": len(events)})
        elif mode == "illegal":
            # a fifth 1m never exists in a hand that drew none: "kan" it, and pon the rest
            out = json.dumps({"type": "ankan", "actor": seat, "consumed": ["1m"] * 4})
        else:
            out = json.dumps({"type": "none"})
        print(out, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
