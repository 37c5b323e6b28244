"""openmahjong: an open-source online mahjong platform."""

import os as _os

__version__ = "0.1.0"

if _os.environ.get("OPENMAHJONG_PURE"):
    # Plain Python even where the hot modules are compiled (openmahjong.native).
    import sys as _sys

    from openmahjong.native import SourceFirst as _SourceFirst

    _sys.meta_path.insert(0, _SourceFirst())
