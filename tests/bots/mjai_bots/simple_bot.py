"""A small mjai bot of our own: wins when it can, declares riichi when it can, else discards
the tile it drew; passes every call. It reads the protocol by hand (one JSON array of events
per input line, one JSON object per output line) and keeps libriichi's ``PlayerState`` (from
the ``mjai`` package, loaded from its file as tests/formats/mjai_consumer.py does) only to know
what it may do.

    python simple_bot.py SEAT
"""

import importlib.machinery
import importlib.util
import json
import sys
from pathlib import Path


def load_state_class():
    spec = importlib.util.find_spec("mjai")
    found = sorted(
        p for loc in spec.submodule_search_locations for p in Path(loc).glob("mlibriichi*.so")
    )
    loader = importlib.machinery.ExtensionFileLoader("mlibriichi", str(found[0]))
    module_spec = importlib.util.spec_from_file_location("mlibriichi", found[0], loader=loader)
    module = importlib.util.module_from_spec(module_spec)
    loader.exec_module(module)
    return module.state.PlayerState


def main(seat: int) -> None:
    state = PlayerState(seat)
    drawn = None
    reached = False
    for line in sys.stdin:
        events = json.loads(line)
        cans = None
        for event in events:
            if event["type"] == "start_game":
                continue
            if event["type"] == "start_kyoku":
                state = PlayerState(seat)
                reached = False
            if event["type"] == "tsumo" and event["actor"] == seat:
                drawn = event["pai"]
            if event["type"] == "reach" and event["actor"] == seat:
                reached = True
            cans = state.update(json.dumps(event))
        reply = {"type": "none"}
        if cans is not None and events[-1]["type"] not in ("end_kyoku", "end_game"):
            if cans.can_tsumo_agari:
                reply = {"type": "hora", "actor": seat, "target": seat, "pai": drawn}
            elif cans.can_ron_agari:
                last = events[-1]
                reply = {"type": "hora", "actor": seat, "target": last["actor"], "pai": last["pai"]}
            elif cans.can_riichi and not reached and events[-1]["type"] != "reach":
                reply = {"type": "reach", "actor": seat}
            elif cans.can_discard:
                reply = {"type": "dahai", "actor": seat, "pai": drawn, "tsumogiri": True}
        print(json.dumps(reply), flush=True)


PlayerState = load_state_class()

if __name__ == "__main__":
    main(int(sys.argv[1]))
