"""Player tools: one request in, one JSON-ready document out.

The hand analysis and the calculators live here once, so the ``openmahjong`` commands and the
HTTP API (``/api/tools/...``) answer with the same documents. Requests are pydantic models
(the API's bodies, the commands' options); bad input raises ``ValueError`` with one sentence a
player understands.
"""
