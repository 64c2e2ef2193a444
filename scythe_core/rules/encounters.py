"""Encounters, and taking a card's benefit part by part (shared with Factory cards).

After a Move and its combats, a character standing on an encounter token removes
it and draws the top encounter card. The player picks one option (Polania: up to
two different ones), pays its cost in full, then takes as much of the benefit as
wanted: everything lands on the character's territory, and any Build, Deploy,
Enlist or Upgrade comes without mat cost, coins or ongoing recruit bonuses.
The card then goes to the bottom of the deck (the end of ``encounter_deck`` is
its top, so the bottom is index 0).

Decisions: ``encounter`` ("option:<1-3>", and "done" after Meander's first pick),
then ``benefit`` (one part at a time: "gain:coins", "res:oil@r2c1", "worker@r2c1",
"build:mill@r2c1", "deploy:1@r2c1", "enlist:build>coins", "upgrade:move_units>deploy",
"produce:r2c1+r3c3", "peek:<seat>", "all" for every part that needs no choice,
"done" to leave the rest).
"""

from __future__ import annotations

from itertools import combinations

from ..data.board import TERRAIN
from ..data.cards import ENCOUNTERS
from ..data.components import PRODUCTION, RESOURCES
from ..model.actions import (
    format_produce,
    join_action,
    parse_hex_list,
    parse_placement,
    split_action,
)
from ..model.seats import has_faction_ability
from ..model.state import GameState, Player
from .bottom_actions import (
    build_choices,
    deploy_choices,
    do_build,
    do_deploy,
    do_enlist,
    do_upgrade,
    enlist_choices,
    upgrade_choices,
    worker_territories,
)
from .economy import (
    deploy_worker,
    draw_combat_cards,
    gain_popularity,
    gain_power,
)

TRACKS = ("coins", "popularity", "power", "cards")

# --- the encounter -----------------------------------------------------------


def begin_encounter(state: GameState) -> int | None:
    """The active character on an encounter token takes it and draws a card (or None)."""
    player = state.active
    hid = player.character
    if hid not in state.encounter_tokens:
        return None
    state.encounter_tokens.remove(hid)
    if not state.encounter_deck:
        return None
    card = state.encounter_deck.pop()
    state.turn["encounter"] = {"card": card, "hex": hid, "chosen": []}
    state.log.append({"seat": player.seat, "event": "encounter", "card": card, "hex": hid})
    return card


def can_pay_option(player: Player, option: dict) -> bool:
    cost = option["cost"]
    return player.coins >= cost.get("coins", 0) and player.popularity >= cost.get("popularity", 0)


def option_limit(player: Player) -> int:
    """How many options of one card the player may take (Meander: 2)."""
    return 2 if has_faction_ability(player, "meander") else 1


def encounter_options(state: GameState) -> list[str]:
    """The options the player can pay for ("done" after Meander's first pick)."""
    enc = state.turn["encounter"]
    player = state.active
    options = [
        f"option:{i}"
        for i, option in enumerate(ENCOUNTERS[enc["card"]], start=1)
        if i not in enc["chosen"] and can_pay_option(player, option)
    ]
    if enc["chosen"]:
        options.append("done")
    return options


def pay_encounter_option(state: GameState, index: int) -> list:
    """Pay the option's cost in full; its gain (a list of (kind, amount) parts)."""
    enc = state.turn["encounter"]
    option = ENCOUNTERS[enc["card"]][index - 1]
    player = state.active
    player.coins -= option["cost"].get("coins", 0)
    gain_popularity(player, -option["cost"].get("popularity", 0))
    enc["chosen"].append(index)
    state.log.append(
        {"seat": player.seat, "event": "encounter_option", "card": enc["card"], "option": index}
    )
    return option["gain"]


def may_take_another_option(state: GameState) -> bool:
    return len(state.turn["encounter"]["chosen"]) < option_limit(state.active)


def return_encounter_card(state: GameState) -> None:
    """The card goes to the bottom of the deck."""
    enc = state.turn.pop("encounter")
    state.encounter_deck.insert(0, enc["card"])


# --- taking a benefit, part by part ------------------------------------------
#
# A benefit is a dict {"at": hex or None, "choose": alternatives of [kind, amount]}
# (the pending ``benefit`` decision). ``at`` is where resources, workers, structures
# and mechs go (an encounter's territory); None means the usual places.


def _places(state: GameState, player: Player, at: str | None) -> list[str]:
    return [at] if at else worker_territories(state, player)


def produce_territories(state: GameState, player: Player) -> list[str]:
    """Territories a Factory Produce may use: controlled, producing, with a worker (no Mill)."""
    return [h for h in worker_territories(state, player) if TERRAIN[h] in PRODUCTION]


