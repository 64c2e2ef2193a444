"""The rules reference beside the board: opened at a paragraph, searched, closed.

Runs in the browser only (``js``). The panel (``#rules``, markup from
``rules_reference``) stands beside the board on a large screen and is a sheet from
the bottom on a phone; the game goes on under it. Opening it focuses the paragraph
asked for (and ``body[data-rule]`` names it); Escape or its close button closes it
and the focus goes back to the "?" that opened it.
"""

from __future__ import annotations

from markup import Markup
from page_dom import document, el
from rules_data import PARAGRAPHS
from rules_reference import count_text, matching, reference_html

FRAME = Markup(
    '<aside id="rules" class="rules-panel" role="dialog" aria-labelledby="rules-title" hidden>'
    "</aside>"
)


class RulesPanel:
    """The reference's panel: which language it is drawn in, and where it was opened from."""

    def __init__(self) -> None:
        self.lang: str | None = None
        self.opener = None
        self.shown: str | None = None

    @property
    def open(self) -> bool:
        return self.shown is not None

    def install(self) -> None:
        document.body.insertAdjacentHTML("beforeend", FRAME)

    def _draw(self, lang: str) -> None:
        if self.lang != lang:
            el("rules").innerHTML = reference_html(lang)
            self.lang = lang

    def show(self, paragraph: str | None, opener, lang: str) -> None:
        """Open the reference at ``paragraph`` (the search is cleared so it is shown)."""
        if paragraph not in PARAGRAPHS:
            paragraph = PARAGRAPHS[0]
        self._draw(lang)
        if not self.open or opener is not None and not el("rules").contains(opener):
            self.opener = opener  # a link inside the panel keeps the first opener
        box = el("rules")
        search = el("rules-search")
        if search.value:
            search.value = ""
            self.search("", lang)
        for node in box.querySelectorAll(".rule.current"):
            node.classList.remove("current")
        box.hidden = False
        self.shown = paragraph
        document.body.dataset.rule = paragraph
        article = box.querySelector(f'[data-para="{paragraph}"]')
        article.classList.add("current")
        article.scrollIntoView(True)
        article.focus()

    def close(self) -> None:
        if not self.open:
            return
        el("rules").hidden = True
        self.shown = None
        document.body.dataset.rule = ""
        opener, self.opener = self.opener, None
        if opener is not None and opener.isConnected:
            opener.focus()

    def search(self, query: str, lang: str) -> None:
        """Show only the paragraphs (and chapters) that hold every word typed."""
        found = set(matching(query, lang))
        box = el("rules")
        for node in box.querySelectorAll("[data-para]"):
            node.hidden = str(node.getAttribute("data-para")) not in found
        for chapter in box.querySelectorAll(".rules-chapter"):
            chapter.hidden = not chapter.querySelector("[data-para]:not([hidden])")
        el("rules-count").textContent = count_text(len(found), lang)

    def relabel(self, lang: str) -> None:
        """After a language switch: the open reference in the new language, same paragraph."""
        if self.open and self.lang != lang:
            shown, opener = self.shown, self.opener
            self.show(shown, opener, lang)
