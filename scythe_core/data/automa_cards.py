"""The Automa deck as data: 19 Automa cards and the 4 star cards (levels).

Restated from the project's data sheet (``shared/data/README.md`` section 10); the
Automa rulebook wins where they differ.

A plan is one half of a card (Plan I on top at the start, Plan II after the switch):

- ``moves``: the move symbols of the first row, tried left to right. ``W`` move a
  worker, ``M`` non-attacking mech move, ``C`` non-attacking character move, ``E``
  encounter/Factory, ``A<n>`` attack a combat unit (only with power >= n), ``AW``
  attack workers. ``nordic:W`` is a symbol in brackets with a faction icon: only
  used when the Automa plays that faction.
- ``gains``: the second row as (what, amount, faction or None); what is ``power``,
  ``coin``, ``card`` (a hidden combat card), ``worker`` or ``mech`` (the character
  from the faction mat if it is there, else a mech).
- ``recruit``: the third row, the bottom action whose ongoing recruit bonus the
  human neighbours get (None when the row is empty).
- ``skip``: the Autometta skip symbol leads the move row.

A card also has ``star`` (whether the star-card cube advances), its combat table
``combat`` (power spent at Automa power 0-7 / 8-13 / 14+), ``cards`` (combat cards
added) and ``resources`` (the resource box).

>>> CARDS[12]["combat"], CARDS[12]["cards"]
((4, 5, 7), 2)
>>> CARDS[1]["plans"][0]["moves"]
('nordic:W', 'E', 'C')
>>> STAR_CARDS["automa"].count("*")
6
"""

from __future__ import annotations

LEVELS = ("autometta", "automa", "automaszyna", "ultimaszyna")

#: Star cards by level: index 0 is the start; "X" a water-restricted space (no
#: lakes, no river crossings), "." a normal space, "*" a star space.
STAR_CARDS: dict[str, str] = {
    "autometta": "XXXXX.....*....*..*.*.**",
    "automa": "XXXX.....*....*..*.***",
    "automaszyna": "XXX......*..*.*.***",
    "ultimaszyna": "........*..*.*.***",
}

#: Combat table brackets: the lowest Automa power of each column.
COMBAT_BRACKETS = (0, 8, 14)


def _plan(moves: str, gains: str, recruit: str | None = None, skip: bool = False) -> dict:
    """A plan from its rows: moves "nordic:W E C", gains "crimea:coin:1 power:2"."""
    parsed = []
    for token in gains.split():
        parts = token.split(":")
        faction = parts[0] if len(parts) == 3 else None
        parsed.append((parts[-2], int(parts[-1]), faction))
    return {"moves": tuple(moves.split()), "gains": tuple(parsed), "recruit": recruit, "skip": skip}


def _card(star: bool, one: dict, two: dict, combat: tuple, cards: int, resources: int) -> dict:
    return {
        "star": star,
        "plans": (one, two),
        "combat": combat,
        "cards": cards,
        "resources": resources,
    }


CARDS: dict[int, dict] = {
    1: _card(
        True,
        _plan("nordic:W E C", "power:1 worker:1", "upgrade"),
        _plan("W", "power:4", "upgrade"),
        (6, 7, 7),
        1,
        1,
    ),
    2: _card(
        True,
        _plan("polania:E W", "crimea:coin:1 coin:1"),
        _plan("polania:E W", "crimea:coin:1 card:1 mech:1", "deploy"),
        (5, 6, 7),
        2,
        2,
    ),
    3: _card(
        True,
        _plan("W", "power:3"),
        _plan("W", "power:2 worker:1", "build"),
        (3, 7, 7),
        0,
        0,
    ),
    4: _card(
        False,
        _plan("W", "crimea:coin:1 card:1", "enlist", skip=True),
        _plan("W", "crimea:coin:1 coin:2", "upgrade", skip=True),
        (0, 1, 2),
        1,
        0,
    ),
    5: _card(
        True,
        _plan("albion:E W", "togawa:mech:1 worker:1 coin:1", "deploy"),
        _plan("M", "power:4 worker:1", "enlist"),
        (2, 4, 7),
        1,
        4,
    ),
    6: _card(
        True,
        _plan("W", "power:2"),
        _plan("M", "crimea:coin:1 power:2 mech:1", "upgrade"),
        (7, 7, 7),
        1,
        0,
    ),
    7: _card(
        True,
        _plan("saxony:A5 W", "worker:1 coin:1", "build", skip=True),
        _plan("saxony:A5 M", "rusviet:mech:1 mech:1 card:1", "deploy", skip=True),
        (5, 7, 7),
        0,
        2,
    ),
    8: _card(
        True,
        _plan("togawa:E M W", "rusviet:mech:1 mech:1", skip=True),
        _plan("togawa:E M", "saxony:power:1 coin:1 mech:1", "deploy", skip=True),
        (0, 5, 7),
        2,
        1,
    ),
    9: _card(
        True,
        _plan("polania:E M W", "worker:1 mech:1", "build"),
        _plan("polania:E M", "power:3 worker:1", "build"),
        (4, 7, 7),
        1,
        3,
    ),
    10: _card(
        True,
        _plan("M W", "mech:1 power:2"),
        _plan("M", "coin:2 mech:1"),
        (0, 0, 0),
        1,
        1,
    ),
    11: _card(
        True,
        _plan("M E C", "rusviet:worker:1 worker:1 coin:1"),
        _plan("nordic:W E C", "power:3 worker:1", "enlist"),
        (6, 7, 7),
        2,
        0,
    ),
    12: _card(
        True,
        _plan("nordic:W M", "power:4"),
        _plan("nordic:W M", "card:1 coin:1 mech:1", "upgrade"),
        (4, 5, 7),
        2,
        1,
    ),
    13: _card(
        True,
        _plan("saxony:A4 E C", "coin:1"),
        _plan("saxony:A5 E C", "card:1 coin:2", "deploy"),
        (3, 5, 7),
        3,
        0,
    ),
    14: _card(
        True,
        _plan("E C", "worker:1 card:1", "enlist"),
        _plan("A7 AW M", "power:3", "build"),
        (1, 1, 1),
        1,
        0,
    ),
    15: _card(
        True,
        _plan("E C", "power:3 coin:1", "deploy"),
        _plan("A1 AW E C", "crimea:coin:1 coin:1", "enlist"),
        (7, 7, 7),
        0,
        2,
    ),
    16: _card(
        True,
        _plan("E C", "mech:1"),
        _plan("A5 AW M", "saxony:power:1 mech:1 coin:1"),
        (5, 7, 7),
        1,
        4,
    ),
    17: _card(
        False,
        _plan("A6 AW W", "coin:2", "upgrade", skip=True),
        _plan("A8 W", "crimea:coin:1 coin:1 worker:1", "build", skip=True),
        (7, 7, 7),
        2,
        2,
    ),
    18: _card(
        True,
        _plan("E C", "albion:worker:1 worker:1 coin:1"),
        _plan("E C", "albion:mech:1 worker:1 coin:2"),
        (1, 1, 7),
        0,
        1,
    ),
    19: _card(
        True,
        _plan("AW W", "worker:1"),
        _plan("albion:E AW W", "power:3 coin:1", "enlist"),
        (7, 7, 7),
        1,
        1,
    ),
}


def star_spaces(level: str) -> list[int]:
    """Indexes of the star spaces on a level's star card."""
    return [i for i, mark in enumerate(STAR_CARDS[level]) if mark == "*"]


def combat_column(power: int) -> int:
    """The combat table column for the Automa's current power (0, 1 or 2)."""
    return sum(1 for low in COMBAT_BRACKETS[1:] if power >= low)
