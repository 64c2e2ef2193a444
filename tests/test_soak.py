"""bench/soak.py with tiny counts: clean today, and able to fail (planted problems)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from invariants import InvariantViolation

from scythe_core import RecordError, legal_actions

SOAK_PATH = Path(__file__).resolve().parents[1] / "bench" / "soak.py"


def load_soak():
    spec = importlib.util.spec_from_file_location("soak", SOAK_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module  # multiprocessing and dataclasses look modules up by name
    spec.loader.exec_module(module)
    return module


soak = sys.modules.get("soak") or load_soak()


def test_seat_mixes_cover_one_to_five_seats_and_every_automa_level():
    from scythe_core.data.automa_cards import LEVELS

    sizes = {len(mix) for mix in soak.MIXES}
    assert sizes == {1, 2, 3, 4, 5}
    for seats in range(1, 6):
        automas = {sum(s.startswith("automa") for s in m) for m in soak.MIXES if len(m) == seats}
        assert automas == set(range(seats + 1))
    levels = {s.partition(":")[2] for mix in soak.MIXES for s in mix if s.startswith("automa")}
    assert levels == set(LEVELS)


def test_game_setups_are_seeded_and_valid():
    from scythe_core import new_game

    assert soak.game_config(3, 17) == soak.game_config(3, 17)
    assert soak.game_config(3, 17) != soak.game_config(4, 17)
    for index in range(len(soak.MIXES)):
        config = soak.game_config(0, index)
        assert 0 <= config["seed"] < 2**64
        assert legal_actions(new_game(config))


def test_twenty_games_keep_every_invariant():
    report = soak.run_games(20, seed=5, workers=1)
    assert report["games"] == 20
    assert report["decisions"] > 0
    assert report["violations"] == 0, report["violation_examples"]
    assert report["exceptions"] == 0, report["exception_examples"]


def test_a_planted_violation_and_exception_are_reported_with_seed_and_step():
    def planted(state, step):
        if step == 3 and len(state.players) == 1:
            raise InvariantViolation("planted violation")
        if step == 5 and len(state.players) == 2:
            raise KeyError("planted exception")

    report = soak.run_games(6, seed=0, workers=1, extra_check=planted)
    assert report["violations"] >= 1
    assert report["exceptions"] >= 1
    violation = report["violation_examples"][0]
    assert "planted violation" in violation and "after 3 decisions" in violation
    assert "seed " in violation and "game " in violation
    exception = report["exception_examples"][0]
    assert "KeyError" in exception and "after 5 decisions" in exception


def test_a_reported_game_replays_alone():
    with pytest.raises(InvariantViolation, match="planted"):

        def planted(state, step):
            raise InvariantViolation("planted")

        soak.play_game(0, 1, extra_check=planted, reraise=True)
    result = soak.play_game(0, 1)
    assert result == soak.play_game(0, 1)  # seeded: the same game every time
    assert result["violation"] is None and result["exception"] is None


def test_two_hundred_fuzz_cases_raise_only_record_error():
    report = soak.run_fuzz(200, seed=1, workers=1)
    assert report["cases"] >= 200
    assert set(report["by_target"]) == {"link", "file", "entry"}
    assert report["exceptions"] == 0, report["exception_examples"]


def test_fuzz_reports_a_planted_exception_but_not_record_error():
    def leaky(text):
        if len(text) % 2:
            raise TypeError("planted leak")
        raise RecordError("documented")

    targets = {"link": leaky, "file": soak.fuzz_file, "entry": soak.fuzz_entry}
    report = soak.run_fuzz(90, seed=2, workers=1, targets=targets)
    link = report["by_target"]["link"]
    assert link["exceptions"] >= 1
    assert link["exceptions"] + link["rejected"] == link["cases"]
    assert report["exceptions"] == link["exceptions"]
    assert any("TypeError: planted leak" in e for e in report["exception_examples"])


def test_fuzz_inputs_include_deep_nesting_and_real_games():
    texts = soak.texts_of("file") + soak.texts_of("entry") + soak.samples()["links"]
    assert all(isinstance(t, str) and t for t in texts)
    assert soak.fuzz_link(soak.samples()["links"][3]).isdigit()  # real links decode
    assert soak.fuzz_file(texts[0]) == "1"
    assert soak.dumps(["\u0000deep3[\u0000"]) == "[[[[]]]]"


def test_replay_timing_replays_a_long_skipping_record():
    timing = soak.replay_timing(2_000)
    assert timing["decisions"] == 2_000
    assert timing["per_10k"] > 0


def test_main_prints_the_figures_and_targets(capsys):
    code = soak.main(
        ["--games", "3", "--fuzz", "30", "--replay-decisions", "500", "--workers", "1"]
    )
    out = capsys.readouterr().out
    for word in ("games", "decisions", "violations", "exceptions", "fuzz cases", "replay"):
        assert word in out
    assert "target 0" in out and "well under 1 s" in out
    assert code == 0
