"""Per-seat views hide other seats' secrets, deck orders and the generator state."""

import json
from itertools import chain

from rules_helpers import make_game

from scythe_core import legal_actions, new_game, player_view
from scythe_core.engine import apply_in_place
from scythe_core.io.records import to_json
from scythe_core.model import rng as prng
from scythe_core.model.state import state_to_dict

SECRET_TOP_LEVEL = ("rng", "seed")
#: Random games use the promo encounter cards too (card 31 lets a seat look at a hand).
PROMO_ENCOUNTERS = {"promo_encounters": True}


def views_during_random_game(seed: int, seats: int, steps: int = 1500):
    config = {"seed": seed, "seats": [{} for _ in range(seats)], "options": PROMO_ENCOUNTERS}
    state = new_game(config)
    chooser = prng.seed_state(seed)
    for _ in range(steps):
        if state.game_over:
            return
        yield state
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])


def assert_view_hides_secrets(state, seat):
    view = player_view(state, seat)
    text = json.dumps(view)
    for key in SECRET_TOP_LEVEL:
        assert key not in view
    assert str(state.rng) not in text
    for deck in ("combat_deck", "objective_deck", "encounter_deck", "factory_deck"):
        assert view[deck] == len(getattr(state, deck))
    assert view["history"] == len(state.history)
    for p, shown in zip(state.players, view["players"], strict=True):
        if p.seat == seat:
            assert shown["objectives"] == p.objectives
            assert shown["combat_cards"] == p.combat_cards
        else:
            assert shown["objectives"] == len(p.objectives)
            assert shown["combat_cards"] == len(p.combat_cards)
    for entry in view["log"]:
        if entry["event"] == "combat_card":
            assert entry == {"seat": entry["seat"], "event": "combat_card"}, "no card value"
    peek = state.turn.get("peek")
    if peek:
        shown = view["turn"]["peek"]
        assert shown == (
            peek if seat == peek["seat"] else {"seat": peek["seat"], "target": peek["target"]}
        )
    combat = state.turn.get("combat")
    if combat:
        shown = view["turn"]["combat"]
        assert "choices" not in shown
        for chosen in combat["choices"].values():
            # The committed string never appears while the combat is unresolved.
            assert chosen not in text


def random_game_with_combat(seats: int, first_seed: int):
    """The first seeded random game (from first_seed on) that contains a combat."""
    for seed in range(first_seed, first_seed + 400):
        for state in views_during_random_game(seed, seats):
            if state.turn.get("combat"):
                return seed
    raise AssertionError("no random game with a combat found")


def test_views_leak_nothing_over_random_games():
    combats_seen = 0
    for seats in (2, 3, 5):
        seed = random_game_with_combat(seats, seats * 1000)
        for step, state in enumerate(views_during_random_game(seed, seats)):
            in_combat = bool(state.turn.get("combat"))
            combats_seen += in_combat
            if in_combat or step % 7 == 0:
                for seat in range(seats):
                    assert_view_hides_secrets(state, seat)
    assert combats_seen > 0


def test_defender_cannot_see_attackers_commit():
    seed = random_game_with_combat(2, 0)
    for state in views_during_random_game(seed, 2):
        combat = state.turn.get("combat")
        if combat and combat["choices"]:
            defender_view = player_view(state, combat["defender"])
            assert defender_view["turn"]["combat"]["chosen"] == [combat["attacker"]]
            assert "choices" not in json.dumps(defender_view["turn"])
            return
    raise AssertionError("no combat with a committed attacker occurred")


def test_the_automas_factory_card_is_face_down_for_everyone():
    state = new_game({"seed": 1, "seats": [{}, {"controller": "automa", "level": "automa"}]})
    automa = state.players[1]
    automa.factory_card = state.factory_deck.pop()
    for seat in (0, 1, None):
        view = player_view(state, seat)
        assert view["players"][1]["factory_card"] == "face-down"


