"""The Automa: the solo opponent of the Automa rulebook, as a seat controller.

An Automa seat has ``controller == "automa"``, a ``level`` (see
:data:`automa_cards.LEVELS`), no player mat (``mat == ""``) and its own state in
``Player.automa``::

    {"deck": [...], "discard": [...], "combat_discard": [...],  # card numbers, end = top
     "plan": 0 or 1, "cube": star-card index, "last_main": card or None,
     "turns": its turns so far, "plan_switch_turn": its turn number or None}

Its turn is one decision, ``automa_turn`` with the single action ``automa:play``:
draw a card onto the main discard (Autometta skip), try the move row of the
active plan, take every gain, pay the human neighbours' recruit bonus, adjust
the star card, end the turn. A combat it starts pauses the turn for the human's
choices and resumes it afterwards. Every decision is explained in ``state.log``
as ``{"seat", "event": "automa", "text": {"en", "nl"}}``.

Game options (``state.options``) for the rulebook's difficulty adjustments:
``automa_skip_turns`` (skip as on Autometta), ``automa_coins`` and
``automa_power`` (-2..2 on every card that gives coins or power),
``automa_move_flip`` and ``automa_place_flip`` (a combat card of 4 or 5 cancels
the move row or a unit placement), ``automa_all_moves`` (every valid move).
"""

from __future__ import annotations

from . import rng
from .automa_cards import CARDS, STAR_CARDS, combat_column, star_spaces
from .automa_moves import ON_MAT, UNIT_NAMES, Text, place_name, plan_move, symbol_name
from .board import TERRAIN
from .data import POWER_MAX, PRODUCTION, RECRUIT_ONGOING_BONUS
from .economy import deploy_worker, draw_combat_cards, gain_power, place_star
from .state import GameState, Player

#: Coins and popularity the Automa starts with (its popularity never changes).
START_TRACKS = {"coins": 5, "popularity": 10}
STAR_CARD = "star_card"


def is_automa(player: Player) -> bool:
    return player.controller == "automa"


def say(state: GameState, seat: int, en: str, nl: str) -> None:
    """One explanation line in the game log, in English and Dutch."""
    state.log.append({"seat": seat, "event": "automa", "text": {"en": en, "nl": nl}})


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
        say(
            state,
            player.seat,
            "The Automa deck is empty: all 19 cards are reshuffled.",
            "De Automastapel is leeg: alle 19 kaarten worden geschud.",
        )
    card = automa["deck"].pop()
    if for_combat:
        automa["combat_discard"].append(card)
    else:
        automa["discard"].append(card)
        automa["last_main"] = card
    return card


def active_plan(player: Player, card: int) -> dict:
    return CARDS[card]["plans"][player.automa["plan"]]


def _option(state: GameState, name: str, default=0):
    return state.options.get(name, default)


def _flip_cancels(state: GameState, player: Player, what: Text) -> bool:
    """Difficulty option: flip a combat card from the deck; a 4 or 5 cancels."""
    if not state.combat_deck:
        if not state.combat_discard:
            return False
        state.rng, state.combat_deck = rng.shuffled(state.rng, state.combat_discard)
        state.combat_discard = []
    value = state.combat_deck.pop()
    state.combat_discard.append(value)
    cancels = value >= 4
    say(
        state,
        player.seat,
        f"Flipped a combat card for {what[0]}: {value}"
        + (", so it does not happen." if cancels else "."),
        f"Gevechtskaart omgedraaid voor {what[1]}: {value}"
        + (", dus dit gebeurt niet." if cancels else "."),
    )
    return cancels


# --- the turn -----------------------------------------------------------------------


def legal_automa_turn(state: GameState) -> list[str]:
    return ["automa:play"]


