"""How a cluster process publishes: consecutive messages to one channel go as one PUBLISH of a
JSON array, and the order across channels is the order they were sent in."""

from __future__ import annotations

import json

from openmahjong.server.cluster import _as_list, _runs


def test_consecutive_messages_to_one_channel_travel_together_in_order():
    batch = [("a", "1"), ("a", "2"), ("all", "3"), ("a", "4"), ("b", "5"), ("b", "6")]
    assert _runs(batch) == [("a", ["1", "2"]), ("all", ["3"]), ("a", ["4"]), ("b", ["5", "6"])]


def test_a_run_is_one_json_array_of_its_payloads():
    texts = [json.dumps({"k": "text", "user": 1}), json.dumps({"k": "text", "user": 2})]
    assert json.loads(_as_list(texts)) == [{"k": "text", "user": 1}, {"k": "text", "user": 2}]
