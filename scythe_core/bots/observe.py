"""What a bot may know, and games it imagines from it.

A bot looks at a game only through :func:`observe`: its own ``player_view`` (other
seats' objective and combat cards and every deck are counts there) plus the flow's
stack of steps still to come (the engine's schedule of what runs next; it names no
card that is not face up). :func:`imagine` turns such an observation into a whole
game state the engine can play on, dealing the hidden cards at random from the
cards the bot has not seen, with a generator seeded from the observation itself.
So the bot's choices depend on what it sees, never on what is hidden.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..data.automa_cards import CARDS as AUTOMA_CARDS
from ..data.cards import deck_cards
from ..data.components import COMBAT_DECK
from ..io.views import player_view
from ..model import rng
from ..model.state import GameState, state_from_dict


@dataclass(frozen=True)
class Observation:
    """One seat's knowledge of the game: its view, and the engine's step schedule."""

    seat: int
    view: dict
    flow: list

    def digest(self) -> int:
        """A 64-bit number that names this observation (the same view, the same number)."""
        text = json.dumps([self.view, self.flow], sort_keys=True, separators=(",", ":"))
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def observe(state: GameState, seat: int) -> Observation:
    """All a bot in ``seat`` may read of ``state``."""
    return Observation(seat, player_view(state, seat), json.loads(json.dumps(state.flow)))


def _without(pool: list, seen: list) -> list:
    rest = list(pool)
    for card in seen:
        if card in rest:
            rest.remove(card)
    return rest


def _deal(generator: int, pool: list, counts: list[int], fallback: list) -> tuple[int, list]:
    """Shuffle the unseen pool and cut hands of ``counts`` from it (topped up if short)."""
    generator, pool = rng.shuffled(generator, pool)
    hands = []
    for n in counts:
        hand = []
        for _ in range(n):
            if pool:
                hand.append(pool.pop())
            else:
                generator, pick = rng.randbelow(generator, len(fallback))
                hand.append(fallback[pick])
        hands.append(hand)
    return generator, hands


def _seen_in_log(log: list, event: str) -> list:
    return [e["card"] for e in log if e.get("event") == event and e.get("card") is not None]


def imagine(observation: Observation, salt: int = 0) -> GameState:
    """A full game state consistent with the observation, hidden cards dealt at random."""
    data = json.loads(json.dumps(observation.view))
    generator = rng.seed_state(observation.digest() ^ (salt * 0x9E3779B97F4A7C15))
    me = observation.seat
    options = data.get("options") or {}
    players = data["players"]
    mine = players[me]

    combat_all = [v for v, n in sorted(COMBAT_DECK.items()) for _ in range(n)]
    combat_pool = _without(combat_all, [*mine["combat_cards"], *data["combat_discard"]])
    others = [p for p in players if p["seat"] != me]
    counts = [p["combat_cards"] for p in others] + [data["combat_deck"]]
    generator, hands = _deal(generator, combat_pool, counts, combat_all)
    for p, hand in zip(others, hands, strict=False):
        p["combat_cards"] = hand
    data["combat_deck"] = hands[-1]

    objective_all = list(deck_cards("objective", options))
    revealed = _seen_in_log(data["log"], "objective")
    objective_pool = _without(objective_all, [*mine["objectives"], *revealed])
    counts = [p["objectives"] for p in others] + [data["objective_deck"]]
    generator, hands = _deal(generator, objective_pool, counts, objective_all)
    for p, hand in zip(others, hands, strict=False):
        p["objectives"] = hand
    data["objective_deck"] = hands[-1]

    encounter_all = list(deck_cards("encounter", options))
    encounter_pool = _without(encounter_all, _seen_in_log(data["log"], "encounter"))
    generator, (deck,) = _deal(generator, encounter_pool, [data["encounter_deck"]], encounter_all)
    data["encounter_deck"] = deck

    factory_all = list(deck_cards("factory", options))
    choices = data.pop("factory_choices", None)
    held = [p["factory_card"] for p in players if isinstance(p["factory_card"], int)]
    factory_pool = _without(factory_all, held)
    if choices is not None:
        data["factory_deck"] = choices
    else:
        generator, (deck,) = _deal(generator, factory_pool, [data["factory_deck"]], factory_all)
        data["factory_deck"] = deck
    for p in players:
        if p["factory_card"] == "face-down":
            generator, (card,) = _deal(generator, factory_pool, [1], factory_all)
            p["factory_card"] = card[0]

    for p in players:
        automa = p.get("automa")
        if automa:
            current = (data["turn"].get("automa") or {}).get("card")
            seen = [
                *automa["discard"],
                *(
                    [current]
                    if p["seat"] == data["turn_order"][data["turn_index"]] and current
                    else []
                ),
            ]
            pool = _without(sorted(AUTOMA_CARDS), seen)
            generator, (deck,) = _deal(generator, pool, [automa["deck"]], sorted(AUTOMA_CARDS))
            automa["deck"] = deck

    combat = data["turn"].get("combat")
    if combat is not None and "chosen" in combat:
        # Commits already made are hidden: guess each as its full dial, no cards.
        combat["choices"] = {
            str(seat): f"commit:{min(players[seat]['power'], 7)}:-" for seat in combat.pop("chosen")
        }
    start = data["turn"].get("log_start", len(data["log"]))
    data["log"] = data["log"][start:]
    if "log_start" in data["turn"]:
        data["turn"]["log_start"] = 0
    data["history"] = []
    data["flow"] = json.loads(json.dumps(observation.flow))
    generator, seed = rng.next_u64(generator)
    data["rng"] = seed
    data["seed"] = 0
    return state_from_dict(data)


__all__ = ["Observation", "imagine", "observe"]
