"""Sichuan Bloody (血战到底, Mahjong Soul's Bloodshed Skirmish): scoring and the game."""
