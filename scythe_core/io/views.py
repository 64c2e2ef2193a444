"""Per-seat views: what one seat may see, as plain JSON with secrets removed."""

from __future__ import annotations

from ..model.state import GameState, state_to_dict


def player_view(state: GameState, seat: int | None) -> dict:
    """The state as seen by seat (None: a spectator who sees no hand).

    Other seats' objective cards and combat-card faces are replaced by counts;
    deck orders, the Factory cards set aside and the generator state are absent;
    a combat choice is hidden until both seats have chosen. The log's combat entry,
    written at the reveal, shows both dials and cards (as both sides show them at the
    table); a loser's consolation card is logged as drawn, without its value.
    The combat cards a seat looked at in an encounter (``turn["peek"]["cards"]``)
    show only to that seat, for the rest of its turn.
    """
    data = state_to_dict(state)
    for p in data["players"]:
        if p["seat"] != seat:
            p["objectives"] = len(p["objectives"])
            p["combat_cards"] = len(p["combat_cards"])
        if p.get("automa"):
            p["automa"]["deck"] = len(p["automa"]["deck"])  # the order of its deck is secret
            if p["factory_card"] is not None:
                p["factory_card"] = "face-down"  # the Automa takes its Factory card unseen
    for deck in ("combat_deck", "objective_deck", "encounter_deck", "factory_deck"):
        data[deck] = len(data[deck])
    if state.pending.get("kind") == "factory_pick" and state.pending.get("seat") == seat:
        data["factory_choices"] = list(state.factory_deck)
    del data["flow"]  # the steps still to come: bookkeeping of the engine, not the table
    del data["rng"]
    del data["seed"]
    data["setup"] = {k: v for k, v in data["setup"].items() if k != "seed"}
    turn = data["turn"]
    peek = turn.get("peek")
    if peek and peek["seat"] != seat:
        turn["peek"] = {k: v for k, v in peek.items() if k != "cards"}
    combat = turn.get("combat")
    if combat:
        turn["combat"] = {
            **{k: v for k, v in combat.items() if k != "choices"},
            "chosen": sorted(int(s) for s in combat["choices"]),
        }
    data["history"] = len(data["history"])
    return data
