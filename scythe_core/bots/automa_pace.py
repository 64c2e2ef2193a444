"""How far an Automa is from the end of the game: the star-card spaces its cube still
has to move for its sixth star, and the turns that takes at the pace its cards move
the cube on (the hard bot's evaluation times its economy by them)."""

from __future__ import annotations

from functools import lru_cache

from ..data.automa_cards import CARDS as AUTOMA_CARDS
from ..data.automa_cards import STAR_CARDS, star_spaces
from ..data.components import STARS_TO_END
from ..model.state import Player

#: Share of Automa cards that move its star-card cube on.
CUBE_PACE = sum(card["star"] for card in AUTOMA_CARDS.values()) / len(AUTOMA_CARDS)


def automa_cards_left(player: Player) -> int | None:
    """The star-card spaces the Automa's cube still has to move for its sixth star
    (None when its star card alone cannot bring the rest)."""
    return cards_to_sixth_star(player.level, player.automa["cube"], player.star_count)


@lru_cache(maxsize=512)
def cards_to_sixth_star(level: str, cube: int, stars: int) -> int | None:
    """:func:`automa_cards_left` of an Automa of ``level`` with its cube at ``cube``
    and ``stars`` stars (kept: a search asks it three times per position judged)."""
    ahead = [i for i in star_spaces(level) if i > cube]
    need = STARS_TO_END - stars
    if need <= 0:
        return 0
    if need > len(ahead):
        return None
    return ahead[need - 1] - cube


def automa_turns_left(player: Player) -> float:
    """The Automa's turns until its sixth star, if its star card alone brings the rest."""
    cards = automa_cards_left(player)
    if cards is None:
        return (len(STAR_CARDS[player.level]) - player.automa["cube"]) / CUBE_PACE
    return cards / CUBE_PACE


__all__ = ["CUBE_PACE", "automa_cards_left", "automa_turns_left", "cards_to_sixth_star"]
