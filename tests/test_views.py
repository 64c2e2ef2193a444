"""Per-seat views hide other seats' secrets, deck orders and the generator state."""

import json

from rules_helpers import make_game

from scythe_core import legal_actions, new_game, player_view
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng

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
