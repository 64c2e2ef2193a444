"""The page redraws only what changed: the markup of every region splits into its
elements one for one (``markup.top_elements``), so ``page_dom.Regions`` can match them
with the page's and draw again only the ones that differ.

Pure Python: the regions' real markup, from a seeded game played through ``Session``.
"""

from __future__ import annotations

import random

import choice_steps
import render_decision
import render_mat
import render_pieces
import render_players
from board_layout import BoardLayout
from markup import TAG, VOID, top_elements
from mat_targets import mat_targets
from names import hex_label
from session import Session

from scythe_core.data.board import board_summary
from scythe_core.io.ui_helpers import mat_sections

LAYOUT = BoardLayout(board_summary()["hexes"])


def regions_of(session: Session) -> dict[str, str]:
    view, legal, seat = session.view(), session.legal(), session.viewer
    tops = {row["index"]: row["top"] for row in mat_sections(view["players"][seat])}
    kind = str(view["pending"].get("kind"))
    targets = mat_targets(kind, legal, None, tops, None) if legal and kind != "section" else {}
    return {
        "pieces": render_pieces.pieces_svg(view, LAYOUT, {}, "en"),
        "players": render_players.players_html(view, seat, session.scores(), "en", True),
        "mat-box": render_mat.own_mat_html(
            view, seat, targets, session.held(seat), hex_label, "en", None
        ),
        "decision": render_decision.decision_html(view, seat, legal, "en"),
    }


def split_all(markup: str, depth: int) -> int:
    """Check that every level splits back into exactly its markup; count the elements."""
    parts = top_elements(markup)
    if parts is None or depth == 0:
        return 0
    assert "".join(part for part, _, _ in parts) == markup
    count = len(parts)
    for part, start_tag, name in parts:
        end = f"</{name}>"
        assert part.startswith(start_tag)
        if part.endswith(end):
            count += split_all(part[len(start_tag) : -len(end)], depth - 1)
    return count


