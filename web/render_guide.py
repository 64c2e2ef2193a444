"""The guided first game's markup: the offer on the new-game screen and the step card.

Pure Python; markup only through ``markup`` (every value escaped). The card holds the
step's title and a few lines, then Next (for a step that only explains), Skip step and
Leave the guide; its words come from the page catalogue (``guide.<step>.title`` and
``guide.<step>.text``, with the hexes named as everywhere on the page).
"""

from __future__ import annotations

from guided_game import Step, step_number, step_values, words_key
from markup import Markup, attrs, html
from names import hex_label
from strings import text


def offer_html(lang: str) -> Markup:
    """The new-game screen's "Learn by playing" offer."""
    return html(
        '<div class="guide-offer" id="guide-offer"><p>{lead}</p>'
        '<p><button type="button" class="primary" data-cmd="guide-start" id="guide-start">'
        "{start}</button></p></div>",
        lead=text("guide.offer.lead", lang),
        start=text("guide.offer.start", lang),
    )


def card_html(step: Step, lang: str, star_seat: int | None = None, card: object = None) -> Markup:
    """The card of the step shown now (``card``: the encounter card being decided)."""
    values = step_values(lambda hid: hex_label(hid, lang))
    key = words_key(step, star_seat, card)
    place, total = step_number(step)
    if step.ack:  # explained only: Next instead of Skip step
        first = html(
            '<button type="button" class="primary" data-cmd="guide-next" id="guide-next">'
            "{label}</button> ",
            label=text("guide.next", lang),
        )
    else:
        first = html(
            '<button type="button" data-cmd="guide-skip" id="guide-skip">{label}</button> ',
            label=text("guide.skip", lang),
        )
    return html(
        '<section class="guide-card" id="guide-card" aria-labelledby="guide-title"{a}>'
        '<p class="guide-count">{count}</p><h2 id="guide-title">{title}</h2><p>{body}</p>'
        '<p class="guide-buttons">{first}<button type="button" data-cmd="guide-leave" '
        'id="guide-leave">{leave}</button></p></section>',
        a=attrs(data_step=step.id),
        count=text("guide.count", lang, n=place, total=total),
        title=text(f"guide.{key}.title", lang, **values),
        body=text(f"guide.{key}.text", lang, **values),
        first=first,
        leave=text("guide.leave", lang),
    )
