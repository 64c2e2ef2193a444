"""Combat: order of fights, secret power and card choices, reveal, retreat, stars."""

from __future__ import annotations

from itertools import combinations

from ..data.board import ADJACENT, TERRAIN, TUNNELS, reading_order_key
from ..data.components import FACTIONS
from ..model import rng
from ..model.actions import format_commit, parse_commit
from ..model.seats import has_mech_ability, seat_rules
from ..model.state import GameState, Player
from ..model.units import set_unit_location, unit_location
from .automa_rules import after_combat, retreat_loser
from .economy import draw_combat_cards, gain_popularity, place_star

MAX_DIAL = 7
#: Combat stars a player may place, except where ``combat_star_limit`` says otherwise.
COMBAT_STAR_LIMIT = 2


def combat_star_limit(faction: str, automa: bool) -> int | None:
    """Combat stars a winner may place: two; Saxony has no limit (None), but the Automa
    (no faction abilities) places at most two, even as Saxony."""
    if FACTIONS[faction]["ability"] == "dominate" and not automa:
        return None
    return COMBAT_STAR_LIMIT


def combat_star_open(player: Player, automa: bool) -> bool:
    """Whether a combat won now would still bring ``player`` a star."""
    limit = combat_star_limit(player.faction, automa)
    return limit is None or player.stars.get("combat", 0) < limit


def combat_hexes(state: GameState) -> list[str]:
    """Hexes where the active player's character/mechs meet enemy character/mechs."""
    player = state.active
    spots = {player.character, *player.mechs}
    return sorted(
        (h for h in spots if state.enemy_combat_units_at(player.seat, h)),
        key=reading_order_key,
    )


def card_allowance(state: GameState, player: Player, hid: str) -> int:
    """How many combat cards the player may add: one per character/mech there."""
    allowance = player.combat_units_at(hid)
    if has_mech_ability(player, "peoples_army") and hid in player.workers:
        allowance += 1
    return allowance


def start_combat(state: GameState, hid: str) -> None:
    attacker = state.active_seat
    defender = state.enemy_combat_units_at(attacker, hid)[0]
    state.turn["combats_left"].remove(hid)
    state.turn["combat"] = {
        "hex": hid,
        "attacker": attacker,
        "defender": defender,
        "choices": {},
        "abilities_done": [],
    }


def next_ability_choice(state: GameState) -> int | None:
    """Use the abilities before combat in order; the seat to ask about Artillery, or None.

    The attacker's abilities come first, then the defender's. Scout and Disarm apply
    by themselves; Artillery is a choice (pay 1 power).
    """
    combat = state.turn["combat"]
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        seat, foe = combat[role], combat[other]
        player, opponent = state.players[seat], state.players[foe]
        done = combat["abilities_done"]
        if f"{role}:auto" not in done:
            done.append(f"{role}:auto")
            if has_mech_ability(player, "scout") and opponent.combat_cards:
                state.rng, pick = rng.randbelow(state.rng, len(opponent.combat_cards))
                player.combat_cards.append(opponent.combat_cards.pop(pick))
                state.log.append({"seat": seat, "event": "scout"})
            if has_mech_ability(player, "disarm") and _is_tunnel_for(player, combat["hex"]):
                opponent.power = max(0, opponent.power - 2)
                state.log.append({"seat": seat, "event": "disarm"})
        if (
            f"{role}:artillery" not in done
            and has_mech_ability(player, "artillery")
            and player.power
        ):
            return seat
    return None


def _is_tunnel_for(player: Player, hid: str) -> bool:
    """A tunnel territory, or the player's own Mine ("acts as a tunnel that only you
    can use"; the English guide has Disarm work "in a tunnel or your mine")."""
    return hid in TUNNELS or player.structures.get("mine") == hid


def next_commit_seat(state: GameState) -> int | None:
    """The seat to choose next: the attacker, then the defender; a seat playing the
    Automa's rules chooses (by its card) only after every human. None when all chose."""
    combat = state.turn["combat"]
    seats = sorted(
        (combat["attacker"], combat["defender"]),
        key=lambda s: seat_rules(state.players[s]).automa_combat,
    )
    return next((s for s in seats if str(s) not in combat["choices"]), None)


def fire_artillery(state: GameState, seat: int, fire: bool) -> None:
    """Artillery: pay 1 power, the opponent loses 2 (or hold fire)."""
    combat = state.turn["combat"]
    role = "attacker" if seat == combat["attacker"] else "defender"
    combat["abilities_done"].append(f"{role}:artillery")
    if fire:
        foe = combat["defender"] if role == "attacker" else combat["attacker"]
        state.players[seat].power -= 1
        opponent = state.players[foe]
        opponent.power = max(0, opponent.power - 2)
        state.log.append({"seat": seat, "event": "artillery"})


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
            options.append(format_commit(dial, cards))
    return options