def combat_logs(view: dict) -> list[dict]:
    return [e for e in view["log"] if e["event"] in ("combat", "combat_card")]


def test_a_commit_stays_hidden_until_the_reveal_then_both_dials_and_cards_show():
    state = make_game("nordic", "saxony")
    a, d = state.players
    a.character, d.character = "r4c4", "r4c3"
    a.power, a.combat_cards = 6, [5]
    d.power, d.combat_cards = 3, [2]
    for action in ("section:2", "move", "unit:character", "to:r4c3", "done"):
        apply_in_place(state, action)
    apply_in_place(state, "commit:6:5")
    for seat in (1, None):
        before = player_view(state, seat)
        assert combat_logs(before) == []
        assert before["players"][0]["power"] == 6 and before["players"][0]["combat_cards"] == 1
        assert "commit:6:5" not in json.dumps(before)
    apply_in_place(state, "commit:1:2")
    drawn = d.combat_cards[0]
    for seat in (0, 1, None):
        entry, card_line = combat_logs(player_view(state, seat))
        assert entry["dials"] == {"0": 6, "1": 1}
        assert entry["cards"] == {"0": [5], "1": [2]}
        assert card_line == {"seat": 1, "event": "combat_card"}
    assert player_view(state, 0)["players"][1]["combat_cards"] == 1
    assert player_view(state, 1)["players"][1]["combat_cards"] == [drawn]


def test_a_peek_in_random_games_shows_the_seen_cards_to_the_peeker_only():
    """Promo card 31 in seeded random games: what a seat looked at stays its own secret."""
    checked = 0
    for seed in range(3000, 3100):
        for state in views_during_random_game(seed, 3):
            peek = state.turn.get("peek")
            if peek:
                checked += 1
                assert player_view(state, peek["seat"])["turn"]["peek"]["cards"] == peek["cards"]
                for seat in (0, 1, 2, None):
                    assert_view_hides_secrets(state, seat)
        if checked:
            return
    raise AssertionError("no random game with a peek found")


def deep_copied_view(state, seat):
    """The view as it was made before issue 16: the whole state deep-copied, then trimmed."""
    data = state_to_dict(state)
    for p in data["players"]:
        if p["seat"] != seat:
            p["objectives"] = len(p["objectives"])
            p["combat_cards"] = len(p["combat_cards"])
        if p.get("automa"):
            p["automa"]["deck"] = len(p["automa"]["deck"])
            if p["factory_card"] is not None:
                p["factory_card"] = "face-down"
    for deck in ("combat_deck", "objective_deck", "encounter_deck", "factory_deck"):
        data[deck] = len(data[deck])
    if state.pending.get("kind") == "factory_pick" and state.pending.get("seat") == seat:
        data["factory_choices"] = list(state.factory_deck)
    del data["flow"], data["rng"], data["seed"]
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


def test_a_view_copies_only_what_it_shows_and_shows_the_same_as_a_deep_copy():
    """Byte for byte the view of the whole deep-copied state, with the Automa and every
    seat; changing a view (but for a log entry) leaves the state as it was."""
    automas = {"seed": 5, "seats": [{}, {"controller": "automa", "level": "automa"}, {}]}
    seen = 0
    for state in chain(views_during_random_game(41, 3), automa_game_states(automas)):
        for seat in (*range(len(state.players)), None):
            view = player_view(state, seat)
            assert json.dumps(view) == json.dumps(deep_copied_view(state, seat))
            seen += 1
    before = to_json(state)
    view = player_view(state, 0)
    view["players"][0]["workers"].append("r0c0")
    view["turn"]["x"] = 1
    view["log"].append({"event": "x"})
    view["setup"]["seats"].append({})
    assert to_json(state) == before
    assert seen > 1000


def automa_game_states(config: dict, steps: int = 400):
    state = new_game(config)
    chooser = prng.seed_state(config["seed"])
    for _ in range(steps):
        if state.game_over:
            return
        yield state
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
