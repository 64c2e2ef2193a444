"""What runs after what, written as data: each sequence is a tuple of step names.

A name is an automatic step (see the ``*_steps`` modules); an ``ask_*`` step asks the
seat a decision when there is one to ask. Steps run top to bottom; a step may put
other steps before the rest of its sequence (a Move puts its combats, a combat its
retreat), and those run first.

After a combat, what runs? Whatever came after the combat in the sequence that
started it: the next combat of a Move (``next_combat``), then the rest of ``AFTER_MOVE``
(an encounter, a Factory visit), then the section's stars and bottom action; in an
Automa turn, ``AFTER_AUTOMA_COMBAT`` (the rest of its move row), then its gains.
"""

from __future__ import annotations

#: A seat's turn: choose a section (or play the Automa's card), then the end of turn.
TURN = ("ask_section", "offer_objective", "end_turn")

#: A mat section (or the Factory card): top action, stars, bottom action, stars.
SECTION = ("ask_top", "stars", "ask_bottom", "stars")

#: Everything that follows moving units: enemy workers driven out, combats, an
#: encounter, the first visit of the Factory.
AFTER_MOVE = ("drive_out_workers", "combats", "encounter", "factory_visit")

#: One unit's move is over (a mat Move asks for the next unit; a Factory Move ends).
AFTER_UNIT = ("unit_moved",)

#: One combat: abilities before it, the secret choices, the reveal and the retreat.
COMBAT = ("start_combat", "combat_abilities", "combat_commits", "resolve_combat")

#: A bottom action: pay, gain the effect (and its coins), pay the recruit bonuses.
BOTTOM_ACTION = ("pay_bottom", "bottom_effect", "recruit_bonuses")

#: An encounter option: its benefit, then (Meander) a second option may follow.
ENCOUNTER_OPTION = ("offer_benefit", "encounter_again")

#: The Automa's card after it is drawn: the move row, gains, recruit bonus, stars,
#: the star card.
AUTOMA_ROWS = (
    "automa_move_row",
    "automa_end_move_row",
    "automa_gains",
    "automa_recruit_bonus",
    "stars",
    "automa_star_card",
)

#: A combat the Automa started is over: back to its move row.
AFTER_AUTOMA_COMBAT = ("automa_after_combat", "automa_move_row")
