"""openmahjong: an open-source online mahjong platform."""

__version__ = "0.1.0"
