"""Big decisions in two or three steps: the legal actions grouped into a tree.

Pure Python. Nothing here decides what is legal: the leaves of the tree are exactly
the actions given (``scythe_core.legal_actions``), taken apart only with the grammar
(``scythe_core.model.actions``). A step shows at most ``LIMIT`` choices: an Upgrade is
a top action and then a bottom cost space, an Enlist a recruit and then its bonus, a
Build a structure and then a hex, a Deploy a mech and then a hex, a Trade a resource
and then a hex, a Move a kind of unit and then the unit, a destination its terrain
and then the hex. A Produce is a set of hexes toggled on, then confirmed. Ending and
declining actions (skip, done, ...) and objective reveals are offered beside the steps.

>>> legal = ["skip"] + [f"upgrade:{t}>{b}" for t in ("bolster_power", "move_units",
...     "trade_popularity") for b in ("build", "deploy", "enlist")]
>>> step = current(legal, Choice())
>>> [item.id for item in step.items], step.extras, step.back
(['upgrade bolster_power', 'upgrade move_units', 'upgrade trade_popularity'], ['skip'], False)
>>> step = current(legal, pick(Choice(), "upgrade move_units"))
>>> [item.action for item in step.items], step.back
(['upgrade:move_units>build', 'upgrade:move_units>deploy', 'upgrade:move_units>enlist'], True)
>>> produce = ["produce:r1c4", "produce:r1c4+r1c5", "produce:r1c5", "skip"]
>>> step = current(produce, Choice())
>>> step.toggles, sorted(step.on), step.confirm
(['r1c4', 'r1c5'], ['r1c4', 'r1c5'], 'produce:r1c4+r1c5')
>>> current(produce, toggle(produce, Choice(), "r1c4")).confirm
'produce:r1c5'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from actions_ui import groups

from scythe_core.data.board import board_summary
from scythe_core.model.actions import (
    ARTILLERY_HOLD,
    is_commit,
    parse_action,
    parse_choice_pair,
    parse_pay,
    parse_placement,
    parse_produce,
    parse_unit,
    verb_of,
)

#: The most choices one step shows (ending/declining actions and Back aside).
LIMIT = 8
#: The group of the choices that take less than the full benefit (the rulebook allows
#: it; a player rarely wants it): one "Take less" button instead of a question each time.
LESS = "~less"
#: Counted answers whose largest value is the full benefit.
AMOUNT_VERBS = ("coins", "amount", "workers")
#: Two-part choices made on the mat (a top cube, then a cost space; a recruit, then its
#: bonus): their first part stays a step even when it holds one choice.
TWO_PART = ("upgrade", "enlist")
#: Actions that end or decline a step: offered beside every step's choices.
PASSIVE = ("skip", "done", "stop", "end_turn", ARTILLERY_HOLD)
TERRAIN = {h["id"]: h["terrain"] for h in board_summary()["hexes"]}


@dataclass(frozen=True)
class Choice:
    """A choice in progress: the groups picked (outermost first) and, in a Produce,
    the hexes toggled on (None: the largest legal set)."""

    path: tuple[str, ...] = ()
    on: frozenset[str] | None = None


@dataclass
class Node:
    """A group of legal actions (``action`` None) or one legal action (a leaf).

    ``key`` says what the group is: ``("upgrade", "move_units")``, ``("build", "mill")``,
    ``("to", "forest")``, ``("unit", "worker")``, ``("produce",)``; a group made only
    to keep a step short has ``("~part", first, last)``."""

    id: str
    key: tuple[str, ...]
    action: str | None = None
    children: list[Node] = field(default_factory=list)

    @property
    def toggles(self) -> bool:
        return self.action is None and self.key == ("produce",)

    def leaves(self) -> list[str]:
        if self.action is not None:
            return [self.action]
        return [a for child in self.children for a in child.leaves()]


@dataclass
class Step:
    """What one step offers: its choices (groups and actions), or, in a Produce, the
    hexes to toggle, those toggled on, those that may be toggled and the action the
    toggled set is (None: no legal action); plus the passive actions and objective
    reveals, and whether there is a step to go back to."""

    node: Node
    items: list[Node]
    extras: list[str]
    back: bool
    toggles: list[str] = field(default_factory=list)
    on: frozenset[str] = frozenset()
    enabled: frozenset[str] = frozenset()
    confirm: str | None = None

    def actions(self) -> list[str]:
        """The legal actions this step leads to (the board lights their hexes)."""
        return self.node.leaves() + self.extras

    def count(self) -> int:
        """How many choices the step shows (passive actions and Back not counted)."""
        extra = sum(1 for a in self.extras if a not in PASSIVE)
        return extra + (len(self.toggles) + 1 if self.toggles else len(self.items))


def is_extra(action: str) -> bool:
    """Offered beside the steps: ending and declining actions, objective reveals."""
    return action in PASSIVE or verb_of(action) == "objective"


def key_of(action: str) -> tuple[str, ...]:
    """The groups an action falls in, outermost first (the action itself not included)."""
    a = parse_action(action)
    verb, arg = a.verb, a.arg
    if verb in ("upgrade", "enlist") and arg:
        return (verb, *parse_choice_pair(arg))
    if verb in ("build", "deploy", "gain", "res") and arg:
        what, hid = parse_placement(arg)
        return (verb, what) if not hid else (verb, what, hid)
    if verb == "produce":
        return ("produce",)
    if verb == "unit":
        return ("unit", parse_unit(arg)[0])
    if verb == "to":
        return ("to", TERRAIN.get(arg, ""))
    if verb in ("worker", "fight", "retreat", "load", "drop"):
        return (verb,)
    if a.part is not None:
        return (verb, arg)
    return (verb,)


def takes_less(action: str, actions: list[str]) -> bool:
    """A part of a counted gain (``bolster:power/1``), or a smaller amount than the
    largest one offered (``coins:1`` beside ``coins:2``).

    >>> [takes_less(a, ["coins:2", "coins:1", "bolster:power/0"]) for a in
    ...     ("coins:2", "coins:1", "bolster:power/0")]
    [False, True, True]
    """
    a = parse_action(action)
    if a.part is not None:
        return True
    if a.verb not in AMOUNT_VERBS or not a.arg or not a.arg.isdigit():
        return False
    offered = [parse_action(b) for b in actions]
    most = max(int(b.arg) for b in offered if b.verb == a.verb and b.arg and b.arg.isdigit())
    return int(a.arg) < most


#: Questions of how much to take: the page answers them with the full amount unless
#: the player asked to be asked ("Ask how much to take" in the header).
AMOUNT_QUESTIONS = ("bottom_coins", "produce_amounts")


def full_answer(kind: str, legal: list[str]) -> str | None:
    """The full amount for a question of how much to take, if that is the question.

    >>> full_answer("bottom_coins", ["coins:2", "coins:1", "coins:0"])
    'coins:2'
    >>> full_answer("produce_amounts", ["workers:1", "workers:0"]), full_answer("top", ["coins"])
    ('workers:1', None)
    """
    if kind not in AMOUNT_QUESTIONS:
        return None
    full = [a for a in legal if not is_extra(a) and not takes_less(a, legal)]
    return full[0] if len(full) == 1 and verb_of(full[0]) in AMOUNT_VERBS else None


#: Lone answers that need no question: a top or bottom action that cannot be taken,
#: the end of a turn with no objective to reveal, a step with nothing left to do.
LONE_ANSWERS = ("skip", "end_turn", "done")
#: An encounter's or a card's benefit: every part that needs no choice, at once.
TAKE_ALL = "all"


def unasked_answer(kind: str, legal: list[str], ask_less: bool = False) -> str | None:
    """The answer the page gives without asking: a decision's only answer when it is
    only a way on (``LONE_ANSWERS``); unless the player asked to be asked how much, the
    full amount (``full_answer``) and a benefit's parts that need no choice.

    >>> unasked_answer("bottom", ["skip"]), unasked_answer("turn_end", ["end_turn", "objective:3"])
    ('skip', None)
    >>> unasked_answer("bottom_coins", ["coins:1", "coins:0"], ask_less=True)
    >>> unasked_answer("benefit", ["all", "done", "gain:coins"])
    'all'
    """
    if len(legal) == 1 and legal[0] in LONE_ANSWERS:
        return legal[0]
    if ask_less:
        return None
    if kind == "benefit" and TAKE_ALL in legal:
        return TAKE_ALL
    return full_answer(kind, legal)


def repeats(action: str, ask_less: bool = False) -> bool:
    """A cost paid from a hex: one click pays all of it that the hex can (the engine
    asks one unit at a time); with "Ask how much" on, one unit a click.

    >>> repeats("pay:r6c0"), repeats("pay:r6c0", ask_less=True), repeats("pay:card:2")
    (True, False, False)
    """
    return not ask_less and verb_of(action) == "pay" and parse_pay(action).hex is not None


def _insert(root: Node, action: str, prefix: tuple[str, ...] = ()) -> None:
    node = root
    for depth, _ in enumerate(key := prefix + key_of(action), 1):
        sub = key[:depth]
        found = next((c for c in node.children if c.action is None and c.key == sub), None)
        if found is None:
            found = Node(" ".join(sub), sub)
            node.children.append(found)
        node = found
    node.children.append(Node(action, key, action))


def _simplify(node: Node) -> Node:
    """A group of one is that one; too many choices are parted into consecutive runs."""
    node.children = [_simplify(child) for child in node.children]
    keep = node.key == (LESS,) or (len(node.key) == 2 and node.key[0] in TWO_PART)
    if node.action is None and len(node.children) == 1 and node.key and not keep:
        return node.children[0]
    if not node.toggles:
        while len(node.children) > LIMIT:
            size = math.ceil(len(node.children) / LIMIT)
            runs = [node.children[i : i + size] for i in range(0, len(node.children), size)]
            node.children = [
                Node(
                    f"{node.id} ~{i}",
                    ("~part", run[0].leaves()[0], run[-1].leaves()[-1]),
                    None,
                    run,
                )
                if len(run) > 1
                else run[0]
                for i, run in enumerate(runs)
            ]
    return node


def tree(actions: list[str]) -> Node:
    """The groups of the actions that are not extras (``is_extra``), in their order;
    those that take less than the full benefit (``takes_less``) in one last group."""
    root = Node("", ())
    for action in actions:
        less = takes_less(action, actions)
        _insert(root, action, (LESS,) if less else ())
    root.children.sort(key=lambda child: child.key == (LESS,))
    return _simplify(root)


def _nodes(node: Node) -> dict[str, Node]:
    found = {node.id: node}
    for child in node.children:
        if child.action is None:
            found.update(_nodes(child))
    return found


def _shown(node: Node, budget: int) -> list[Node]:
    """The node's choices, groups opened in place while they fit: groups of one family
    (all the top actions of an Upgrade, all the terrains of a Move) open together, the
    smallest family first, so one step never mixes a family's groups and actions."""
    items = list(node.children)
    while True:
        families: dict[tuple, list[int]] = {}
        for i, c in enumerate(items):
            if c.action is None and not c.toggles and c.key != (LESS,):
                families.setdefault((c.key[0], len(c.key)), []).append(i)
        sizes = sorted(
            (sum(len(items[i].children) - 1 for i in members), family)
            for family, members in families.items()
        )
        if not sizes or len(items) + sizes[0][0] > budget:
            return items
        members = set(families[sizes[0][1]])
        items = [x for i, c in enumerate(items) for x in (c.children if i in members else [c])]


