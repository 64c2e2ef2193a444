"""Which parts of the player mat a decision is made on, and what clicking each does.

Pure Python. Nothing here decides what is legal: every target is a legal action of
the current step (``choice_steps.current``) or a group of them, found by the groups'
keys. A part is named ``section:<i>`` (a whole section), ``top:<i>:<variant>`` (a
top action's option: ``bolster:power``, ``move``, ...), ``slot:<top slot>`` (an upgrade
cube on the top row), ``cost:<bottom>`` (a bottom action's cost space), ``recruit:<bottom>``,
``bonus:<one-time bonus>``, ``mech:<i>`` (a mech slot) or ``structure:<name>``.

A target is ``Target(action, then, pick)``: the action to send, an action to send
right after it when it is then legal (a section and its top action in one click), or
the group to open (``choice_steps.pick``).

>>> from choice_steps import Choice, current
>>> legal = ["section:0", "section:2"]
>>> after = {"section:0": ["bolster:power", "bolster:cards", "skip"], "section:2": ["coins", "skip"]}
>>> t = mat_targets("section", legal, current(legal, Choice()), {0: "bolster", 2: "move"}, after)
>>> t["section:0"].action, t["top:0:bolster:power"], t["top:2:coins"].then
('section:0', Target(action='section:0', then='bolster:power', pick=None, leads=()), 'coins')
>>> "top:2:move" in t  # no unit can move: only the section itself and its coins
False
>>> up = [f"upgrade:{s}>{b}" for s in ("move_units", "bolster_power") for b in ("build", "enlist")]
>>> t = mat_targets("bottom", up + ["skip"], current(up + ["skip"], Choice()), {})
>>> sorted(t), t["slot:move_units"].pick
(['slot:bolster_power', 'slot:move_units'], 'upgrade move_units')
>>> step = current(up, Choice(("upgrade move_units",)))
>>> sorted(mat_targets("bottom", up, step, {}))
['cost:build', 'cost:enlist']
"""

from __future__ import annotations

from typing import NamedTuple

from choice_steps import Node, Step

from scythe_core.model.actions import join_action, parse_section, verb_of

#: A top action's options, as its actions (the first is what the section's one click takes).
TOP_VARIANTS: dict[str, tuple[str, ...]] = {
    "bolster": (join_action("bolster", "power"), join_action("bolster", "cards")),
    "trade": (join_action("trade", "resources"), join_action("trade", "popularity")),
    "move": (join_action("move"), join_action("coins")),
    "produce": (),
}
#: Group keys (verb, what) drawn on the mat, and the part each is drawn as.
GROUP_PARTS = {"upgrade": "slot", "enlist": "recruit", "deploy": "mech", "build": "structure"}
#: Leaves (verb, first, second) whose second part is on the mat.
LEAF_PARTS = {"upgrade": "cost", "enlist": "bonus"}


class Target(NamedTuple):
    action: str | None
    then: str | None = None
    pick: str | None = None
    #: A group's legal actions (``data-leads``, as the panel's group buttons have).
    leads: tuple[str, ...] = ()


def _walk(node: Node):
    """Every group and leaf under ``node`` (through the runs that keep a step short)."""
    for child in node.children:
        yield child
        if child.action is None and not child.toggles:
            yield from _walk(child)


def mat_targets(
    kind: str, legal: list[str], step: Step | None, tops: dict[int, str], after: dict | None = None
) -> dict:
    """The mat's parts a click on which makes (part of) the pending decision.

    For the choice of a section: ``tops``, the viewer's top action per section index,
    and ``after``, the legal actions once each section is chosen (the engine's answer,
    ``Session.legal_after``): a top action's option is lit only where it is then legal."""
    found: dict[str, Target] = {}
    if kind == "section":
        for action in legal:
            if verb_of(action) != "section":
                continue
            index = parse_section(action)
            then_legal = (after or {}).get(action, [])
            found[f"section:{index}"] = Target(action)
            for variant in TOP_VARIANTS.get(tops.get(index, ""), ()):
                if variant in then_legal:
                    found[f"top:{index}:{variant}"] = Target(action, variant)
            if tops.get(index) == "produce" and any(verb_of(a) == "produce" for a in then_legal):
                found[f"top:{index}:produce"] = Target(action)
        return found
    if step is None:
        return found
    for variants in TOP_VARIANTS.values():
        for variant in variants:
            if variant in legal:
                found[f"top:~:{variant}"] = Target(variant)
    for node in _walk(step.node):
        verb, *rest = node.key or ("",)
        if node.action is None and verb in GROUP_PARTS and len(rest) == 1:
            part = f"{GROUP_PARTS[verb]}:{rest[0]}"
            found.setdefault(part, Target(None, pick=node.id, leads=tuple(node.leaves())))
        elif node.action is not None and verb in GROUP_PARTS and len(rest) >= 1:
            inside = step.node.key == (verb, rest[0])  # the group's leaves: second parts
            if verb in LEAF_PARTS and len(rest) == 2 and inside:
                found[f"{LEAF_PARTS[verb]}:{rest[1]}"] = Target(node.action)
            elif verb not in LEAF_PARTS and _only_leaf(step.node, node):
                found.setdefault(f"{GROUP_PARTS[verb]}:{rest[0]}", Target(node.action))
    return found


def _only_leaf(root: Node, leaf: Node) -> bool:
    """A Deploy or Build with a single hex: the mat part itself is the action."""
    verb, what = leaf.key[0], leaf.key[1]
    same = [n for n in _walk(root) if n.action is not None and n.key[:2] == (verb, what)]
    return len(same) == 1
