"""The Automa's second and third rows and its star card.

Gains: a worker from its faction mat to its home base; the character from the
faction mat to the home base, else a mech; coins; power; a hidden combat card.
Ultimaszyna gets one more coin and power on every card giving any; the difficulty
options adjust them too. The recruit row gives human neighbours with that recruit
its ongoing bonus. The star card's cube advances on star cards; star spaces place
stars, and the first one reshuffles all 19 cards and switches to Plan II.
"""

from __future__ import annotations

from ..data.automa_cards import STAR_CARDS, star_spaces
from ..data.components import POWER_MAX, RECRUIT_ONGOING_BONUS
from ..model import rng
from ..model.log import say
from ..model.state import GameState, Player
from ..model.units import ON_MAT
from ..rules.bottom_actions import gain_bonus
from ..rules.economy import deploy_worker, draw_combat_cards, gain_power, place_star

STAR_CARD = "star_card"


def game_option(state: GameState, name: str, default=0):
    return state.options.get(name, default)


def flip_cancels(state: GameState, player: Player, what: str) -> bool:
    """Difficulty option: flip a combat card from the deck; a 4 or 5 cancels ``what``
    (a code of ``wording.FLIP_TARGETS``: "move_unit", "place_worker", "place_unit")."""
    if not state.combat_deck:
        if not state.combat_discard:
            return False
        state.rng, state.combat_deck = rng.shuffled(state.rng, state.combat_discard)
        state.combat_discard = []
    value = state.combat_deck.pop()
    state.combat_discard.append(value)
    cancels = value >= 4
    params = {"target": what, "value": value, "cancels": cancels}
    say(state, player.seat, "combat_card_flipped", params)
    return cancels


def _adjusted(state: GameState, player: Player, what: str, amount: int) -> int:
    """A card's coins or power with Ultimaszyna's +1 and the difficulty adjustment."""
    if not amount:
        return 0
    bonus = 1 if player.level == "ultimaszyna" else 0
    return max(0, amount + bonus + int(game_option(state, f"automa_{what}", 0)))


def card_gains(state: GameState, player: Player, plan: dict) -> list[tuple[str, int]]:
    """The second row: every symbol for this faction, in the card's order, one by one.

    Coins and power are counted once per card (Ultimaszyna's +1 and the difficulty
    adjustment apply per card), at the first coin or power symbol. Each gain is its own
    step, so a sixth star (from reaching 16 power) ends the game before later symbols.
    """
    gains = [(what, n) for what, n, faction in plan["gains"] if faction in (None, player.faction)]
    result: list[tuple[str, int]] = []
    for what, n in gains:
        if what in ("coin", "power"):
            if what not in {kind for kind, _ in result}:
                total = sum(k for kind, k in gains if kind == what)
                option = "coins" if what == "coin" else "power"
                result.append((what, _adjusted(state, player, option, total)))
            continue
        result += [(what, 1)] * n
    return result


def take_gain(state: GameState, player: Player, what: str, amount: int) -> None:
    """One gain of the Automa's card (see :func:`card_gains`)."""
    if what == "coin":
        gain_coins(state, player, amount)
    elif what == "power":
        gain_automa_power(state, player, amount)
    elif what == "worker":
        gain_worker(state, player)
    elif what == "mech":
        gain_mech(state, player)
    elif what == "card":
        draw_combat_cards(state, player, 1)
        say(state, player.seat, "combat_card_taken")
    else:
        raise AssertionError(what)


def gain_coins(state: GameState, player: Player, coins: int) -> None:
    if not coins:
        return
    player.coins += coins
    say(state, player.seat, "coins_gained", {"coins": coins})


def gain_automa_power(state: GameState, player: Player, power: int) -> None:
    """Power from a card; the first time it reaches the end of the track: a star."""
    if not power:
        return
    gain_power(player, power)
    say(state, player.seat, "power_gained", {"power": power, "total": player.power})
    if player.power >= POWER_MAX and not player.stars.get("power"):
        say(state, player.seat, "power_star")
        place_star(state, player, "power")


def gain_worker(state: GameState, player: Player) -> None:
    if None not in player.workers:
        say(state, player.seat, "no_worker_on_mat")
        return
    if game_option(state, "automa_place_flip", False) and flip_cancels(
        state, player, "place_worker"
    ):
        return
    index = player.workers.index(None)
    deploy_worker(player, player.home)
    say(
        state,
        player.seat,
        "worker_deployed",
        moves=[[player.seat, f"worker:{index}", None, player.home]],
    )


def gain_mech(state: GameState, player: Player) -> None:
    """The character from the faction mat to the home base, else a mech."""
    if player.character != ON_MAT and len(player.mechs) >= 4:
        say(state, player.seat, "no_mech_on_mat")
        return
    if game_option(state, "automa_place_flip", False) and flip_cancels(state, player, "place_unit"):
        return
    if player.character == ON_MAT:
        player.character = player.home
        say(
            state,
            player.seat,
            "character_returns",
            moves=[[player.seat, "character", ON_MAT, player.home]],
        )
        return
    slot = min(i for i in range(4) if i not in player.mech_abilities)
    player.mech_abilities.append(slot)
    player.mechs.append(player.home)
    say(
        state,
        player.seat,
        "mech_deployed",
        moves=[[player.seat, f"mech:{len(player.mechs) - 1}", None, player.home]],
    )


def recruit_bonus(state: GameState, player: Player, bottom: str | None) -> None:
    """The third row: human neighbours with that recruit get its ongoing bonus."""
    if not bottom:
        return

    bonus = RECRUIT_ONGOING_BONUS[bottom]
    for seat in dict.fromkeys(state.neighbours_of(player.seat)):
        neighbour = state.players[seat]
        if seat == player.seat or bottom not in neighbour.recruits:
            continue
        gain_bonus(state, neighbour, bonus, 1)
        params = {"recruit": bottom, "seat": seat, "bonus": bonus}
        say(state, player.seat, "recruit_bonus", params)


def advance_star_card(state: GameState, player: Player) -> bool:
    """Move the cube one space; a star space places a star. True at the first star
    space: the plans switch next (unless that star ended the game)."""
    automa = player.automa
    track = STAR_CARDS[player.level]
    if automa["cube"] >= len(track) - 1:
        return False
    was_restricted = track[automa["cube"]] == "X"
    automa["cube"] += 1
    say(state, player.seat, "star_cube_advances", {"space": automa["cube"]})
    if was_restricted and track[automa["cube"]] != "X" and player.level != "ultimaszyna":
        say(state, player.seat, "water_unrestricted")
    if track[automa["cube"]] != "*":
        return False
    say(state, player.seat, "star_space")
    place_star(state, player, STAR_CARD)
    return automa["cube"] == star_spaces(player.level)[0]


def switch_plan(state: GameState, player: Player) -> None:
    automa = player.automa
    pool = automa["deck"] + automa["discard"] + automa["combat_discard"]
    state.rng, automa["deck"] = rng.shuffled(state.rng, sorted(pool))
    automa["discard"], automa["combat_discard"] = [], []
    automa["plan"] = 1
    automa["plan_switch_turn"] = automa["turns"]
    say(state, player.seat, "plan_switched")
