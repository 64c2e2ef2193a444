"""Combat: order of fights, secret power and card choices, reveal, retreat, stars."""

from __future__ import annotations

from itertools import combinations

from .board import reading_order_key
from .data import FACTIONS
from .economy import draw_combat_cards, gain_popularity, place_star
from .state import GameState, Player

MAX_DIAL = 7


def combat_hexes(state: GameState) -> list[str]:
    """Hexes where the active player's character/mechs meet enemy character/mechs."""
    player = state.active
    spots = {player.character, *player.mechs}
    return sorted(
        (h for h in spots if state.enemy_combat_units_at(player.seat, h)),
        key=reading_order_key,
    )


def begin_combats(state: GameState) -> bool:
    """Queue the pending combats; False when there are none."""
    hexes = combat_hexes(state)
    if not hexes:
        return False
    state.turn["combats_left"] = hexes
    _next_combat(state)
    return True


def _next_combat(state: GameState) -> None:
    hexes = state.turn["combats_left"]
    if len(hexes) == 1:
        _start_combat(state, hexes[0])
    else:
        state.pending = {"seat": state.active_seat, "kind": "combat_order"}


def legal_combat_order(state: GameState) -> list[str]:
    return [f"fight:{h}" for h in state.turn["combats_left"]]


def apply_combat_order(state: GameState, action: str) -> None:
    _start_combat(state, action.split(":")[1])


def card_allowance(state: GameState, player: Player, hid: str) -> int:
    """How many combat cards the player may add: one per character/mech there."""
    allowance = player.combat_units_at(hid)
    if player.has_mech_ability("peoples_army") and hid in player.workers:
        allowance += 1
    return allowance


def _start_combat(state: GameState, hid: str) -> None:
    attacker = state.active_seat
    defender = state.enemy_combat_units_at(attacker, hid)[0]
    state.turn["combats_left"].remove(hid)
    state.turn["combat"] = {"hex": hid, "attacker": attacker, "defender": defender, "choices": {}}
    state.pending = {"seat": attacker, "kind": "combat_commit", "hex": hid}


def commit_options(state: GameState, player: Player, hid: str) -> list[str]:
    """Every distinct (dial, cards) pair the player may commit."""
    dial_max = min(MAX_DIAL, player.power)
    allowance = card_allowance(state, player, hid)
    card_sets = {()}
    hand = sorted(player.combat_cards)
    for k in range(1, min(allowance, len(hand)) + 1):
        card_sets.update(combinations(hand, k))
    options = []
    for dial in range(dial_max + 1):
        for cards in sorted(card_sets):
            options.append(f"commit:{dial}:{'+'.join(map(str, cards)) or '-'}")
    return options


def parse_commit(action: str) -> tuple[int, list[int]]:
    _, dial, cards = action.split(":")
    return int(dial), [] if cards == "-" else [int(c) for c in cards.split("+")]


def legal_combat_commit(state: GameState) -> list[str]:
    seat = state.pending["seat"]
    return commit_options(state, state.players[seat], state.pending["hex"])


def apply_combat_commit(state: GameState, action: str) -> None:
    combat = state.turn["combat"]
    seat = state.pending["seat"]
    combat["choices"][str(seat)] = action
    if seat == combat["attacker"]:
        state.pending = {"seat": combat["defender"], "kind": "combat_commit", "hex": combat["hex"]}
        return
    resolve_combat(state)


def resolve_combat(state: GameState) -> None:
    """Reveal both choices, pay, decide the winner, retreat the loser, award the star."""
    combat = state.turn.pop("combat")
    hid = combat["hex"]
    attacker = state.players[combat["attacker"]]
    defender = state.players[combat["defender"]]
    totals = {}
    revealed = {}
    for p in (attacker, defender):
        dial, cards = parse_commit(combat["choices"][str(p.seat)])
        p.power -= dial
        for c in cards:
            p.combat_cards.remove(c)
            state.combat_discard.append(c)
        totals[p.seat] = dial + sum(cards)
        revealed[p.seat] = dial > 0 or bool(cards)
    winner, loser = (
        (attacker, defender) if totals[attacker.seat] >= totals[defender.seat] else (defender, attacker)
    )
    state.log.append(
        {
            "seat": attacker.seat,
            "event": "combat",
            "hex": hid,
            "attacker": attacker.seat,
            "defender": defender.seat,
            "totals": {str(k): v for k, v in totals.items()},
            "winner": winner.seat,
        }
    )
    retreated_workers = retreat_all(loser, hid)
    if winner is attacker and not winner.has_mech_ability("camaraderie"):
        gain_popularity(winner, -retreated_workers)
    if revealed[loser.seat]:
        draw_combat_cards(state, loser, 1)
    unlimited = FACTIONS[winner.faction]["ability"] == "dominate"
    if unlimited or winner.stars.get("combat", 0) < 2:
        place_star(state, winner, "combat")
    if state.game_over:
        undo_unresolved_moves(state)
        return
    from .aftermath import continue_after_combat

    continue_after_combat(state)


def retreat_all(player: Player, hid: str) -> int:
    """Send every unit of the player on hid home; returns the number of workers sent."""
    if player.character == hid:
        player.character = player.home
    player.mechs = [player.home if m == hid else m for m in player.mechs]
    workers = 0
    for i, w in enumerate(player.workers):
        if w == hid:
            player.workers[i] = player.home
            workers += 1
    return workers


def undo_unresolved_moves(state: GameState) -> None:
    """The game ended mid-turn: units moved into unresolved combats go back."""
    player = state.active
    origins = state.turn.get("origins", {})
    from .top_actions import _set_location, unit_location

    for hid in state.turn.get("combats_left", []):
        for uid, origin in origins.items():
            if unit_location(player, uid) == hid:
                _set_location(player, uid, origin)
    state.turn["combats_left"] = []