def apply_automa_turn(state: GameState, action: str) -> None:
    """Play the Automa's whole turn (pausing only for a human's combat choices)."""
    player = state.active
    automa = player.automa
    automa["turns"] += 1
    card = draw_card(state, player)
    plan = active_plan(player, card)
    number = "I" if automa["plan"] == 0 else "II"
    say(
        state,
        player.seat,
        f"The Automa draws card {card} (Plan {number}).",
        f"De Automa trekt kaart {card} (Plan {number}).",
    )
    state.turn["automa"] = {"card": card, "next": 0, "moved": False, "phase": "moves"}
    skips = player.level == "autometta" or _option(state, "automa_skip_turns", False)
    if skips and plan["skip"]:
        say(
            state,
            player.seat,
            "The skip symbol leads the move row: the Automa skips this turn.",
            "Het overslaan-symbool staat op de eerste rij: de Automa slaat deze beurt over.",
        )
        _end(state)
        return
    if _option(state, "automa_move_flip", False) and _flip_cancels(
        state, player, ("the move", "de beweging")
    ):
        state.turn["automa"]["next"] = len(plan["moves"])
    run_turn(state)


def _all_moves(state: GameState, player: Player) -> bool:
    return player.level == "ultimaszyna" or bool(_option(state, "automa_all_moves", False))


def run_turn(state: GameState) -> None:
    """Carry on with the Automa turn from where it stands (after a combat too)."""
    player = state.active
    turn = state.turn["automa"]
    plan = active_plan(player, turn["card"])
    moves = plan["moves"]
    every = _all_moves(state, player)
    while turn["phase"] == "moves" and turn["next"] < len(moves):
        if turn["moved"] and not every:
            break
        symbol = moves[turn["next"]]
        turn["next"] += 1
        if try_symbol(state, player, symbol) == "combat":
            return
        if state.game_over:
            return
    if turn["phase"] == "moves":
        turn["phase"] = "gains"
        if not turn["moved"]:
            say(
                state,
                player.seat,
                "No move symbol was valid: no move this turn.",
                "Geen enkel bewegingssymbool was geldig: geen beweging deze beurt.",
            )
        character_arrives(state, player)
    take_gains(state, player, plan)
    if state.game_over:
        return
    recruit_bonus(state, player, plan["recruit"])
    from .economy import award_stars_after_action

    award_stars_after_action(state)
    if state.game_over:
        return
    if CARDS[turn["card"]]["star"]:
        advance_star_card(state, player)
    else:
        say(
            state,
            player.seat,
            "The card shows a crossed-out star: the star-card cube stays.",
            "De kaart toont een doorgekruiste ster: het blokje op de sterrenkaart blijft staan.",
        )
    if not state.game_over:
        _end(state)


def _end(state: GameState) -> None:
    from .turn import end_turn

    end_turn(state)


def try_symbol(state: GameState, player: Player, symbol: str) -> str:
    """Try one move symbol: "invalid", "moved" or "combat" (the turn waits for it)."""
    faction, _, bare = symbol.rpartition(":")
    name = symbol_name(bare)
    if faction and faction != player.faction:
        say(
            state,
            player.seat,
            f"Skipped '{name[0]}' in brackets: only for {faction}.",
            f"'{name[1]}' tussen haakjes overgeslagen: enkel voor {faction}.",
        )
        return "invalid"
    plan = plan_move(state, player, bare)
    if not plan["valid"]:
        say(
            state,
            player.seat,
            f"Tried '{name[0]}': not valid, {plan['why'][0]}.",
            f"'{name[1]}' geprobeerd: niet geldig, {plan['why'][1]}.",
        )
        return "invalid"
    state.turn["automa"]["moved"] = True
    _explain_move(state, player, name, plan)
    return perform_move(state, player, plan)


def _explain_move(state: GameState, player: Player, name: Text, plan: dict) -> None:
    kind = plan["unit"].split(":")[0]
    unit = UNIT_NAMES[kind]
    origin, dest = place_name(player, plan["from"]), place_name(player, plan["to"])
    stay = plan["from"] == plan["to"]
    en = (
        f"Tried '{name[0]}': valid. It takes {unit[0]} on {origin[0]} "
        f"({plan['unit_why'][0]}) and "
        + (f"keeps it on {dest[0]}" if stay else f"places it on {dest[0]}")
        + f" ({plan['to_why'][0]})."
    )
    pronoun = "het" if kind == "character" else "hem"
    nl = (
        f"'{name[1]}' geprobeerd: geldig. De Automa neemt {unit[1]} op {origin[1]} "
        f"({plan['unit_why'][1]}) en "
        + (f"laat {pronoun} op {dest[1]}" if stay else f"plaatst {pronoun} op {dest[1]}")
        + f" ({plan['to_why'][1]})."
    )
    say(state, player.seat, en, nl)