def _produce_sets(node: Node) -> dict[frozenset[str], str]:
    return {frozenset(parse_produce(a)): a for a in node.leaves()}


def current(legal: list[str], choice: Choice) -> Step:
    """The step the choice has reached (groups that no longer exist are dropped)."""
    actions = [a for a in legal if not is_commit(a)]
    extras = [a for a in actions if is_extra(a)]
    root = tree([a for _, group in groups(actions) for a in group if not is_extra(a)])
    nodes = _nodes(root)
    node, depth = root, 0
    for depth, node_id in enumerate(choice.path, 1):
        if node_id not in nodes:
            depth -= 1
            break
        node = nodes[node_id]
    budget = LIMIT - sum(1 for a in extras if a not in PASSIVE)
    items = _shown(node, budget)
    while len(items) == 1 and items[0].action is None:
        node = items[0]  # one group: open it at once
        items = _shown(node, budget)
    step = Step(node, items, extras, depth > 0)
    if node.toggles:
        sets = _produce_sets(node)
        step.items = []
        step.toggles = sorted({h for s in sets for h in s})
        on = choice.on if choice.on is not None else max(sets, key=len)
        step.on = frozenset(on) & frozenset(step.toggles)
        step.enabled = frozenset(
            h for h in step.toggles if h in step.on or any(step.on | {h} <= s for s in sets)
        )
        step.confirm = sets.get(step.on)
    return step


def pick(choice: Choice, node_id: str) -> Choice:
    """Open a group (``data-pick``)."""
    return Choice((*choice.path, node_id), None)


def back(choice: Choice) -> Choice:
    return Choice(choice.path[:-1], None)


def toggle(legal: list[str], choice: Choice, hid: str) -> Choice:
    """Turn a hex of a Produce on or off (only to a set that some legal action holds)."""
    step = current(legal, choice)
    if hid not in step.enabled:
        return choice
    return Choice(choice.path, step.on ^ {hid})


def walk(legal: list[str]) -> list[tuple[Step, tuple[str, ...]]]:
    """Every step reachable by picks from the first, with the picks (for tests)."""
    found: list[tuple[Step, tuple[str, ...]]] = []
    todo = [Choice()]
    while todo:
        choice = todo.pop()
        step = current(legal, choice)
        found.append((step, choice.path))
        todo.extend(pick(choice, item.id) for item in step.items if item.action is None)
    return found
