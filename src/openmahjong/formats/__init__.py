"""Readers and writers for the record formats other mahjong tools speak (mjlog, ...)."""
