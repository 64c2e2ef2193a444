"""The guided first game: its fixed setup and its steps, as data; where the guide stands.

Pure Python (no browser objects), so it is tested under plain CPython. The guide never
decides what is legal: each step names the action it teaches, and the page lights the
object that sends it only while the engine lists that action (``lit_candidates`` names
the objects by CSS selectors, first match wins). Where the guide stands is worked out
again from the game's decisions and the steps the player skipped or acknowledged
(``progress``), so undo, reload and resume need nothing but those two.

The setup is seeded, and so are the Automa's cards: given the player's choices the game
is the same every time. With the choices the steps point at, the Autometta's character
walks onto the farm next to the Nordic village in its seventh turn, and the Speed mech
deployed in turn five reaches it in turn eight: the combat is won on a tie (the
attacker's), and the star for it follows (``tests/test_guided_game.py`` plays it).

>>> steps = [s.id for s in SCRIPT]
>>> steps[:3]
['t1-section', 't1-produce', 't2-section']
>>> played = [Move(0, "section:2"), Move(0, "produce:r1c4+r1c5"), Move(1, "automa:play")]
>>> progress(played, set(), pending_kind="section").step.id
't2-section'
>>> played += [Move(0, "section:0"), Move(0, "move")]
>>> progress(played, set(), pending_kind="move").step.id
't2-character'
>>> progress(played, {"t2-character"}, pending_kind="move").step  # shown with its decision
>>> progress(played, {"t2-character"}, pending_kind="move_unit").step.id
't2-to'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scythe_core import RecordError
from scythe_core.io.untrusted import parse_json
from scythe_core.model.actions import is_commit, parse_commit, verb_of

#: The seat the player plays; the Autometta is seat 1.
HUMAN = 0
#: Nordic Kingdoms on the Agricultural mat against the Autometta (Rusviet), seed 5.
GUIDE_SETUP: dict = {
    "seed": 5,
    "seats": [
        {"controller": "human", "faction": "nordic", "mat": "agricultural"},
        {"controller": "automa", "level": "autometta", "faction": "rusviet"},
    ],
}
#: The hexes the steps name (the Nordic corner of the board).
HOME, FOREST, TUNDRA, VILLAGE, ENCOUNTER, FARM = (
    "HB-nordic",
    "r1c4",
    "r1c5",
    "r1c6",
    "r2c4",
    "r2c6",
)


@dataclass(frozen=True)
class Move:
    """One decision of the game as the guide reads it: who made it, what, and the
    engine events it caused (``star``, ``combat``, ...)."""

    seat: int | None
    action: str
    events: tuple[str, ...] = ()
    #: The seats that placed a star with it (a defender wins a combat on the other's turn).
    star_seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Lit:
    """An object to light: ``check`` is there when it may be clicked now; ``light`` is
    the element that gets the highlight (the one clicked)."""

    check: str
    light: str


def part(name: str) -> Lit:
    """A lit part of the drawn mat (a button only while a decision is made on it)."""
    selector = f"#mat-box button[data-part='{name}']"
    return Lit(selector, selector)


def button(action: str) -> Lit:
    """A button of the decision panel (incl. a hex's list of choices) sending ``action``."""
    selector = f"#decision [data-action='{action}']"
    return Lit(selector, selector)


def board_hex(hid: str) -> Lit:
    """A hex of the board, while the board lights it as a target."""
    return Lit(f"#pieces .mark-target[data-mark='{hid}']", f"#board [data-hex='{hid}']")


@dataclass(frozen=True)
class Step:
    """One step of the guide. Its words are ``guide.<id>.title`` and ``guide.<id>.text``.

    ``turn``: the player's turn it belongs to (1: the first), None for the steps that
    come when something happens. ``action``: what completes it (a prefix ending in ``:``
    matches every action of that verb). ``lit``: the objects it points at, first match
    first. ``ack``: explained only; the card's Next button (or the next section) ends it."""

    id: str
    turn: int | None
    action: str = ""
    lit: tuple[Lit, ...] = ()
    ack: bool = False

    def completed_by(self, action: str) -> bool:
        return bool(self.action) and action_matches(self.action, action)


#: The decisions (``pending["kind"]``) a scripted step is shown in, by its action's verb:
#: with "Ask how much" on, say, the page asks more questions between the steps.
SHOWN_IN: dict[str, tuple[str, ...]] = {
    "section": ("section",),
    "move": ("section", "top"),
    "bolster": ("section", "top"),
    "trade": ("section", "top"),
    "produce": ("top",),
    "unit": ("move",),
    "to": ("move_unit",),
    "done": ("move",),
    "deploy": ("bottom",),
}


#: The sections of the Agricultural mat that lead to a top action's option (a click on
#: the option on the mat sends its section first).
def action_matches(pattern: str, action: str) -> bool:
    """A step's action: one whole action, or a verb and a colon (``"commit:"``) for
    any action of that verb."""
    verb = verb_of(pattern)
    if pattern == f"{verb}:":
        return verb_of(action) == verb
    return action == pattern


VIA_SECTION = {"move": "section:0", "trade:popularity": "section:1", "bolster:power": "section:3"}


def available(step: Step, legal: list[str]) -> bool:
    """The step's action can be taken now (or its section chosen on the way to it)."""
    if any(action_matches(step.action, a) for a in legal):
        return True
    return VIA_SECTION.get(step.action) in legal


def _step(id_: str, turn: int, action: str, *lit: Lit) -> Step:
    return Step(id_, turn, action, tuple(lit))


#: The scripted opening: eight turns that bring up every lesson, then "play on".
SCRIPT: tuple[Step, ...] = (
    _step("t1-section", 1, "section:2", part("top:2:produce"), button("section:2")),
    _step("t1-produce", 1, f"produce:{FOREST}+{TUNDRA}", button(f"produce:{FOREST}+{TUNDRA}")),
    _step("t2-section", 2, "move", part("top:0:move"), part("top:~:move"), button("move")),
    _step("t2-character", 2, "unit:character", board_hex(HOME), button("unit:character")),
    _step("t2-to", 2, f"to:{TUNDRA}", board_hex(TUNDRA), button(f"to:{TUNDRA}")),
    _step("t2-worker", 2, "unit:worker:1", board_hex(TUNDRA), button("unit:worker:1")),
    _step("t2-swim", 2, f"to:{VILLAGE}", board_hex(VILLAGE), button(f"to:{VILLAGE}")),
    _step(
        "t3-bolster",
        3,
        "bolster:power",
        part("top:3:bolster:power"),
        part("top:~:bolster:power"),
        button("bolster:power"),
    ),
    _step("t4-section", 4, "move", part("top:0:move"), part("top:~:move"), button("move")),
    _step("t4-character", 4, "unit:character", board_hex(TUNDRA), button("unit:character")),
    _step("t4-to", 4, f"to:{ENCOUNTER}", board_hex(ENCOUNTER), button(f"to:{ENCOUNTER}")),
    _step("t4-done", 4, "done", button("done")),
    _step(
        "t5-trade",
        5,
        "trade:popularity",
        part("top:1:trade:popularity"),
        part("top:~:trade:popularity"),
        button("trade:popularity"),
    ),
    _step(
        "t5-deploy",
        5,
        f"deploy:3@{VILLAGE}",
        part("mech:3"),
        board_hex(VILLAGE),
        button(f"deploy:3@{VILLAGE}"),
    ),
    _step(
        "t6-bolster",
        6,
        "bolster:power",
        part("top:3:bolster:power"),
        part("top:~:bolster:power"),
        button("bolster:power"),
    ),
    _step("t7-section", 7, "section:2", part("top:2:produce"), button("section:2")),
    _step("t7-produce", 7, f"produce:{FOREST}+{VILLAGE}", button(f"produce:{FOREST}+{VILLAGE}")),
    _step("t8-section", 8, "move", part("top:0:move"), part("top:~:move"), button("move")),
    _step("t8-mech", 8, "unit:mech:0", board_hex(VILLAGE), button("unit:mech:0")),
    _step("t8-to", 8, f"to:{FARM}", board_hex(FARM), button(f"to:{FARM}")),
    _step("t8-done", 8, "done", button("done")),
    Step("play-on", 9, "section:", ack=True),
)
#: The steps that come when something happens (first come, first shown).
ENCOUNTER_STEP = Step("encounter", None, "option:")
COMBAT_STEP = Step("combat", None, "commit:")
STAR_STEP = Step("star", None, "section:", ack=True)
END_STEP = Step("end", None, ack=True)
WHEN_STEPS = (ENCOUNTER_STEP, COMBAT_STEP, STAR_STEP, END_STEP)
STEPS: dict[str, Step] = {s.id: s for s in (*SCRIPT, *WHEN_STEPS)}
#: The encounter card of the guided game, and the option the guide points at there
#: (the second: two coins for four metal). At another card, the first option is lit.
ENCOUNTER_CARD = 27
ENCOUNTER_CHOICE = "option:2"


@dataclass
class Progress:
    """Where the guide stands: the step shown now (None: nothing to show now), who
    placed the game's first star, whether the guide is over, and the steps behind."""

    step: Step | None
    star_seat: int | None = None
    finished: bool = False
    completed: set[str] = field(default_factory=set)


def progress(
    moves: list[Move],
    dismissed: set[str],
    pending_kind: str | None,
    game_over: bool = False,
    deciding: bool = True,
    legal: list[str] | None = None,
) -> Progress:
    """The guide's position after ``moves`` (the game's decisions, in order).

    A scripted step is completed by the player's action it names, skipped by the player,
    or passed over once its turn is behind the player. A step that comes when something
    happens is shown while its decision is pending (an encounter's options, a combat's
    dial), from the first star on, or once the game is over. ``deciding``: the player
    decides now (no step is shown during the Autometta's turn). ``legal``: the player's
    legal actions now; a scripted step whose action is not among them (the game went
    another way) is not shown."""
    completed: set[str] = set(dismissed)
    index, turn, star_seat = 0, 0, None
    star_turn: int | None = None
    for move in moves:
        if star_seat is None and move.star_seats:
            star_seat, star_turn = move.star_seats[0], turn
        if move.seat != HUMAN:
            continue
        if verb_of(move.action) == "section":
            turn += 1
        index = _skip_passed(index, turn, completed)
        for when in (ENCOUNTER_STEP, COMBAT_STEP):
            if when.id not in completed and when.completed_by(move.action):
                completed.add(when.id)
        if star_turn is not None and turn > star_turn and STAR_STEP.completed_by(move.action):
            completed.add(STAR_STEP.id)
        step = SCRIPT[index] if index < len(SCRIPT) else None
        if step is not None and step.turn == turn and step.completed_by(move.action):
            completed.add(step.id)
            index = _skip_passed(index + 1, turn, completed)
    if pending_kind == "section" and deciding:
        turn += 1  # a new turn begins: the steps of the last one are behind
    index = _skip_passed(index, turn, completed)
    step = _shown(index, turn, completed, star_seat, pending_kind, game_over, deciding)
    if step is not None and step.turn is not None and legal is not None:
        step = step if available(step, legal) else None
    finished = END_STEP.id in completed or "leave" in dismissed
    return Progress(step, star_seat, finished, completed)


def _skip_passed(index: int, turn: int, completed: set[str]) -> int:
    """Past the script's steps that are done, skipped, or of an earlier turn."""
    while index < len(SCRIPT) and (
        SCRIPT[index].id in completed or (SCRIPT[index].turn or 0) < turn
    ):
        index += 1
    return index


def _shown(
    index: int,
    turn: int,
    completed: set[str],
    star_seat: int | None,
    pending_kind: str | None,
    game_over: bool,
    deciding: bool,
) -> Step | None:
    if game_over:
        return None if END_STEP.id in completed else END_STEP
    if not deciding:
        return None
    if pending_kind == "encounter" and ENCOUNTER_STEP.id not in completed:
        return ENCOUNTER_STEP
    if pending_kind == "combat_commit" and COMBAT_STEP.id not in completed:
        return COMBAT_STEP
    if star_seat is not None and STAR_STEP.id not in completed:
        return STAR_STEP
    if index >= len(SCRIPT):
        return None
    step = SCRIPT[index]
    if step.turn != turn or pending_kind not in SHOWN_IN[verb_of(step.action)]:
        return None
    return step


def best_commit(legal: list[str]) -> str | None:
    """The strongest combat choice on offer: the highest total, then fewer cards."""
    options = [a for a in legal if is_commit(a)]
    if not options:
        return None

    def strength(action: str) -> tuple[int, int]:
        commit = parse_commit(action)
        return commit.dial + sum(commit.cards), -len(commit.cards)

    return max(options, key=strength)


def words_key(step: Step, star_seat: int | None, card: object = None) -> str:
    """The catalogue key of the step's words (``guide.<key>.title`` and ``.text``): the
    star is the player's or the Autometta's, the encounter card the guided one or not."""
    if step is STAR_STEP and star_seat not in (None, HUMAN):
        return "star-automa"
    if step is ENCOUNTER_STEP and card != ENCOUNTER_CARD:
        return "encounter-any"
    return step.id


def lit_candidates(
    step: Step, legal: list[str], star_seat: int | None = None, card: object = None
) -> tuple[Lit, ...]:
    """The objects the step points at, first match first, for the legal actions now
    (``card``: the encounter card being decided, if any)."""
    if step is ENCOUNTER_STEP:
        options = [a for a in legal if verb_of(a) == "option"]
        if not options:
            return ()
        guided = card == ENCOUNTER_CARD and ENCOUNTER_CHOICE in options
        return (button(ENCOUNTER_CHOICE if guided else options[0]),)
    if step is COMBAT_STEP:
        best = best_commit(legal)
        if best is None:
            return ()
        commit = parse_commit(best)
        dial = f"#decision [data-dial='{commit.dial}'][aria-pressed='false']"
        found = [button(best), Lit(dial, dial)]
        for value in sorted(set(commit.cards)):
            card = f"#decision [data-value='{value}'][aria-pressed='false']:not([disabled])"
            found.append(Lit(card, card))
        return tuple(found)
    if step is STAR_STEP:
        seat = HUMAN if star_seat is None else star_seat
        stars = f"#players [data-seat='{seat}'] .stars"
        return (Lit(stars, stars),)
    if step is END_STEP:
        return (Lit("#overlay .end table", "#overlay .end table"),)
    return step.lit


def step_number(step: Step) -> tuple[int, int]:
    """(the step's place, how many there are) for "step 3 of 26"."""
    order = [*SCRIPT[:-1], *WHEN_STEPS[:3], SCRIPT[-1], END_STEP]
    ids = [s.id for s in order]
    return ids.index(step.id) + 1, len(ids)


#: What the guide keeps with the saved game: the steps skipped or acknowledged, and
#: whether the player left the guide ("leave" among them).
Record = dict


def parse_record(value: object) -> set[str] | None:
    """The dismissed steps of a stored record, or None when it is not one of ours
    (a stored value is outside input: anything else is ignored, never trusted)."""
    if not isinstance(value, dict) or value.get("guide") != 1:
        return None
    dismissed = value.get("dismissed")
    if not isinstance(dismissed, list) or len(dismissed) > len(STEPS) + 1:
        return None
    return {d for d in dismissed if isinstance(d, str) and (d in STEPS or d == "leave")}


def load_record(stored: object) -> set[str] | None:
    """The dismissed steps kept in storage (``stored``: the stored text, or None)."""
    if not isinstance(stored, str):
        return None
    try:
        return parse_record(parse_json(stored, max_chars=4000))
    except RecordError:
        return None


def record_of(dismissed: set[str]) -> Record:
    return {"guide": 1, "dismissed": sorted(dismissed)}


#: The placeholders of a step's words: hex names (``hex_label`` of the page).
def step_values(hex_label: Callable[[str], str]) -> dict[str, str]:
    return {
        "home": hex_label(HOME),
        "forest": hex_label(FOREST),
        "tundra": hex_label(TUNDRA),
        "village": hex_label(VILLAGE),
        "encounter": hex_label(ENCOUNTER),
        "farm": hex_label(FARM),
    }
