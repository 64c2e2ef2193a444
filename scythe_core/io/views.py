"""Per-seat views: what one seat may see, as plain JSON with secrets removed."""

from __future__ import annotations

from dataclasses import fields

from ..model.state import GameState, Player, copy_json


def player_view(state: GameState, seat: int | None) -> dict:
    """The state as seen by seat (None: a spectator who sees no hand).

    Other seats' objective cards and combat-card faces are replaced by counts;
    deck orders, the Factory cards set aside and the generator state are absent;
    a combat choice is hidden until both seats have chosen. The log's combat entry,
    written at the reveal, shows both dials and cards (as both sides show them at the
    table); a loser's consolation card is logged as drawn, without its value.
    The combat cards a seat looked at in an encounter (``turn["peek"]["cards"]``)
    show only to that seat, for the rest of its turn.

    Only what is shown is copied: decks and the history become counts, and the log is a
    new list of the state's own entries (not copied: never change a view's log entry).
    """
    data: dict = {}
    for name in VIEW_FIELDS:
        value = getattr(state, name)
        if name == "players":
            data[name] = [_player_seen(p, seat) for p in value]
        elif name in DECKS:
            data[name] = len(value)  # the order of a deck is secret
        elif name == "history":
            data[name] = len(value)
        elif name == "log":
            # The entries themselves are shared with the state: an entry never changes
            # once written, and the view is only read.
            data[name] = list(value)
        elif name == "setup":
            data[name] = {k: copy_json(v) for k, v in value.items() if k != "seed"}
        elif name == "turn":
            data[name] = _turn_seen(value, seat)
        else:
            data[name] = copy_json(value)
    if state.pending.get("kind") == "factory_pick" and state.pending.get("seat") == seat:
        data["factory_choices"] = list(state.factory_deck)
    return data


#: Decks shown as their size.
DECKS = ("combat_deck", "objective_deck", "encounter_deck", "factory_deck")
#: The state's fields a view shows, in the state's order: not the steps still to come
#: (bookkeeping of the engine, not the table), nor the generator state or seed.
VIEW_FIELDS = tuple(f.name for f in fields(GameState) if f.name not in ("flow", "rng", "seed"))


def _player_seen(player: Player, seat: int | None) -> dict:
    data = {name: copy_json(value) for name, value in vars(player).items() if name in PLAYER_FIELDS}
    if player.seat != seat:
        data["objectives"] = len(player.objectives)
        data["combat_cards"] = len(player.combat_cards)
    if player.automa:
        data["automa"]["deck"] = len(player.automa["deck"])  # the order of its deck is secret
        if player.factory_card is not None:
            data["factory_card"] = "face-down"  # the Automa takes its Factory card unseen
    return data


PLAYER_FIELDS = tuple(f.name for f in fields(Player))


def _turn_seen(turn: dict, seat: int | None) -> dict:
    shown = copy_json(turn)
    peek = shown.get("peek")
    if peek and peek["seat"] != seat:
        shown["peek"] = {k: v for k, v in peek.items() if k != "cards"}
    combat = shown.get("combat")
    if combat:
        shown["combat"] = {
            **{k: v for k, v in combat.items() if k != "choices"},
            "chosen": sorted(int(s) for s in combat["choices"]),
        }
    return shown
