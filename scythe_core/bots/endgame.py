"""The hard bot's last turns against an Automa, on the projection's economy model.

Every order of the remaining own turns' sections is tried (each top played either
way or not at all, each bottom action when it can be paid) and the most end-game
coins kept: what a seat can still make of its economy when the game is about to end.
"""

from __future__ import annotations

from functools import lru_cache

from ..data.components import STARS_TO_END
from .economy import TIER_AT, Economy

#: How each top action may be played in the game's last turns (None: not at all).
ENDGAME_CHOICES = {
    "trade": ("resources", "popularity"),
    "move": ("spread", "coins"),
    "produce": ("produce", None),
    "bolster": ("bolster", None),
}


class EndgameEconomy(Economy):
    """The projection's economy, played turn by turn in every order."""

    __slots__ = ()

    def final_coins(self) -> int:
        """The end-game coins if the game ended now: coins, and the stars, territories
        and pairs of resources at the popularity tier reached."""
        star, territory, per_two = TIER_AT[self.popularity]
        return (
            self.coins
            + self.star_count * star
            + self.territory_count * territory
            + sum(self.res) // 2 * per_two
        )

    def endgame_turn(self, index: int, top_choice: str | None) -> None:
        """One own turn of the game's last few: section ``index``, its top played as
        ``top_choice`` (a Trade's "resources" or "popularity", a Move's "spread" or
        "coins", None: not at all), its bottom whenever it can be paid."""
        section = self.sections[index]
        top = section[0]
        if top_choice is not None:
            if top == "trade" and self.coins >= 1:
                self.trade(top_choice)
            elif top == "move":
                self.play_move(top_choice == "spread")
            else:
                self.play_top(top)
        if self.bottom_ready(index):
            self.play_bottom(index)
        self.last = index

    def best_final(self, turns: int, repeats: bool = False, seen: dict | None = None) -> int:
        """The most end-game coins ``turns`` more own turns can reach (every order of
        sections tried, each top played either way or not at all; ``repeats``: the
        section of the turn before may be chosen again, as Rusviet's Relentless allows).
        ``seen`` keeps the answers for economies reached again in another order."""
        best = self.final_coins()
        if turns <= 0 or self.star_count >= STARS_TO_END:
            return best
        if turns == 1:  # the last turn: no order to share with another
            for index, section in enumerate(self.sections):
                if index != self.last or repeats:
                    for choice in ENDGAME_CHOICES[section[0]]:
                        after = self.copy()
                        after.endgame_turn(index, choice)
                        best = max(best, after.final_coins())
            return best
        if seen is None:
            seen = {}
        key = (turns, self.key())
        known = seen.get(key)
        if known is not None:
            return known
        for index, section in enumerate(self.sections):
            if index == self.last and not repeats:
                continue
            for choice in ENDGAME_CHOICES[section[0]]:
                after = self.copy()
                after.endgame_turn(index, choice)
                best = max(best, after.best_final(turns - 1, repeats, seen))
        seen[key] = best
        return best

    def key(self) -> tuple:
        """Everything the endgame search reads, as a hashable value."""
        return (
            tuple(self.res),
            self.coins,
            self.power,
            self.popularity,
            self.workers,
            tuple(tuple(t) for t in self.producing),
            tuple(self.done),
            tuple(sorted(self.stars)),
            self.produce_hexes,
            tuple(s[2] for s in self.sections),
            self.last,
            self.territory_count,
            self.spare,
            self.room,
        )


@lru_cache(maxsize=8192)
def endgame_value(snap: tuple, turns: int, repeats: bool = False) -> int:
    """The most end-game coins the seat's economy reaches in its last ``turns`` own
    turns (:meth:`EndgameEconomy.best_final`)."""
    return EndgameEconomy(snap).best_final(turns, repeats)


__all__ = ["ENDGAME_CHOICES", "EndgameEconomy", "endgame_value"]
