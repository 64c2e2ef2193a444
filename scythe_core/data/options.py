"""Game options: every name the engine reads from ``state.options``, with its type and range.

A new game's config may carry ``options``; ``setup.check_setup`` accepts only these
names, each with a value of its kind: a flag (``True``/``False``) or an integer in a
range. Where each is read: the promo flags by ``data.cards.deck_cards``, the Automa's
difficulty adjustments by ``automa.turn`` and ``automa.gains`` (see the Automa
rulebook).

>>> sorted(GAME_OPTIONS)[:3]
['automa_all_moves', 'automa_coins', 'automa_move_flip']
>>> GAME_OPTIONS["automa_coins"]
(-2, 2)
"""

from __future__ import annotations

from .cards import PROMO_OPTIONS

#: A flag: ``True`` or ``False`` (never 0/1 or a string).
FLAG = "flag"

#: Option name -> ``FLAG``, or ``(lowest, highest)`` for an integer option.
GAME_OPTIONS: dict[str, str | tuple[int, int]] = {
    **{name: FLAG for name in PROMO_OPTIONS.values()},
    # The Automa's difficulty adjustments.
    "automa_skip_turns": FLAG,  # skip turns as the Autometta does
    "automa_all_moves": FLAG,  # every valid move, as Ultimaszyna
    "automa_move_flip": FLAG,  # a flipped 4 or 5 cancels the rest of the move row
    "automa_place_flip": FLAG,  # a flipped 4 or 5 cancels a placement
    "automa_coins": (-2, 2),  # coins on every card that gives coins
    "automa_power": (-2, 2),  # power on every card that gives power
}
