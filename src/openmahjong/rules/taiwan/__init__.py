"""Taiwan 16-tile mahjong (台湾十六张): scoring and the game on the shared kernel."""
