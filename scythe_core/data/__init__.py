"""Component data: the board, factions, mats, cards and the Automa's cards (no rules)."""