def apply_commit_choice(state: GameState, seat: int, action: str) -> None:
    state.turn["combat"]["choices"][str(seat)] = action


def resolve_combat(state: GameState) -> tuple[int | None, str]:
    """Reveal both choices, pay, decide the winner, retreat the loser, award the star.

    Returns the combat's hex and the losing seat when it may choose where to retreat
    (Seaworthy: a lake), else None (its units went home, or to the Automa's mat).
    When the combat's star ends the game, the loser retreats home at once."""
    combat = state.turn.pop("combat")
    hid = combat["hex"]
    attacker = state.players[combat["attacker"]]
    defender = state.players[combat["defender"]]
    dials: dict[str, int] = {}
    played: dict[str, list[int]] = {}
    for p in (attacker, defender):
        commit = parse_commit(combat["choices"][str(p.seat)])
        dial, cards = commit.dial, list(commit.cards)
        p.power -= dial
        for c in cards:
            p.combat_cards.remove(c)
            state.combat_discard.append(c)
        dials[str(p.seat)], played[str(p.seat)] = dial, cards
    # No ability adds power at the reveal: a total is the dial plus the cards.
    totals = {seat: dials[seat] + sum(played[seat]) for seat in dials}
    winner, loser = (
        (attacker, defender)
        if totals[str(attacker.seat)] >= totals[str(defender.seat)]
        else (defender, attacker)
    )
    state.log.append(
        {
            "seat": attacker.seat,
            "event": "combat",
            "hex": hid,
            "attacker": attacker.seat,
            "defender": defender.seat,
            "dials": dials,
            "cards": played,
            "totals": totals,
            "winner": winner.seat,
        }
    )
    retreated_workers = sum(1 for w in loser.workers if w == hid)
    if retreated_workers:
        state.log.append(
            {"seat": winner.seat, "event": "worker_retreat", "hex": hid, "count": retreated_workers}
        )
    winner_rules = seat_rules(winner)
    if (
        winner is attacker
        and not has_mech_ability(winner, "camaraderie")
        and winner_rules.changes_popularity
    ):
        gain_popularity(winner, -retreated_workers)
    if dials[str(loser.seat)] > 0 or played[str(loser.seat)]:
        _consolation_card(state, loser)
    if combat_star_open(winner, not winner_rules.uses_abilities):
        place_star(state, winner, "combat")
    if seat_rules(attacker).automa_combat or seat_rules(defender).automa_combat:
        after_combat(state, attacker, defender, winner, hid)
        if seat_rules(loser).automa_combat:
            retreat_loser(state, loser, hid)
            return None, hid
    lakes = retreat_lakes(state, loser, hid)
    if lakes and not state.game_over:
        return loser.seat, hid
    retreat_all(loser, hid, loser.home)
    return None, hid


def _consolation_card(state: GameState, loser: Player) -> None:
    """A loser who revealed power (dial or cards) draws a combat card; the log keeps
    only that a card was drawn, never its value."""
    hand = len(loser.combat_cards)
    draw_combat_cards(state, loser, 1)
    if len(loser.combat_cards) > hand:
        state.log.append({"seat": loser.seat, "event": "combat_card"})


def retreat_lakes(state: GameState, player: Player, hid: str) -> list[str]:
    """Seaworthy lets the loser retreat onto an adjacent lake instead of home."""
    if not has_mech_ability(player, "seaworthy"):
        return []
    return [
        n
        for n in ADJACENT[hid]
        if TERRAIN[n] == "lake" and not state.enemy_combat_units_at(player.seat, n)
    ]


def retreat_all(player: Player, hid: str, target: str) -> None:
    """Move every unit of the player on hid to target (home, or a lake for Seaworthy).

    Only a mech carries workers onto a lake ("if a mech transports workers onto a
    lake (during a Move action or when retreating)"): without a mech among the
    retreating units, the workers retreat to the home base.
    """
    worker_target = target
    if TERRAIN[target] == "lake" and hid not in player.mechs:
        worker_target = player.home
    if player.character == hid:
        player.character = target
    player.mechs = [target if m == hid else m for m in player.mechs]
    player.workers = [worker_target if w == hid else w for w in player.workers]


def undo_unresolved_moves(state: GameState) -> None:
    """The game ended mid-turn: units moved next to enemies go back where they came from.

    "If your 6th star is placed but you still have a combat remaining on your
    turn, ... any units you moved to initiate that combat move back"; the English
    summary adds any unit left "on a territory with an opponent's units (from a
    Move action)" - a combat not begun yet, or enemy workers not yet driven out
    when an objective is revealed in the middle of the Move.
    """
    player = state.active
    origins = state.turn.get("origins", {})
    for uid, origin in origins.items():
        hid = unit_location(player, uid)
        if hid and (
            state.enemy_combat_units_at(player.seat, hid)
            or state.enemy_workers_at(player.seat, hid)
        ):
            set_unit_location(player, uid, origin)
    state.turn["combats_left"] = []
