"""How the bots judge positions: a gain paid for is seen before the beam is cut, the
popularity tier and an Automa's pace are read as the rules have them, and a seat one
star from the end and ahead presses for that star."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from scythe_core import legal_actions, new_game, to_move
from scythe_core.bots import search
from scythe_core.bots.evaluate import (
    HARD,
    all_holdings,
    automa_turns_left,
    climbing_tier,
    closing_steps,
    evaluate,
    projection_horizon,
)
from scythe_core.bots.observe import imagine, observe
from scythe_core.bots.player import LEVELS, bot_seats
from scythe_core.bots.replies import (
    automa_replies,
    first_cards,
    play_to_next_turn,
    reply_steps,
    unit_placement,
)
from scythe_core.bots.search import (
    Line,
    finish,
    is_selection,
    judge,
    plan_turn_steps,
)
from scythe_core.data.automa_cards import STAR_CARDS, star_spaces
from scythe_core.data.components import MATS, popularity_tier
from scythe_core.engine import apply_in_place
from scythe_core.io.records import replay
from scythe_core.model.actions import verb_of

GOLDEN = Path(__file__).parent / "golden"
SEATS = [{"controller": "bot", "level": "hard"}, {"controller": "automa", "level": "automa"}]


def game_at_produce():
    """A bot seat about to Produce with two workers on one territory (an amount to choose)."""
    state = new_game({"seed": 3, "seats": SEATS})
    seat = to_move(state)
    player = state.players[seat]
    first = player.workers[0]
    player.workers[2] = first  # a third worker, beside the first
    section = next(i for i, part in enumerate(MATS[player.mat]["sections"]) if part[0] == "produce")
    apply_in_place(state, f"section:{section}")
    produce = next(a for a in legal_actions(state) if verb_of(a) == "produce" and first in a)
    apply_in_place(state, produce)
    return state, seat


def test_a_produce_is_judged_with_its_gain_before_the_beam_is_cut():
    state, seat = game_at_produce()
    assert state.pending["kind"] == "produce_amounts"
    paid_not_produced = evaluate(state, seat, HARD)
    produced = state.copy()
    while produced.pending.get("kind") == "produce_amounts":
        apply_in_place(produced, legal_actions(produced)[-1])  # the most
    assert judge(state, seat, HARD) == evaluate(produced, seat, HARD)
    assert judge(state, seat, HARD) > paid_not_produced


def test_a_trade_waiting_for_its_resources_is_kept_beside_the_beam():
    state = new_game({"seed": 3, "seats": SEATS})
    seat = to_move(state)
    mat = state.players[seat].mat
    section = next(i for i, part in enumerate(MATS[mat]["sections"]) if part[0] == "trade")
    apply_in_place(state, f"section:{section}")
    apply_in_place(state, "trade:resources")
    assert state.pending["kind"] == "trade_place"
    assert is_selection(Line(state, [f"section:{section}", "trade:resources"]))


def test_the_next_popularity_tier_counts_in_part_only_when_near():
    assert climbing_tier(3, 0) == popularity_tier(3)
    assert climbing_tier(3, 2) == popularity_tier(3)  # four steps below: too far
    low, high = popularity_tier(6), popularity_tier(7)
    near = climbing_tier(6, 2)
    assert all(a < b < c for a, b, c in zip(low, near, high, strict=True))
    assert climbing_tier(5, 2) < near  # (tuples: the star coins first)


def test_an_automa_nears_its_end_as_its_star_cube_moves_on():
    state = new_game({"seed": 3, "seats": SEATS})
    automa = state.players[1]
    start = automa_turns_left(automa)
    automa.automa["cube"] = len(STAR_CARDS["automa"]) - 2
    automa.stars = {"star_card": 5}
    assert 0 < automa_turns_left(automa) < start
    automa.stars = {"star_card": 6}
    assert automa_turns_left(automa) == 0


def test_a_seat_one_star_from_the_end_presses_only_when_ahead():
    state = new_game({"seed": 3, "seats": SEATS})
    bot, automa = state.players
    bot.stars = {"upgrades": 1, "mechs": 1, "recruits": 1, "structures": 1, "workers": 1}
    bot.power = 14  # two power short of its sixth star: one Bolster
    ledger = all_holdings(state, state.control_map())
    bot.coins, automa.coins = 80, 0
    assert closing_steps(state, ledger, bot.seat) == 1
    bot.coins, automa.coins = 0, 200
    assert closing_steps(state, ledger, bot.seat) == 0
    bot.coins, automa.coins = 80, 0
    bot.stars = {"upgrades": 1}
    assert closing_steps(state, ledger, bot.seat) == 0  # far from the end: no pressing
    pressing = evaluate(state, bot.seat, HARD)
    relaxed = evaluate(state, bot.seat, dataclasses.replace(HARD, closing=0.0))
    assert pressing == relaxed


def test_a_look_ahead_judges_the_best_turns_by_the_turn_that_follows():
    state = new_game({"seed": 4, "seats": SEATS})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    options, _seen = finish(plan_turn_steps(imagined.copy(), seat, 2, HARD, 1))
    first = options[0]  # the best turn by the evaluation, then valued one turn further
    after = first.state.copy()
    play_to_next_turn(after, seat, HARD)
    assert to_move(after) == seat and after.pending["kind"] == "section"
    follow_ups, _ = finish(plan_turn_steps(after, seat, 2, HARD, 0))
    assert first.value == max(follow.value for follow in follow_ups)
    assert first.value != evaluate(first.state, seat, HARD)


def test_against_an_automa_the_turn_after_is_judged_over_several_cards_it_may_draw():
    state = new_game({"seed": 4, "seats": SEATS})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    options, _seen = finish(plan_turn_steps(imagined.copy(), seat, 2, HARD, 1, ahead_cards=3))
    first = options[0]
    draws = search.automa_draws(first.state, seat, HARD, 3)
    automa = state.players[1 - seat]
    tops = [draw.players[automa.seat].automa["deck"][-1] for draw in draws]
    assert len(set(tops)) == 3  # three different cards, each on top once
    # The first three different cards of the order the imagination dealt.
    after = first.state.copy()
    play_to_next_turn(after, seat, HARD, until_automa=True)
    assert tops == first_cards(after.players[automa.seat].automa["deck"], 3)
    values = []
    for draw in draws:
        play_to_next_turn(draw, seat, HARD)
        follow_ups, _ = finish(plan_turn_steps(draw, seat, 2, HARD, 0))
        values.append(max(follow.value for follow in follow_ups))
    assert first.value == first.luck + sum(values) / 3
    # One card alone: the imagined one on top, as before.
    single, _seen = finish(plan_turn_steps(imagined.copy(), seat, 2, HARD, 1))
    (alone,) = search.automa_draws(single[0].state, seat, HARD, 1)
    play_to_next_turn(alone, seat, HARD)
    follow_ups, _ = finish(plan_turn_steps(alone, seat, 2, HARD, 0))
    assert single[0].value == single[0].luck + max(follow.value for follow in follow_ups)
    assert LEVELS["hard"].ahead_cards == 2 and LEVELS["normal"].ahead_cards == 1


def test_the_first_cards_of_a_deck_are_dealt_from_its_top_each_once():
    deck = [5, 2, 2, 7, 5]  # the top is the end
    assert first_cards(deck, 2) == [5, 7]
    assert first_cards(deck, 3) == [5, 7, 2]
    assert first_cards(deck, 9) == [5, 7, 2]
    assert first_cards([], 3) == []


def test_without_an_automa_the_cards_to_judge_the_turn_after_by_change_nothing():
    seats = [{"controller": "bot", "level": "hard"}, {"controller": "bot", "level": "hard"}]
    state = new_game({"seed": 4, "seats": seats})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    one, _ = finish(plan_turn_steps(imagined.copy(), seat, 2, HARD, 2))
    three, _ = finish(plan_turn_steps(imagined.copy(), seat, 2, HARD, 2, ahead_cards=3))
    assert [(line.actions, line.value) for line in one] == [
        (line.actions, line.value) for line in three
    ]


def test_the_turn_after_is_searched_with_its_own_beam(monkeypatch):
    # The hard level judges its best turns by the best turn after them, found with a
    # narrower beam (Level.ahead_width) than the turn being chosen.
    state = new_game({"seed": 4, "seats": SEATS})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    widths: list[int] = []
    searched = search.plan_turn_steps

    def spying(
        state, seat, width, weights, ahead=0, ahead_width=0, limits=search.NO_LIMITS, **rest
    ):
        widths.append(width)
        return (
            yield from searched(state, seat, width, weights, ahead, ahead_width, limits, **rest)
        )

    monkeypatch.setattr(search, "plan_turn_steps", spying)
    finish(search.plan_turn_steps(imagined.copy(), seat, 3, HARD, 2, ahead_width=1))
    assert widths == [3, 1, 1]
    widths.clear()
    finish(search.plan_turn_steps(imagined.copy(), seat, 3, HARD, 1))
    assert widths == [3, 3]
    hard = LEVELS["hard"]
    assert 0 < hard.ahead_width < hard.width


def test_a_turn_that_goes_round_in_circles_is_never_the_plan(monkeypatch):
    # Seed 158, turn 46: a mech may drop and load the same resource again and again,
    # a part-turn that never ends. Even when every part-turn still
    # going looks better than every ended turn, the plan is a turn that ends.
    rec = json.loads((GOLDEN / "bot_mech_loop_seed158.json").read_text())
    state = replay(rec)
    seat = to_move(state)
    assert state.pending["kind"] == "section" and state.players[seat].controller == "bot"
    before = state.turns_taken
    monkeypatch.setattr(
        search, "judge", lambda st, _seat, _w, *_known: float(st.turns_taken == before)
    )
    options, _seen = search.plan_turn(state.copy(), seat, 2, HARD)
    assert all(line.state.turns_taken > before for line in options)


def test_the_bot_ends_its_turn_where_a_mech_could_load_and_drop_forever():
    rec = json.loads((GOLDEN / "bot_mech_loop_seed158.json").read_text())
    state = replay(rec)
    bot = bot_seats(state)[to_move(state)]
    before = state.turns_taken
    for _ in range(search.MAX_STEPS):
        if state.turns_taken > before:
            break
        apply_in_place(state, bot.decide(state).recorded)
    assert state.turns_taken > before


def pruned_widths(monkeypatch) -> list[int]:
    """The width of each prune of the beam from here on, in order."""
    widths: list[int] = []
    pruned = search.prune

    def spying(lines, width):
        widths.append(width)
        return pruned(lines, width)

    monkeypatch.setattr(search, "prune", spying)
    return widths


def test_a_part_turn_back_at_a_game_seen_before_is_dropped(monkeypatch):
    # Seed 158, turn 46: a mech may drop and load the same metal again and again.
    # Even when every part-turn still going looks better than any ended turn, each
    # first choice's search stops once every new part-turn only repeats a game seen
    # (before, it went on to MAX_STEPS decisions).
    rec = json.loads((GOLDEN / "bot_mech_loop_seed158.json").read_text())
    state = replay(rec)
    seat = to_move(state)
    before = state.turns_taken
    monkeypatch.setattr(
        search, "judge", lambda st, _seat, _w, *_known: float(st.turns_taken == before)
    )
    steps = pruned_widths(monkeypatch)
    imagined = imagine(observe(state, seat))
    search.answer_others(imagined, seat)
    repeats = search.SearchLimits(drop_repeats=True)
    plain, dropping = [], []
    for limits, lengths in ((search.NO_LIMITS, plain), (repeats, dropping)):
        for first in search.extend(Line(imagined.copy()), seat, HARD):
            steps.clear()
            finish(search.best_turn(first, seat, 2, HARD, limits))
            lengths.append(len(steps))
    assert max(plain) == search.MAX_STEPS  # the plain beam goes round to the end
    assert max(dropping) < search.MAX_STEPS
    # A mech that has loaded a metal may drop it again: the game it was in before.
    for action in ("section:0", "move", "unit:mech:2", "to:r4c6"):
        apply_in_place(state, action)
    reached = {search.part_turn_key(state)}
    loaded = next(
        line
        for line in search.extend(Line(state), seat, HARD, reached)
        if line.actions == ["load:metal"]
    )
    assert "drop:metal" in legal_actions(loaded.state)
    after = search.extend(loaded, seat, HARD, reached)
    assert after and "drop:metal" not in {line.actions[-1] for line in after}
    assert "drop:metal" in {line.actions[-1] for line in search.extend(loaded, seat, HARD)}
    other = state.copy()
    other.players[seat].coins += 1
    assert search.part_turn_key(state.copy()) == search.part_turn_key(state)
    assert search.part_turn_key(other) != search.part_turn_key(state)
    # The same game whose hex names are other string objects (one parsed from another
    # action) is the same game: the key does not depend on which objects hold it.
    rebuilt = state.copy()
    for player in rebuilt.players:
        player.workers = [None if h is None else "".join(list(h)) for h in player.workers]
    assert any(
        a is not b and a == b
        for a, b in zip(rebuilt.players[seat].workers, state.players[seat].workers, strict=True)
    )
    assert search.part_turn_key(rebuilt) == search.part_turn_key(state)


def test_a_search_that_judges_too_many_part_turns_narrows_its_beam(monkeypatch):
    rec = json.loads((GOLDEN / "bot_mech_loop_seed158.json").read_text())
    state = replay(rec)
    seat = to_move(state)
    widths = pruned_widths(monkeypatch)
    imagined = imagine(observe(state, seat))
    search.answer_others(imagined, seat)
    move = next(
        line
        for line in search.extend(Line(imagined), seat, HARD)
        if "move" in {verb_of(a) for a in legal_actions(line.state)}
    )
    finish(search.best_turn(move, seat, 16, HARD, search.SearchLimits(narrow_after=40)))
    assert widths[0] == 16 and widths[-1] == 16 // search.NARROWED
    assert widths == sorted(widths, reverse=True)
    widths.clear()
    finish(search.best_turn(move, seat, 16, HARD))
    assert set(widths) == {16}
    assert LEVELS["hard"].limits.drop_repeats and LEVELS["hard"].limits.narrow_after
    assert LEVELS["normal"].limits == LEVELS["easy"].limits == search.NO_LIMITS


def test_moves_of_several_units_are_kept_apart_from_turns_past_their_bottom_action():
    # Seed 9304, turn 14 (Rusviet, Agricultural, against the Automa): four workers
    # stand on a village although the seat has its eight. A Move for coins reaches the
    # Upgrade below it a decision after the section; a Move of two units takes four
    # more, and in one beam the part-turns already past their Upgrade pushed out every
    # Move of units before it got there.
    rec = json.loads((GOLDEN / "bot_two_unit_move_seed9304.json").read_text())
    state = replay(rec)
    seat = to_move(state)
    assert state.players[seat].workers.count("r3c6") == 4

    def search_section_0(limits: search.SearchLimits) -> tuple[Line, list[Line]]:
        imagined = imagine(observe(state, seat))
        search.answer_others(imagined, seat)
        first = next(
            line
            for line in search.extend(Line(imagined), seat, HARD)
            if line.actions == ["section:0"]
        )
        return finish(search.best_turn(first, seat, 16, HARD, limits))

    def units_moved(line: Line) -> int:
        return sum(verb_of(action) == "unit" for action in line.actions)

    one_beam, one_beam_ends = search_section_0(search.SearchLimits(True, 3000))
    by_phase, by_phase_ends = search_section_0(search.SearchLimits(True, 3000, by_phase=True))
    assert max(units_moved(line) for line in one_beam_ends) < 2
    assert max(units_moved(line) for line in by_phase_ends) >= 2
    assert units_moved(by_phase) >= 2
    assert by_phase.value > one_beam.value
    assert all(not search.bottom_still_to_come(line.state) for line in by_phase_ends)
    assert LEVELS["hard"].limits.by_phase
    assert not LEVELS["normal"].limits.by_phase and not LEVELS["easy"].limits.by_phase


def test_a_turn_leaving_the_units_out_of_the_automas_reach_is_weighed_too():
    # Seed 9603, turn 36 (Nordic, Agricultural, against the Automa at five stars): the
    # best Move and Upgrade (the sixth upgrade: a star) by the position at its end also
    # sends the character where the Automa can win a fight, and with it its sixth star.
    # Judged by the Automa's reply, only each section's best turn was: the Upgrade
    # looked lost and the bot took combat cards instead. The same Upgrade with the
    # character left at home is weighed too, and is taken.
    rec = json.loads((GOLDEN / "bot_upgrade_out_of_reach_seed9603.json").read_text())
    state = replay(rec)
    seat = to_move(state)
    level = LEVELS["hard"]
    assert state.players[1 - seat].star_count == 5
    assert state.players[seat].stars.get("upgrades", 0) == 0

    def options(placements: int) -> list[Line]:
        imagined = imagine(observe(state, seat))
        steps = plan_turn_steps(
            imagined,
            seat,
            level.width,
            level.weights,
            limits=level.limits,
            replies=level.replies,
            placements=placements,
        )
        found, _seen = finish(steps)
        return found

    alone, weighed = options(1), options(level.placements)
    upgrade = next(line for line in alone if line.actions[0] == "section:0")
    assert upgrade.state.players[seat].character != state.players[seat].character
    assert upgrade.value < -100  # the game may end, lost, in the Automa's reply
    assert alone[0].actions[0] != "section:0"
    best = weighed[0]
    assert best.actions[0] == "section:0" and best.state.players[seat].stars.get("upgrades") == 1
    assert best.state.players[seat].character == state.players[seat].character
    assert best.value > alone[0].value
    placements = {
        unit_placement(line.state, seat) for line in weighed if line.actions[0] == "section:0"
    }
    assert 1 < len(placements) <= level.placements
    assert LEVELS["normal"].placements == LEVELS["easy"].placements == 1


def test_the_projection_stops_where_the_automa_ends_the_game():
    state = new_game({"seed": 3, "seats": SEATS})
    assert HARD.projection_end == 0
    assert projection_horizon(state, HARD) == HARD.projection_turns  # far from its end
    automa = state.players[1]
    spaces = star_spaces("automa")
    automa.automa["cube"] = spaces[1]
    automa.stars = {"star_card": 2}
    # Four stars to go, on the spaces 17, 19, 20 and 21: seven cards, and the seat has a
    # turn before each but the one that places the sixth star.
    assert spaces[-1] - spaces[1] == 7
    assert projection_horizon(state, HARD) == 6
    automa.automa["cube"] = spaces[-1] - 1
    automa.stars = {"star_card": 5}
    assert projection_horizon(state, HARD) == 0  # its next card ends the game
    automa.automa["cube"] = spaces[1]
    automa.stars = {"star_card": 2, "combat": 2}
    assert projection_horizon(state, HARD) == 4  # two combat stars: the space 19 ends it
    against_bots = new_game({"seed": 3, "seats": [SEATS[0], SEATS[0]]})
    assert projection_horizon(against_bots, HARD) == HARD.projection_turns


def test_paying_in_another_order_is_one_part_turn_and_waiting_ones_are_capped():
    state = new_game({"seed": 3, "seats": SEATS})
    state.pending = {"seat": 0, "kind": "pay"}
    hid = next(iter(state.resources), "r6c1")
    same = [Line(state.copy(), ["section:1", "pay:x"], [], 5.0) for _ in range(3)]
    other = state.copy()
    other.resources = {**other.resources, hid: {**other.resources.get(hid, {}), "oil": 9}}
    kept = search.prune([*same, Line(other, ["section:1", "pay:y"], [], 5.0)], 2)
    assert len(kept) == 2  # the same resources left: one; other resources left: kept too
    many = [Line(other.copy(), ["section:1", "move"], [], float(i)) for i in range(100)]
    kept = search.prune(many, 2)
    assert len(kept) == 2 * search.SELECTIONS_PER_WIDTH
    assert [line.value for line in kept] == sorted((line.value for line in many), reverse=True)[
        : len(kept)
    ]


def test_the_automas_reply_is_weighed_over_every_card_it_may_draw_next():
    state = new_game({"seed": 3, "seats": SEATS})
    seat = next(p.seat for p in state.players if p.controller == "bot")
    automa = next(p for p in state.players if p.automa is not None)
    while to_move(state) != seat:
        apply_in_place(state, legal_actions(state)[0])
    turns = state.turns_taken
    while state.turns_taken == turns:
        apply_in_place(state, legal_actions(state)[0])
    # A game the bot imagines: the Automa's deck order is dealt from the unseen cards.
    imagined = imagine(observe(state, seat))
    deck = imagined.players[automa.seat].automa["deck"]
    replies = automa_replies(imagined, seat, HARD)
    tops = [reply.players[automa.seat].automa["deck"][-1] for reply in replies]
    assert sorted(tops) == sorted(set(deck)) and len(replies) == len(deck)
    for reply in replies:
        assert reply.pending["kind"] == "automa_turn"
        assert sorted(reply.players[automa.seat].automa["deck"]) == sorted(deck)
    values = []
    for reply in replies:
        play_to_next_turn(reply, seat, HARD)
        values.append(evaluate(reply, seat, HARD))
    assert finish(reply_steps(imagined, seat, HARD)) == sum(values) / len(values)
    # The hard level weighs the Automa's reply to its six best turns; the others do not.
    assert LEVELS["hard"].replies == 6 and LEVELS["normal"].replies == LEVELS["easy"].replies == 0


def test_the_automas_reply_sees_workers_left_alone_within_its_reach():
    state = new_game({"seed": 3, "seats": SEATS})
    seat = 0
    while to_move(state) != seat:
        apply_in_place(state, legal_actions(state)[0])
    turns = state.turns_taken
    while state.turns_taken == turns:
        apply_in_place(state, legal_actions(state)[0])
    assert sorted(h for h in state.players[seat].workers if h) == ["r6c0", "r7c1"]
    values = {}
    for name, where in (("beside the workers", "r6c1"), ("far away", "r2c5")):
        game = state.copy()
        game.players[1].mechs = [where]  # an Automa mech
        reply = finish(reply_steps(game, seat, HARD))
        values[name] = (evaluate(game, seat, HARD), reply)
    # At the turn's end the two look alike; after the Automa's reply, the workers in
    # reach of its mech are worth less (some of its cards send them home).
    assert values["beside the workers"][0] == values["far away"][0]
    assert values["beside the workers"][1] < values["far away"][1]


def test_a_position_met_again_in_a_search_is_judged_once(monkeypatch):
    state = new_game({"seed": 4, "seats": SEATS})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    evaluated = search.evaluate
    calls: list[int] = []

    def counting(st, s, w):
        calls.append(1)
        return evaluated(st, s, w)

    monkeypatch.setattr(search, "evaluate", counting)
    judged: dict = {}
    first = search.judge(imagined, seat, HARD, judged)
    assert search.judge(imagined.copy(), seat, HARD, judged) == first
    assert first == evaluated(imagined, seat, HARD) and len(calls) == 1
    # Another position (a coin more) is judged anew, and so is one without the cache.
    richer = imagined.copy()
    richer.players[seat].coins += 1
    assert search.judge(richer, seat, HARD, judged) == evaluated(richer, seat, HARD)
    assert len(calls) == 2
    search.judge(imagined, seat, HARD)
    assert len(calls) == 3
    # The same position at another decision of the turn is the same position.
    later = imagined.copy()
    later.pending = {**later.pending, "kind": "bottom"}
    assert search.evaluation_key(later) == search.evaluation_key(imagined)
    assert search.part_turn_key(later) != search.part_turn_key(imagined)


def test_judging_a_position_once_plays_the_same_turns(monkeypatch):
    # The kept values change the search's time, never its choice: every first
    # choice's best turn, its value and every end seen are as without them.
    plans = []
    judge = search.judge
    for keep in (True, False):
        if not keep:
            monkeypatch.setattr(
                search, "judge", lambda st, s, w, _judged=None, _key=None: judge(st, s, w)
            )
        for seed in (4, 11):
            state = new_game({"seed": seed, "seats": SEATS})
            seat = to_move(state)
            imagined = imagine(observe(state, seat))
            options, seen = finish(
                search.plan_turn_steps(imagined, seat, 4, HARD, 1, 2, LEVELS["hard"].limits, 2)
            )
            plans.append(
                (
                    [(line.actions, line.value) for line in options],
                    [(line.actions, line.value) for line in seen],
                )
            )
    assert plans[:2] == plans[2:]


def test_a_part_turn_done_with_lends_its_game_to_its_last_child():
    # best_turn extends each part-turn of its beam once: the last child plays on the
    # part-turn's own game instead of a copy, and every child is as before.
    state = new_game({"seed": 4, "seats": SEATS})
    seat = to_move(state)
    imagined = imagine(observe(state, seat))
    kept = Line(imagined.copy())
    spent = Line(imagined.copy())
    children = search.extend(kept, seat, HARD)
    lent = search.extend(spent, seat, HARD, spend=True)
    assert len(children) > 1
    assert [(c.actions, c.value) for c in lent] == [(c.actions, c.value) for c in children]
    assert lent[-1].state is spent.state
    assert all(child.state is not kept.state for child in children)
    assert search.part_turn_key(kept.state) == search.part_turn_key(imagined)