def _set_unit(player: Player, uid: str, hid: str) -> None:
    if uid == "character":
        player.character = hid
        return
    kind, index = uid.split(":")
    if kind == "mech":
        player.mechs[int(index)] = hid
    else:
        player.workers[int(index)] = hid


def perform_move(state: GameState, player: Player, plan: dict) -> str:
    dest = plan["to"]
    _set_unit(player, plan["unit"], dest)
    if plan["attack"] == "combat":
        from .combat import _start_combat

        state.turn["combats_left"] = [dest]
        _start_combat(state, dest)
        return "combat"
    if plan["attack"] == "workers":
        for enemy in state.players:
            if enemy.seat != player.seat and dest in enemy.workers:
                count = enemy.workers.count(dest)
                enemy.workers = [enemy.home if w == dest else w for w in enemy.workers]
                state.log.append({"seat": player.seat, "event": "worker_retreat", "hex": dest})
                say(
                    state,
                    player.seat,
                    f"{count} enemy worker(s) on {dest} go back to their home base.",
                    f"{count} vijandelijke werker(s) op {dest} keren terug naar hun thuisbasis.",
                )
    remove_resources(state, player, dest)
    if _all_moves(state, player):
        character_arrives(state, player)
    return "moved"


def remove_resources(state: GameState, player: Player, hid: str) -> None:
    """The Automa takes a territory: every resource on it is removed."""
    if not state.resources_at(hid):
        return
    count = sum(state.resources.pop(hid).values())
    say(
        state,
        player.seat,
        f"All {count} resource(s) on {hid} are removed.",
        f"Alle {count} grondstof(fen) op {hid} worden verwijderd.",
    )


def continue_after_combat(state: GameState) -> None:
    """A combat the Automa started is over: go on with its turn."""
    player = state.active
    state.turn.pop("combats_left", None)
    if _all_moves(state, player):
        character_arrives(state, player)
    run_turn(state)


def character_arrives(state: GameState, player: Player) -> None:
    """An encounter token under the character is removed; the Factory gives a card."""
    hid = player.character
    if hid in state.encounter_tokens:
        state.encounter_tokens.remove(hid)
        say(
            state,
            player.seat,
            f"The character ends on {hid}: its encounter token is removed.",
            f"Het karakter eindigt op {hid}: de ontmoetingsfiche wordt verwijderd.",
        )
    from .board import FACTORY

    if hid == FACTORY and player.factory_card is None and state.factory_deck:
        state.rng, pick = rng.randbelow(state.rng, len(state.factory_deck))
        player.factory_card = state.factory_deck.pop(pick)
        state.log.append({"seat": player.seat, "event": "factory_card", "card": None})
        say(
            state,
            player.seat,
            "The character is on the Factory: the Automa takes a random Factory card face down.",
            "Het karakter staat op de Fabriek: de Automa neemt een willekeurige Fabriekkaart, gedekt.",
        )


# --- gains, recruit bonus, star card ----------------------------------------------


def _adjusted(state: GameState, player: Player, what: str, amount: int) -> int:
    """A card's coins or power with Ultimaszyna's +1 and the difficulty adjustment."""
    if not amount:
        return 0
    bonus = 1 if player.level == "ultimaszyna" else 0
    return max(0, amount + bonus + int(_option(state, f"automa_{what}", 0)))


def take_gains(state: GameState, player: Player, plan: dict) -> None:
    """The second row: every symbol for this faction (coins and power once per card)."""
    gains = [(what, n) for what, n, faction in plan["gains"] if faction in (None, player.faction)]
    coins = _adjusted(state, player, "coins", sum(n for what, n in gains if what == "coin"))
    power = _adjusted(state, player, "power", sum(n for what, n in gains if what == "power"))
    if coins:
        player.coins += coins
        say(
            state,
            player.seat,
            f"The Automa gains {coins} coin(s).",
            f"De Automa krijgt {coins} munt(en).",
        )
    if power:
        gain_power(player, power)
        say(
            state,
            player.seat,
            f"The Automa gains {power} power (now {player.power}).",
            f"De Automa krijgt {power} kracht (nu {player.power}).",
        )
        if player.power >= POWER_MAX and not player.stars.get("power"):
            say(
                state,
                player.seat,
                "It reaches the end of the power track for the first time: a star.",
                "Hij bereikt voor het eerst het einde van het krachtspoor: een ster.",
            )
            place_star(state, player, "power")
            if state.game_over:
                return
    for what, n in gains:
        for _ in range(n):
            if what == "worker":
                gain_worker(state, player)
            elif what == "mech":
                gain_mech(state, player)
            elif what == "card":
                draw_combat_cards(state, player, 1)
                say(
                    state,
                    player.seat,
                    "The Automa takes a hidden combat card.",
                    "De Automa krijgt een gedekte gevechtskaart.",
                )


