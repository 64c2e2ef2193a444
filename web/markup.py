"""The page's one way to build HTML: every value is escaped unless it is already markup.

Pure Python, standard library only (the role MarkupSafe plays for Jinja, in a few lines:
no package to load in the page). ``Markup`` is a ``str`` that is known to be safe HTML;
``html(template, **values)`` fills a template's ``{name}`` fields, escaping each value
that is not ``Markup`` (text, numbers, attribute values alike: quotes are escaped too),
and returns ``Markup``. ``join`` joins pieces the same way. A template is written in
the code, never taken from outside.

>>> html('<b title="{tip}">{name}</b>', tip='say "hi"', name="<script>")
Markup('<b title="say &quot;hi&quot;">&lt;script&gt;</b>')
>>> html("<p>{inner}</p>", inner=html("<i>{x}</i>", x="&"))
Markup('<p><i>&amp;</i></p>')
>>> join([html("<li>{n}</li>", n=n) for n in (1, 2)] + ["<3"])
Markup('<li>1</li><li>2</li>&lt;3')
>>> html("<button{a}>", a=attrs(type="button", data_part="top:1", title=None, disabled=True))
Markup('<button type="button" data-part="top:1" disabled>')
>>> html("{n:.1f} {c!r}", n=2, c="<")
Markup('2.0 &#x27;&lt;&#x27;')
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterable
from html import escape as _escape
from html import unescape


class Markup(str):
    """Safe HTML (built here, or a constant written in the code)."""

    __slots__ = ()

    def __add__(self, other: object) -> Markup:
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: object) -> Markup:
        return Markup(str.__add__(escape(other), self))

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


def escape(value: object) -> Markup:
    """A value as HTML text: ``Markup`` stays as it is, anything else is escaped."""
    if isinstance(value, Markup):
        return value
    return Markup(_escape(str(value), quote=True))


class _Escaping(string.Formatter):
    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Markup):
            return value if not format_spec else escape(format(str(value), format_spec))
        return escape(format(value, format_spec))

    def convert_field(self, value: object, conversion: str | None) -> object:
        converted = super().convert_field(value, conversion)
        return converted if conversion is None else str(converted)


_FORMATTER = _Escaping()
_CONVERSIONS = {"r": repr, "s": str, "a": ascii}


@functools.lru_cache(maxsize=1024)
def _fields(template: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """A template cut into (text, field name, format spec, conversion) once, or None
    when a field is more than a plain name (then ``string.Formatter`` fills it)."""
    parts = tuple(_FORMATTER.parse(template))
    for _, name, spec, _ in parts:
        if name is not None and (not name.isidentifier() or "{" in (spec or "")):
            return None
    return parts


def html(template: str, /, **values: object) -> Markup:
    """The template with every ``{name}`` filled in, escaped unless it is ``Markup``.

    The same as ``string.Formatter`` with every field escaped, with the template cut
    into its fields only once (the page builds thousands of elements per click)."""
    parts = _fields(template)
    if parts is None:
        return Markup(_FORMATTER.vformat(template, (), values))
    out = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        value = values[name]
        if conversion:
            value = str(_CONVERSIONS[conversion](value))
        if isinstance(value, Markup) and not spec:
            out.append(value)
        else:
            out.append(
                _escape(
                    format(value if not isinstance(value, Markup) else str(value), spec), quote=True
                )
            )
    return Markup("".join(out))


def join(pieces: Iterable[object], separator: str = "") -> Markup:
    """Pieces one after another (each escaped unless it is ``Markup``)."""
    return Markup(escape(separator).join(escape(p) for p in pieces))


def attrs(**values: object) -> Markup:
    """`` name="value"`` pairs (``data_part`` is written ``data-part``; ``class_`` is
    ``class``); None and False leave the attribute out, True writes it bare."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{escape(value)}"')
    return Markup("".join(out))


#: A start or end tag. Attribute values are in double quotes (``html`` escapes every
#: quote in a value), where a ">" may stand.
TAG = re.compile(r"""<(/?)([A-Za-z][\w:-]*)([^>"]*(?:"[^"]*"[^>"]*)*)>""")
#: HTML elements without an end tag.
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)


def top_elements(markup: str) -> list[tuple[str, str, str]] | None:
    """The top-level elements of ``markup``: (element's markup, its start tag, its tag
    name) each; None when text (even a space) or a comment stands between them, or an
    element is not closed, so the markup cannot be matched child for child.

    An element's end is found by its own tag name alone (the start and end tags of
    that name within it are counted), so the tags of other names inside it are not
    looked at one by one: the markup is the page's own (``html`` escapes every ``<``
    and ``>`` in text and values), and how an element's content nests is looked at
    when it is split in turn.

    >>> [m for m, _, _ in top_elements('<b class="x">1</b><svg><use href="#a"/></svg><br>')]
    ['<b class="x">1</b>', '<svg><use href="#a"/></svg>', '<br>']
    >>> top_elements("<b>1</b> <i>2</i>") is None
    True
    """
    found: list[tuple[str, str, str]] = []
    position, size = 0, len(markup)
    while position < size:
        match = TAG.match(markup, position)
        if match is None or match.group(1):
            return None  # text, a comment or an end tag where an element should start
        start_tag, name = match.group(0), match.group(2)
        end = match.end()
        if not (match.group(3).rstrip().endswith("/") or name.lower() in VOID):
            end = _element_end(markup, name, end)
            if end < 0:
                return None
        found.append((markup[position:end], start_tag, name))
        position = end
    return found


def _element_end(markup: str, name: str, position: int) -> int:
    """Where the element named ``name``, whose start tag ends at ``position``, ends (past
    its end tag), counting the elements of the same name opened inside it; -1 if it
    does not end."""
    opening, closing = "<" + name, "</" + name + ">"
    depth = 1
    while True:
        close = markup.find(closing, position)
        if close < 0:
            return -1
        inner = markup.find(opening, position, close)
        while inner >= 0:
            nested = TAG.match(markup, inner)
            if nested is not None and nested.group(2) == name:
                if not nested.group(3).rstrip().endswith("/"):
                    depth += 1
                position = nested.end()
            else:
                position = inner + len(opening)
            inner = markup.find(opening, position, close)
        depth -= 1
        position = close + len(closing)
        if depth == 0:
            return position


#: An attribute in a start tag: a name, and a value in double quotes or none.
ATTRIBUTE = re.compile(r'([^\s=/>"]+)(?:="([^"]*)")?')


def attributes_of(start_tag: str) -> dict[str, str]:
    """The attributes of a start tag, their values unescaped.

    >>> attributes_of('<g class="stack lit" data-at="r1c3" hidden>')
    {'class': 'stack lit', 'data-at': 'r1c3', 'hidden': ''}
    """
    body = start_tag[1:-1].rstrip("/")
    name_end = len(body.split(None, 1)[0])
    found = ATTRIBUTE.findall(body[name_end:])
    return {name: unescape(value) for name, value in found}