def part_actions(
    state: GameState, player: Player, kind: str, amount: int, at: str | None
) -> list[str]:
    """The actions that take one piece of a part of a benefit (empty: nothing to take)."""
    if kind in TRACKS:
        return [f"gain:{kind}"]
    hexes = _places(state, player, at)
    if kind in RESOURCES or kind == "any":
        types = RESOURCES if kind == "any" else (kind,)
        return [f"res:{r}@{h}" for r in types for h in hexes]
    if kind == "worker":
        return [f"worker@{h}" for h in hexes] if None in player.workers else []
    if kind == "build":
        return [join_action("build", c) for c in build_choices(state, player, [at] if at else None)]
    if kind == "deploy":
        return [
            join_action("deploy", c) for c in deploy_choices(state, player, [at] if at else None)
        ]
    if kind == "enlist":
        return [join_action("enlist", c) for c in enlist_choices(player)]
    if kind == "upgrade":
        return [join_action("upgrade", c) for c in upgrade_choices(player)]
    if kind == "produce":
        spots = produce_territories(state, player)
        return [
            format_produce(combo)
            for k in range(1, min(amount, len(spots)) + 1)
            for combo in combinations(spots, k)
        ]
    if kind == "peek":
        return [f"peek:{p.seat}" for p in state.players if p.seat != player.seat]
    raise AssertionError(kind)


def _is_automatic(at: str | None, kind: str) -> bool:
    """Parts "all" may take without a choice: tracks, and fixed resources with one place."""
    single = at is not None
    return kind in TRACKS or (single and kind in RESOURCES) or (single and kind == "worker")


def legal_benefit_parts(state: GameState, benefit: dict) -> list[str]:
    player = state.active
    at = benefit["at"]
    options = set()
    for alt in benefit["choose"]:
        for kind, n in alt:
            options.update(part_actions(state, player, kind, n, at))
    if len(benefit["choose"]) == 1:
        auto = sum(n for kind, n in benefit["choose"][0] if _is_automatic(at, kind))
        if auto > 1:
            options.add("all")
    options.add("done")
    return sorted(options)


def _part_of(action: str) -> tuple[str, str]:
    """An action's verb ("res", "build", ..., or the part kind for tracks and workers) and argument."""
    verb, arg = split_action(action)
    if verb == "gain":
        return arg, ""
    return verb, arg


def take_all_automatic(state: GameState, benefit: dict) -> None:
    """ "all": every part that needs no choice."""
    player = state.active
    for part in benefit["choose"][0]:
        if _is_automatic(benefit["at"], part[0]):
            _take(state, player, part[0], part[1], benefit["at"] or "")
            part[1] = 0


def take_benefit_part(state: GameState, benefit: dict, action: str) -> list[str] | None:
    """Take one piece; the territories to produce on when it is a Produce, else None."""
    player = state.active
    verb, arg = _part_of(action)
    if verb == "res":
        res, hid = parse_placement(arg)
        kinds = (res, "any")
    else:
        kinds = (verb,)
    for alt in benefit["choose"]:
        part = next((p for k in kinds for p in alt if p[0] == k and p[1] > 0), None)
        if part and action in part_actions(state, player, part[0], part[1], benefit["at"]):
            benefit["choose"] = [alt]
            break
    else:
        raise AssertionError(action)
    if verb == "res":
        state.add_resource(hid, res)
        part[1] -= 1
    elif verb in TRACKS or verb == "worker":
        _take(state, player, verb, 1, arg)
        part[1] -= 1
    else:
        part[1] = 0
        _do_action(state, player, verb, arg)
        if verb == "produce":
            return parse_hex_list(arg)
    return None


def _take(state: GameState, player: Player, kind: str, n: int, hid: str) -> None:
    if kind == "coins":
        player.coins += n
    elif kind == "popularity":
        gain_popularity(player, n)
    elif kind == "power":
        gain_power(player, n)
    elif kind == "cards":
        draw_combat_cards(state, player, n)
    elif kind in RESOURCES:
        state.add_resource(hid, kind, n)
    elif kind == "worker":
        for _ in range(n):
            deploy_worker(player, hid)
    else:
        raise AssertionError(kind)


def _do_action(state: GameState, player: Player, verb: str, arg: str) -> None:
    if verb == "build":
        do_build(player, arg)
    elif verb == "deploy":
        do_deploy(player, arg)
    elif verb == "enlist":
        do_enlist(state, player, arg)
    elif verb == "upgrade":
        do_upgrade(player, arg)
    elif verb == "produce":
        pass  # each worker there produces next, asked as on the mat (flow.card_steps)
    elif verb == "peek":
        peek(state, player, int(arg))
    else:
        raise AssertionError(verb)
    state.log.append({"seat": player.seat, "event": f"benefit_{verb}", "choice": arg})


def peek(state: GameState, player: Player, target: int) -> None:
    """Look at one opponent's combat cards (an Automa's hand too).

    What was seen is kept in ``state.turn`` as a snapshot of the values, so only the
    peeking seat's view shows it, and only until its turn ends (``begin_turn`` clears
    the turn); later changes to the live hand do not change what was seen.
    """
    seen = sorted(state.players[target].combat_cards)
    state.turn["peek"] = {"seat": player.seat, "target": target, "cards": seen}
    state.log.append({"seat": player.seat, "event": "peek", "target": target})


def prune_benefit(state: GameState, benefit: dict) -> bool:
    """Drop used-up or impossible parts; False when nothing is left to take."""
    player = state.active
    kept = []
    for alt in benefit["choose"]:
        alt = [
            p for p in alt if p[1] > 0 and part_actions(state, player, p[0], p[1], benefit["at"])
        ]
        if alt:
            kept.append(alt)
    benefit["choose"] = kept
    return bool(kept)