def gain_worker(state: GameState, player: Player) -> None:
    if None not in player.workers:
        say(
            state,
            player.seat,
            "No worker is left on its faction mat.",
            "Er staat geen werker meer op zijn factiemat.",
        )
        return
    if _option(state, "automa_place_flip", False) and _flip_cancels(
        state, player, ("placing a worker", "het plaatsen van een werker")
    ):
        return
    deploy_worker(player, player.home)
    say(
        state,
        player.seat,
        "A worker from its faction mat goes to its home base.",
        "Een werker van zijn factiemat gaat naar zijn thuisbasis.",
    )


def gain_mech(state: GameState, player: Player) -> None:
    """The character from the faction mat to the home base, else a mech."""
    if player.character != ON_MAT and len(player.mechs) >= 4:
        say(
            state,
            player.seat,
            "No mech is left on its faction mat.",
            "Er staat geen mech meer op zijn factiemat.",
        )
        return
    if _option(state, "automa_place_flip", False) and _flip_cancels(
        state, player, ("placing a unit", "het plaatsen van een eenheid")
    ):
        return
    if player.character == ON_MAT:
        player.character = player.home
        say(
            state,
            player.seat,
            "The character comes back from its faction mat to its home base.",
            "Het karakter komt van zijn factiemat terug naar zijn thuisbasis.",
        )
        return
    slot = min(i for i in range(4) if i not in player.mech_abilities)
    player.mech_abilities.append(slot)
    player.mechs.append(player.home)
    say(
        state,
        player.seat,
        "A mech from its faction mat goes to its home base.",
        "Een mech van zijn factiemat gaat naar zijn thuisbasis.",
    )


def recruit_bonus(state: GameState, player: Player, bottom: str | None) -> None:
    """The third row: human neighbours with that recruit get its ongoing bonus."""
    if not bottom:
        return
    from .bottom_actions import gain_bonus

    bonus = RECRUIT_ONGOING_BONUS[bottom]
    for seat in dict.fromkeys(state.neighbours_of(player.seat)):
        neighbour = state.players[seat]
        if seat == player.seat or bottom not in neighbour.recruits:
            continue
        gain_bonus(state, neighbour, bonus, 1)
        say(
            state,
            player.seat,
            f"Recruit bonus ({bottom}): seat {seat} gains 1 {bonus}.",
            f"Rekrutbonus ({bottom}): stoel {seat} krijgt 1 {bonus}.",
        )


def advance_star_card(state: GameState, player: Player) -> None:
    """Move the cube one space; a star space places a star, the first switches plans."""
    automa = player.automa
    track = STAR_CARDS[player.level]
    if automa["cube"] >= len(track) - 1:
        return
    was_restricted = track[automa["cube"]] == "X"
    automa["cube"] += 1
    say(
        state,
        player.seat,
        f"The star-card cube advances to space {automa['cube']}.",
        f"Het blokje op de sterrenkaart gaat naar vak {automa['cube']}.",
    )
    if was_restricted and track[automa["cube"]] != "X" and player.level != "ultimaszyna":
        say(
            state,
            player.seat,
            "From now on its units treat lakes as territories and cross every river.",
            "Vanaf nu beschouwen zijn eenheden meren als gebieden en steken ze elke rivier over.",
        )
    if track[automa["cube"]] != "*":
        return
    first = automa["cube"] == star_spaces(player.level)[0]
    say(
        state,
        player.seat,
        "The cube reaches a star space: the Automa places a star.",
        "Het blokje bereikt een sterrenvak: de Automa plaatst een ster.",
    )
    place_star(state, player, STAR_CARD)
    if first and not state.game_over:
        switch_plan(state, player)