def test_every_region_splits_into_its_elements_at_every_level():
    session = Session({"seed": 5, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    choices = random.Random(5)
    seen: dict[str, int] = {}
    for _ in range(120):
        if session.game_over:
            break
        if not session.play_automa():
            for name, markup in regions_of(session).items():
                seen[name] = max(seen.get(name, 0), split_all(markup, 4))
            session.act(choices.choice(session.legal()))
    # Each region is matched element by element, not redrawn whole.
    assert all(count >= 3 for count in seen.values()), seen


def test_text_or_unbalanced_tags_at_a_level_are_not_split():
    assert top_elements("<b>1</b> <i>2</i>") is None
    assert top_elements("text<b>1</b>") is None
    assert top_elements("<b>1</i>") is None
    assert top_elements("<b><i>1</i>") is None
    assert top_elements("<!-- note --><b>1</b>") is None
    assert top_elements('<a title="x>y">1</a><br><use href="#s"/>') == [
        ('<a title="x>y">1</a>', '<a title="x>y">', "a"),
        ("<br>", "<br>", "br"),
        ('<use href="#s"/>', '<use href="#s"/>', "use"),
    ]


def split_tag_by_tag(markup: str) -> list[tuple[str, str, str]] | None:
    """``top_elements`` as a scan of every tag (checking how all of them nest): what
    the quicker split must agree with on the page's markup."""
    found, open_tags, start, start_tag, name, done = [], [], 0, "", "", 0
    for match in TAG.finditer(markup):
        closing, tag, rest = match.groups()
        if not open_tags:
            if closing or match.start() != done:
                return None
            start, start_tag, name = match.start(), match.group(0), tag
        if closing:
            if open_tags.pop() != tag:
                return None
        elif not (rest.rstrip().endswith("/") or tag.lower() in VOID):
            open_tags.append(tag)
        if not open_tags:
            found.append((markup[start : match.end()], start_tag, name))
            done = match.end()
    return found if not open_tags and done == len(markup) else None


def same_split_everywhere(markup: str, depth: int) -> int:
    """Check ``top_elements`` against the tag-by-tag scan here and in every element."""
    parts = top_elements(markup)
    assert parts == split_tag_by_tag(markup)
    if parts is None or depth == 0:
        return 1
    checked = 1
    for part, start_tag, name in parts:
        end = f"</{name}>"
        if part.endswith(end) and len(part) > len(start_tag):
            checked += same_split_everywhere(part[len(start_tag) : -len(end)], depth - 1)
    return checked


def test_the_quick_split_agrees_with_a_scan_of_every_tag():
    """Every region's markup, at every level, over a seeded game: the split that
    follows only the element's own tag name finds what a scan of every tag finds."""
    session = Session({"seed": 9, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    choices = random.Random(9)
    checked = 0
    for _ in range(100):
        if session.game_over:
            break
        if not session.play_automa():
            for markup in regions_of(session).values():
                checked += same_split_everywhere(str(markup), 6)
            session.act(choices.choice(session.legal()))
    assert checked > 1000, checked
    nested = '<g class="a"><g/><g id="b"><gx></gx></g><g></g></g><g></g>'
    assert top_elements(nested) == split_tag_by_tag(nested)
    assert len(top_elements(nested)) == 2


def test_the_panels_and_pieces_are_drawn_from_their_inputs_alone():
    """The page skips drawing the pieces, the players' panels and the mat when what
    they are drawn from is unchanged (``Regions.set_drawn``): over a seeded game, the
    positions with the same inputs (and different views) draw the same markup."""
    session = Session(
        {
            "seed": 4,
            "seats": [{"controller": "human"}, {"controller": "human"}, {"controller": "automa"}],
        }
    )
    choices = random.Random(4)
    drawn: dict[str, dict[str, tuple[str, str]]] = {"pieces": {}, "players": {}, "mat": {}}
    differing_views = 0
    for _ in range(160):
        if session.game_over:
            break
        if session.play_automa():
            continue
        if session.handover:
            session.finish_handover()
        view, seat, scores = session.view(), session.viewer, session.scores()
        held = session.held(seat)
        marks = {h: "target" for h in sorted(view["resources"])[:2]}
        player = view["players"][seat]
        for name, inputs, markup in (
            (
                "pieces",
                (render_pieces.pieces_inputs(view), marks),
                render_pieces.pieces_svg(view, LAYOUT, marks, "en"),
            ),
            (
                "players",
                (render_players.players_inputs(view), seat, scores),
                render_players.players_html(view, seat, scores, "en", True),
            ),
            (
                "mat",
                (player, seat, held),
                render_mat.own_mat_html(view, seat, {}, held, hex_label, "en", None),
            ),
        ):
            key, seen = repr(inputs), drawn[name]
            if key in seen:
                assert seen[key][0] == markup, name
                differing_views += seen[key][1] != repr(view)
            else:
                seen[key] = (markup, repr(view))
        session.act(choices.choice(session.legal()))
    assert differing_views > 20, differing_views


def test_the_players_panels_kept_from_the_last_draw_are_the_ones_drawn_afresh():
    """``players_html`` with the panels of its last call: the same markup as drawn
    afresh, decision after decision of a seeded game, in both languages; and a panel
    is taken over now and then (the other seats' during one seat's turn)."""
    session = Session({"seed": 6, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    choices = random.Random(6)
    drawn: dict = {}
    taken_over = 0
    for step in range(150):
        if session.game_over:
            break
        if session.play_automa():
            continue
        view, seat, scores = session.view(), session.viewer, session.scores()
        lang = "nl" if step % 7 == 0 else "en"
        before = dict(drawn)
        kept = render_players.players_html(view, seat, scores, lang, True, drawn)
        assert kept == render_players.players_html(view, seat, scores, lang, True)
        taken_over += len(before.keys() & drawn.keys())
        assert len(drawn) == len(view["turn_order"])
        session.act(choices.choice(session.legal()))
    assert taken_over > 20, taken_over


def test_the_mat_parts_kept_from_the_last_draw_are_the_ones_drawn_afresh():
    """``own_mat_html`` with the parts of its last draws: the same markup as drawn
    afresh, step after step of a seeded game with the decision's lit parts
    (``mat_targets``), in both languages, the chosen section too; and parts are taken
    over more often than not (a click changes a section or two, not the whole mat)."""
    session = Session({"seed": 8, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    choices = random.Random(8)
    drawn: dict = {}
    kept_parts = drawn_parts = 0
    for step in range(200):
        if session.game_over:
            break
        if session.play_automa():
            continue
        view, seat, legal = session.view(), session.viewer, session.legal()
        lang = "nl" if step % 9 == 0 else "en"
        player = view["players"][seat]
        tops = {row["index"]: row["top"] for row in mat_sections(player)}
        kind = str(view["pending"].get("kind"))
        after = {a: session.legal_after(a) for a in legal} if kind == "section" else None
        step_now = choice_steps.current(legal, choice_steps.Choice())
        targets = mat_targets(kind, legal, step_now, tops, after)
        chosen = view.get("turn", {}).get("section")
        held = session.held(seat)
        before = {key: part[2] for key, part in drawn.items()}
        kept = render_mat.own_mat_html(view, seat, targets, held, hex_label, lang, chosen, drawn)
        assert kept == render_mat.own_mat_html(view, seat, targets, held, hex_label, lang, chosen)
        kept_parts += sum(drawn[key][2] is markup for key, markup in before.items())
        drawn_parts += len(drawn)
        session.act(choices.choice(legal))
    assert kept_parts > drawn_parts / 2, (kept_parts, drawn_parts)


def test_the_pieces_kept_from_earlier_draws_are_the_ones_drawn_afresh():
    """``pieces_svg`` with the pieces, stacks and highlights of its earlier draws: the
    same markup as drawn afresh over a seeded game, in both languages, with changing
    highlights; most parts of a draw are taken from the earlier ones, not drawn again."""
    session = Session({"seed": 5, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    choices = random.Random(5)
    drawn: dict = {}
    parts = new_parts = 0
    for step in range(200):
        if session.game_over:
            break
        if session.play_automa():
            continue
        view = session.view()
        lang = "nl" if step % 11 == 0 else "en"
        marks = {h: "target" for h in sorted(view["resources"])[: step % 3]}
        known = len(drawn)
        kept = render_pieces.pieces_svg(view, LAYOUT, marks, lang, None, drawn)
        assert kept == render_pieces.pieces_svg(view, LAYOUT, marks, lang)
        parts += sum(kept.count(s) for s in ('<g class="stack"', '<g class="piece', "<polygon"))
        new_parts += len(drawn) - known
        session.act(choices.choice(session.legal()))
    assert 0 < new_parts < parts / 4, (new_parts, parts)
