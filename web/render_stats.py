"""The statistics screen and its CSV download (pure markup, built through ``markup``).

The rows come from ``stats.StatsBook.rows()``: one per human seat of each game
finished in this browser. The screen shows games played and won by faction, by mat
and by opponent level; the CSV (a ``data:`` link with ``download``) holds the rows.
"""

from __future__ import annotations

from markup import Markup, html, join
from stats import COLUMNS, HUMANS_ONLY, Row, csv_text, tally
from strings import text

from scythe_core.data.automa_cards import LEVELS

GROUPS = ("faction", "mat", "opponents")
#: Characters a URL carries as they are (RFC 3986's unreserved ones).
UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
CSV_NAME = "scythe-statistics.csv"


def value_words(column: str, value: object, lang: str) -> str:
    """A value of a statistics column in words (factions, mats, opponents, won)."""
    if column == "faction":
        return text(f"faction.{value}", lang)
    if column == "mat":
        return text(f"mat.{value}", lang)
    if column == "won":
        return text("stats.yes" if value else "stats.no", lang)
    if column == "opponents":
        return " + ".join(_opponent_words(part, lang) for part in str(value).split("+"))
    return str(value)


def _opponent_words(kind: str, lang: str) -> str:
    if kind == HUMANS_ONLY:
        return text("stats.humans", lang)
    controller, _, level = kind.partition(".")
    if controller == "automa" and level in LEVELS:
        return text(f"level.{level}", lang)
    return text("stats.bot", lang, level=level or controller)


def csv_href(rows: list[Row], lang: str) -> str:
    """The rows as a CSV file in a ``data:`` URL (UTF-8 with a byte-order mark, so
    spreadsheets read the Dutch and the dashes right)."""
    header = [text(f"stats.col.{column}", lang) for column in COLUMNS]
    body = csv_text(rows, header, lambda column, value: value_words(column, value, lang))
    return "data:text/csv;charset=utf-8," + percent_encoded("\ufeff" + body)


def percent_encoded(value: str) -> str:
    """``value`` as UTF-8 with every byte but the unreserved ones written ``%XX`` (as
    ``urllib.parse.quote(value, safe="")``, without importing urllib at start-up).

    >>> percent_encoded("a b/é~")
    'a%20b%2F%C3%A9~'
    """
    return "".join(chr(b) if b in UNRESERVED else f"%{b:02X}" for b in value.encode())


def _table(rows: list[Row], by: str, lang: str) -> Markup:
    lines = join(
        html(
            '<tr data-key="{key}"><th scope="row">{name}</th><td data-col="played">{played}</td>'
            '<td data-col="won">{won}</td><td data-col="share">{share}</td></tr>',
            key=value,
            name=value_words(by, value, lang),
            played=played,
            won=won,
            share=text("stats.share", lang, share=round(100 * won / played)),
        )
        for value, played, won in tally(rows, by)
    )
    return html(
        '<section class="stats-group"><h3 id="stats-by-{by}">{title}</h3>'
        '<table class="stats-table" data-by="{by}" aria-labelledby="stats-by-{by}"><thead><tr>'
        '<th scope="col">{what}</th><th scope="col">{played}</th><th scope="col">{won}</th>'
        '<th scope="col">{share}</th></tr></thead><tbody>{lines}</tbody></table></section>',
        by=by,
        title=text(f"stats.by.{by}", lang),
        what=text(f"stats.col.{by}", lang),
        played=text("stats.col.played", lang),
        won=text("stats.col.won", lang),
        share=text("stats.col.share", lang),
        lines=lines,
    )


def stats_screen_html(
    rows: list[Row] | None,
    lang: str,
    problem: str = "",
    skipped: int = 0,
    message: str = "",
    games: int = 0,
) -> Markup:
    """The statistics screen (a dialog over the board). ``rows`` None: the stored
    statistics cannot be read, and ``problem`` says why (with a button for new ones)."""
    notes = []
    if problem:
        notes.append(
            html(
                '<div class="stats-problem" role="alert" id="stats-problem"><p class="error">'
                "{problem}</p><p>{kept}</p>"
                '<button type="button" data-cmd="stats-reset" id="stats-reset">{reset}</button>'
                "</div>",
                problem=text("stats.damaged", lang, error=problem),
                kept=text("stats.kept", lang),
                reset=text("stats.reset", lang),
            )
        )
    if skipped:
        notes.append(
            html(
                '<p class="notice" id="stats-skipped">{s}</p>',
                s=text("stats.skipped", lang, n=skipped),
            )
        )
    if message:
        notes.append(html('<p class="notice" role="status" id="stats-message">{m}</p>', m=message))
    body: Markup = Markup("")
    download: Markup = Markup("")
    if rows is not None and not rows:
        body = html('<p id="stats-none">{none}</p>', none=text("stats.none", lang))
    elif rows:
        won = sum(row.won for row in rows)
        body = html(
            '<p id="stats-total" class="stats-total"><span id="stats-games">{games}</span> '
            '<span id="stats-results">{total}</span></p>{tables}',
            games=text("stats.games", lang, n=games),
            total=text("stats.total", lang, n=len(rows), won=won),
            tables=join(_table(rows, by, lang) for by in GROUPS),
        )
        download = html(
            '<a class="button" id="stats-csv" download="{name}" href="{href}">{label}</a> ',
            name=CSV_NAME,
            href=csv_href(rows, lang),
            label=text("stats.csv", lang),
        )
    return html(
        '<div class="saves-screen stats-screen" role="dialog" aria-modal="true" '
        'aria-labelledby="stats-title">'
        '<h2 id="stats-title">{title}</h2><p class="stats-intro">{intro}</p>{notes}{body}'
        '<p class="saves-foot">{download}'
        '<button type="button" data-cmd="close-stats" id="close-stats">{close}</button></p>'
        "</div>",
        title=text("stats.title", lang),
        intro=text("stats.intro", lang),
        notes=join(notes),
        body=body,
        download=download,
        close=text("saves.close", lang),
    )


def stats_button_html(lang: str) -> Markup:
    """The button that opens the statistics (on the new-game and saved-games screens)."""
    return html(
        '<button type="button" data-cmd="stats" id="open-stats" title="{tip}">{label}</button>',
        tip=text("stats.open.tip", lang),
        label=text("stats.open", lang),
    )