def switch_plan(state: GameState, player: Player) -> None:
    automa = player.automa
    pool = automa["deck"] + automa["discard"] + automa["combat_discard"]
    state.rng, automa["deck"] = rng.shuffled(state.rng, sorted(pool))
    automa["discard"], automa["combat_discard"] = [], []
    automa["plan"] = 1
    automa["plan_switch_turn"] = automa["turns"]
    say(
        state,
        player.seat,
        "First star from the star card: all 19 cards are reshuffled and Plan II is used from now on.",
        "Eerste ster van de sterrenkaart: alle 19 kaarten worden geschud en vanaf nu geldt Plan II.",
    )


# --- combat -------------------------------------------------------------------------


def combat_commit(state: GameState, seat: int, hid: str) -> str:
    """The Automa's combat choice, made after the human's: a fresh card's table."""
    player = state.players[seat]
    card = draw_card(state, player, for_combat=True)
    column = combat_column(player.power)
    wanted = CARDS[card]["combat"][column]
    dial = min(wanted, player.power)
    hand = list(player.combat_cards)
    count = min(CARDS[card]["cards"], len(hand))
    chosen = []
    for _ in range(count):
        state.rng, pick = rng.randbelow(state.rng, len(hand))
        chosen.append(hand.pop(pick))
    brackets = ("0-7", "8-13", "14+")[column]
    say(
        state,
        seat,
        f"Combat on {hid}: the Automa draws card {card} sideways. At power {player.power} "
        f"({brackets}) it uses {dial} power (table {wanted}) and {count} random combat card(s).",
        f"Gevecht op {hid}: de Automa trekt kaart {card} zijdelings. Bij kracht {player.power} "
        f"({brackets}) gebruikt hij {dial} kracht (tabel {wanted}) en {count} willekeurige gevechtskaart(en).",
    )
    return f"commit:{dial}:{'+'.join(map(str, sorted(chosen))) or '-'}"


def retreat_loser(state: GameState, player: Player, hid: str) -> None:
    """A losing Automa: combat units to its faction mat (Ultimaszyna: home), workers home."""
    to_mat = player.level != "ultimaszyna"
    if player.character == hid:
        player.character = ON_MAT if to_mat else player.home
    for i in reversed(range(len(player.mechs))):
        if player.mechs[i] == hid:
            if to_mat:
                del player.mechs[i]
                del player.mech_abilities[i]
            else:
                player.mechs[i] = player.home
    player.workers = [player.home if w == hid else w for w in player.workers]
    where = (
        ("its faction mat", "zijn factiemat") if to_mat else ("its home base", "zijn thuisbasis")
    )
    say(
        state,
        player.seat,
        f"The Automa lost on {hid}: its combat units go to {where[0]}.",
        f"De Automa verloor op {hid}: zijn gevechtseenheden gaan naar {where[1]}.",
    )


def after_combat(
    state: GameState, attacker: Player, defender: Player, winner: Player, hid: str
) -> None:
    """Resources after a combat: removed when an Automa attacker wins, placed when a human does."""
    if winner is not attacker:
        return
    if is_automa(attacker):
        remove_resources(state, attacker, hid)
    elif is_automa(defender):
        resources_for_conqueror(state, defender, hid)


def resources_for_conqueror(state: GameState, player: Player, hid: str) -> None:
    """A human takes a territory from this Automa: the top main-discard card's resources."""
    card = player.automa["last_main"]
    amount = CARDS[card]["resources"] if card else 0
    resource = PRODUCTION.get(TERRAIN[hid])
    if not amount or resource in (None, "worker"):
        say(
            state,
            player.seat,
            f"No resources are placed on {hid}.",
            f"Er worden geen grondstoffen op {hid} geplaatst.",
        )
        return
    state.add_resource(hid, resource, amount)
    say(
        state,
        player.seat,
        f"Card {card} on top of the main discard shows {amount}: {amount} {resource} placed on {hid}.",
        f"Kaart {card} bovenop de hoofdaflegstapel toont {amount}: {amount} {resource} op {hid} geplaatst.",
    )
