"""The Automa: the solo opponent of the Automa rulebook, as a seat controller.

An Automa seat has ``controller == "automa"``, a ``level`` (see
:data:`scythe_core.data.automa_cards.LEVELS`), no player mat (``mat == ""``) and its own state in
``Player.automa``::

    {"deck": [...], "discard": [...], "combat_discard": [...],  # card numbers, end = top
     "plan": 0 or 1, "cube": star-card index, "last_main": card or None,
     "turns": its turns so far, "plan_switch_turn": its turn number or None}

Its turn starts with one decision, ``automa_turn`` with the single action
``automa:play``: draw a card onto the main discard (Autometta skip); then the steps
of ``flow.sequences.AUTOMA_ROWS`` try the move row of the active plan, take every
gain, pay the human neighbours' recruit bonus and adjust the star card. A combat it
starts is put on the flow's stack above the rest of its card. Every decision is explained in ``state.log``
as ``{"seat", "event": "automa", "code", "params"}``: an event code with its
parameters (plain JSON), worded in English or Dutch by :mod:`scythe_core.io.wording`.

Game options (``state.options``) for the rulebook's difficulty adjustments:
``automa_skip_turns`` (skip as on Autometta), ``automa_coins`` and
``automa_power`` (-2..2 on every card that gives coins or power),
``automa_move_flip`` and ``automa_place_flip`` (each time the Automa would move
or place a unit, a flipped combat card of 4 or 5 cancels the rest of the move row
or that placement), ``automa_all_moves`` (every valid move, as Ultimaszyna).

The move procedures are in :mod:`scythe_core.automa.moves`, the gains and the star
card in :mod:`scythe_core.automa.gains`, its combat choice in
:mod:`scythe_core.automa.combat` (its effects on other seats in
:mod:`scythe_core.rules.automa_rules`), the card data in
:mod:`scythe_core.data.automa_cards`.
"""

from __future__ import annotations

from ..data.automa_cards import CARDS
from ..data.board import FACTORY
from ..model import rng
from ..model.log import say
from ..model.state import GameState, Player
from ..model.units import set_unit_location
from ..rules.automa_rules import remove_resources
from .gains import (
    advance_star_card,
    card_gains,
    flip_cancels,
    game_option,
    recruit_bonus,
    switch_plan,
    take_gain,
)
from .moves import plan_move

#: Coins and popularity the Automa starts with (its popularity never changes).
START_TRACKS = {"coins": 5, "popularity": 10}


def is_automa(player: Player) -> bool:
    return player.controller == "automa"


# --- setup ------------------------------------------------------------------------


def setup_automas(state: GameState) -> None:
    """Give each Automa seat its shuffled deck of 19 cards and its star card."""
    for player in state.players:
        if not is_automa(player):
            continue
        player.level = player.level or "automa"
        state.rng, deck = rng.shuffled(state.rng, sorted(CARDS))
        player.automa = {
            "deck": deck,
            "discard": [],
            "combat_discard": [],
            "plan": 0,
            "cube": 0,
            "last_main": None,
            "turns": 0,
            "plan_switch_turn": None,
        }


# --- the deck -------------------------------------------------------------------


def draw_card(state: GameState, player: Player, for_combat: bool = False) -> int:
    """Draw the top card onto the main (or combat) discard; reshuffle all 19 when empty."""
    automa = player.automa
    if not automa["deck"]:
        pool = automa["discard"] + automa["combat_discard"]
        state.rng, automa["deck"] = rng.shuffled(state.rng, sorted(pool))
        automa["discard"], automa["combat_discard"] = [], []
        say(state, player.seat, "deck_reshuffled")
    card = automa["deck"].pop()
    if for_combat:
        automa["combat_discard"].append(card)
    else:
        automa["discard"].append(card)
        automa["last_main"] = card
    return card


def active_plan(player: Player, card: int) -> dict:
    return CARDS[card]["plans"][player.automa["plan"]]


# --- the turn -----------------------------------------------------------------------


def draw_turn_card(state: GameState) -> bool:
    """Draw the turn's card onto the main discard; True when its skip symbol skips the turn."""
    player = state.active
    automa = player.automa
    automa["turns"] += 1
    card = draw_card(state, player)
    plan = active_plan(player, card)
    say(state, player.seat, "card_drawn", {"card": card, "plan": automa["plan"] + 1})
    state.turn["automa"] = {"card": card, "next": 0, "moved": False}
    skips = player.level == "autometta" or game_option(state, "automa_skip_turns", False)
    if skips and plan["skip"]:
        say(state, player.seat, "turn_skipped")
        return True
    return False


def _all_moves(state: GameState, player: Player) -> bool:
    return player.level == "ultimaszyna" or bool(game_option(state, "automa_all_moves", False))


def _card_plan(state: GameState) -> dict:
    return active_plan(state.active, state.turn["automa"]["card"])


