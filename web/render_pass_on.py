"""The "Pass on" part of the hand-over screen: the link for the next player (pure markup).

Shown inside the hand-over dialog (``render_screens.handover_html``), where nobody's
secrets are on screen. Before it is asked for, one button; then the link in a
read-only field with a Copy button, and a plain warning that the link holds the
whole game, hidden cards included, so it is for friends only.
"""

from __future__ import annotations

from markup import Markup, html
from strings import text


def pass_on_html(name: str, url: str | None, status: str, lang: str) -> Markup:
    """``name``: the player the link is for; ``url``: the link once asked for (None:
    the button that asks); ``status``: what the Copy button did ("" before a copy)."""
    warning = html(
        '<p class="pass-warning" id="pass-warning">{warning}</p>',
        warning=text("passon.warning", lang),
    )
    if url is None:
        return html(
            '<div class="pass-on" id="pass-on">'
            '<button type="button" data-cmd="pass-on" id="pass-on-open">{open}</button>'
            '<p class="pass-hint">{hint}</p></div>',
            open=text("passon.button", lang),
            hint=text("passon.hint", lang),
        )
    return html(
        '<div class="pass-on" id="pass-on" data-shown="1">'
        '<h3 id="pass-title">{title}</h3><p>{body}</p>'
        '<p class="pass-field"><label for="pass-link">{label}</label> '
        '<input id="pass-link" readonly value="{url}" spellcheck="false"> '
        '<button type="button" class="primary" data-cmd="pass-copy" id="pass-copy">{copy}</button>'
        '</p><p class="pass-status" role="status" id="pass-status">{status}</p>{warning}</div>',
        title=text("passon.title", lang, name=name),
        body=text("passon.body", lang, name=name),
        label=text("passon.field", lang),
        url=url,
        copy=text("passon.copy", lang),
        status=status,
        warning=warning,
    )


def received_html(name: str, lang: str) -> Markup:
    """Under the hand-over of a game just opened from a pass-on link: whose turn it is."""
    return html(
        '<div class="pass-on" id="pass-received"><p>{line}</p>{warning}</div>',
        line=text("passon.received", lang, name=name),
        warning=html(
            '<p class="pass-warning" id="pass-warning">{warning}</p>',
            warning=text("passon.warning", lang),
        ),
    )
