"""A list that only grows, whose copies share everything but the newest items.

The game's history and log only ever grow, and ``engine.apply`` makes a new state per
decision: copying them whole would make a decision dearer the longer the game (a
decision after 50,000 others cost 5 times one at the start). Here the items sit in
frozen blocks (tuples, shared by every copy) plus a short tail list of the newest
items (each copy's own): a copy costs at most one block's worth of references, and no
copy sees what another appends.

>>> a = AppendOnlyList(["x", "y"])
>>> b = a.copy()
>>> b.append("z")
>>> list(a), list(b), b[-1], b[1:], a == ["x", "y"]
(['x', 'y'], ['x', 'y', 'z'], 'z', ['y', 'z'], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from typing import Any, overload

#: Items per frozen block: a copy copies at most this many references.
BLOCK = 128


class AppendOnlyList(Sequence):
    """A sequence that grows by ``append`` only; ``copy`` is cheap and never aliases."""

    __slots__ = ("_blocks", "_tail", "_frozen")

    def __init__(self, items: Iterable[Any] = ()) -> None:
        items = list(items)
        cut = len(items) - len(items) % BLOCK
        #: Full blocks, oldest first; tuples, so copies may share them.
        self._blocks: tuple[tuple, ...] = tuple(
            tuple(items[i : i + BLOCK]) for i in range(0, cut, BLOCK)
        )
        #: The newest items (fewer than a block), this object's own.
        self._tail: list = items[cut:]
        #: How many items the blocks hold.
        self._frozen = cut

    def append(self, item: Any) -> None:
        tail = self._tail
        tail.append(item)
        if len(tail) == BLOCK:
            self._blocks = (*self._blocks, tuple(tail))
            self._tail = []
            self._frozen += BLOCK

    def copy(self) -> AppendOnlyList:
        new = AppendOnlyList.__new__(AppendOnlyList)
        new._blocks = self._blocks
        new._tail = list(self._tail)
        new._frozen = self._frozen
        return new

    def to_list(self) -> list:
        """The items as a new plain list."""
        return list(self)

    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __iter__(self) -> Iterator:
        return chain(chain.from_iterable(self._blocks), self._tail)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list: ...
    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return self.to_list()[index]
            if start >= stop:
                return []
            if start >= self._frozen:
                return self._tail[start - self._frozen : stop - self._frozen]
            first = start // BLOCK
            items = chain(chain.from_iterable(self._blocks[first:]), self._tail)
            return list(islice(items, start - first * BLOCK, stop - first * BLOCK))
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("AppendOnlyList index out of range")
        if index >= self._frozen:
            return self._tail[index - self._frozen]
        return self._blocks[index // BLOCK][index % BLOCK]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendOnlyList):
            if len(self) != len(other):
                return False
            return all(a is b or a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, list):
            return len(self) == len(other) and all(
                a is b or a == b for a, b in zip(self, other, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it changes, like a list

    def __repr__(self) -> str:
        return f"AppendOnlyList({self.to_list()!r})"

    def __reduce__(self):
        return (AppendOnlyList, (self.to_list(),))


def as_append_only(items: Iterable[Any]) -> AppendOnlyList:
    """The items as an AppendOnlyList (a copy of a given one: never aliased)."""
    if isinstance(items, AppendOnlyList):
        return items.copy()
    return AppendOnlyList(items)


__all__ = ["BLOCK", "AppendOnlyList", "as_append_only"]