def move_row_symbol(state: GameState) -> str | None:
    """Try the move row's symbols left to right; the hex of a combat one starts, or None.

    Reading (rules/003 is not explicit): with every valid move (Ultimaszyna or the
    option), a bracketed faction symbol that was carried out does not stop the
    symbols after it; "if the faction action can be done, the others are not tried"
    is read as the normal first-valid rule, since bracketed symbols come first."""
    player = state.active
    turn = state.turn["automa"]
    moves = _card_plan(state)["moves"]
    every = _all_moves(state, player)
    while turn["next"] < len(moves) and (every or not turn["moved"]):
        symbol = moves[turn["next"]]
        turn["next"] += 1
        if try_symbol(state, player, symbol) == "combat":
            return state.turn["combats_left"][0]
    return None


def end_move_row(state: GameState) -> None:
    player = state.active
    turn = state.turn["automa"]
    if not turn["moved"] and not turn.get("cancelled"):
        say(state, player.seat, "no_valid_move")
    character_arrives(state, player)


def gains_of_card(state: GameState) -> list[tuple[str, int]]:
    return card_gains(state, state.active, _card_plan(state))


def take_card_gain(state: GameState, what: str, amount: int) -> None:
    take_gain(state, state.active, what, amount)


def pay_card_recruit_bonus(state: GameState) -> None:
    recruit_bonus(state, state.active, _card_plan(state)["recruit"])


def card_has_star(state: GameState) -> bool:
    return bool(CARDS[state.turn["automa"]["card"]]["star"])


def advance_star_card_of(state: GameState) -> bool:
    """The star card's cube moves on; True when the plans switch next."""
    return advance_star_card(state, state.active)


def switch_plans(state: GameState) -> None:
    switch_plan(state, state.active)


def explain_no_star(state: GameState) -> None:
    say(state, state.active_seat, "star_stays")


def try_symbol(state: GameState, player: Player, symbol: str) -> str:
    """Try one move symbol: "invalid", "moved" or "combat" (the turn waits for it)."""
    faction, _, bare = symbol.rpartition(":")
    if faction and faction != player.faction:
        say(state, player.seat, "symbol_skipped", {"symbol": bare, "faction": faction})
        return "invalid"
    plan = plan_move(state, player, bare)
    if not plan["valid"]:
        say(state, player.seat, "symbol_invalid", {"symbol": bare, "why": plan["why"]})
        return "invalid"
    turn = state.turn["automa"]
    if game_option(state, "automa_move_flip", False) and flip_cancels(state, player, "move_unit"):
        # No (further) move from the first row this turn.
        turn["next"] = len(active_plan(player, turn["card"])["moves"])
        turn["cancelled"] = True
        return "invalid"
    turn["moved"] = True
    _explain_move(state, player, bare, plan)
    return perform_move(state, player, plan)


def _explain_move(state: GameState, player: Player, symbol: str, plan: dict) -> None:
    """The valid move symbol: which unit, from and to where, what decided each."""
    params = {
        "symbol": symbol,
        "unit": plan["unit"],
        "from": plan["from"],
        "to": plan["to"],
        "unit_why": plan["unit_why"],
        "to_why": plan["to_why"],
    }
    if plan.get("fact"):
        params["fact"] = plan["fact"]
    stay = plan["from"] == plan["to"]
    moves = [] if stay else [[player.seat, plan["unit"], plan["from"], plan["to"]]]
    say(state, player.seat, "symbol_valid", params, moves)


def perform_move(state: GameState, player: Player, plan: dict) -> str:
    dest = plan["to"]
    set_unit_location(player, plan["unit"], dest)
    if plan["attack"] == "combat":
        state.turn["combats_left"] = [dest]  # the combat runs next (see flow.automa_steps)
        return "combat"
    if plan["attack"] == "workers":
        for enemy in state.players:
            if enemy.seat != player.seat and dest in enemy.workers:
                driven = [i for i, w in enumerate(enemy.workers) if w == dest]
                for i in driven:
                    enemy.workers[i] = enemy.home
                state.log.append({"seat": player.seat, "event": "worker_retreat", "hex": dest})
                say(
                    state,
                    player.seat,
                    "workers_driven_home",
                    {"count": len(driven), "hex": dest},
                    [[enemy.seat, f"worker:{i}", dest, enemy.home] for i in driven],
                )
    remove_resources(state, player, dest)
    if _all_moves(state, player):
        character_arrives(state, player)
    return "moved"


def after_automa_combat(state: GameState) -> None:
    """A combat the Automa started is over: its move row goes on."""
    player = state.active
    state.turn.pop("combats_left", None)
    if _all_moves(state, player):
        character_arrives(state, player)


def character_arrives(state: GameState, player: Player) -> None:
    """An encounter token under the character is removed; the Factory gives a card."""
    hid = player.character
    if hid in state.encounter_tokens:
        state.encounter_tokens.remove(hid)
        say(state, player.seat, "encounter_token_removed", {"hex": hid})

    if hid == FACTORY and player.factory_card is None and state.factory_deck:
        state.rng, pick = rng.randbelow(state.rng, len(state.factory_deck))
        player.factory_card = state.factory_deck.pop(pick)
        state.log.append({"seat": player.seat, "event": "factory_card", "card": None})
        say(state, player.seat, "factory_card_taken")
