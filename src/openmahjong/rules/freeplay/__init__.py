"""Free play (``freeplay``): a virtual table without enforced rules (issue 25; the platform
guide's §2.3 "free-play mode provides a virtual table without enforced rules").

Four seats move tiles as they like (draw from either end of the wall, discard, show or hide
tiles, lay groups face up, take tiles back, declare a hand's result); every move is a typed
action checked only for physical possibility, recorded and replayed like any other game. The
walls come from the fairness scheme, so ``openmahjong seed verify`` rebuilds them.

* :mod:`.actions`: the moves; :mod:`.events`: what each seat is told;
* :mod:`.table`: one hand's table (the state machine the match and the server drive);
* :mod:`.match`: hands in a row, the walls, the record; :mod:`.options`: options and presets;
* :mod:`.bot`: a seat that draws and discards in turn; :mod:`.ruleset`: the registry's object.

See ``docs/freeplay.md``.
"""
