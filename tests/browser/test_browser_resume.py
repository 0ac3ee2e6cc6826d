"""The play table's game kept on the learner's device (two phone readers lost a game of several rounds by following
a link and coming back): a learner plays a few moves of Козырные киты, leaves the page, opens it again and finds the
same game, told so once; "New game" then starts afresh and the device keeps that one instead; a kept record that is
not a game of this table is dropped and the page works."""

from __future__ import annotations

from tutor.core.i18n import text

from test_browser_play import press_and_wait
from test_site import open_part
from voila_harness import new_context

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
GAME, LANG = "trump_whales", "ru"
KEPT = f"() => (JSON.parse(localStorage.getItem('tutor.table') || '{{}}') || {{}})['{GAME}/{LANG}'] || null"


def ui(key: str) -> str:
    return text(f"ui.{key}", LANG)


def open_table(page):
    """The lesson's play table, its part opened as a learner scrolling to it does, with its board drawn."""
    page.goto(page.server_url(f"{GAME}.{LANG}.ipynb"))
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    table = open_part(page, text("ui.lazy.play", LANG, game="").split("«")[0], ".tutor-play:not(.tutor-your-turn)")
    table.locator(".tutor-svg svg").first.wait_for(state="visible")
    return table


def end_film(page, table) -> None:
    """Go on past a film the table plays (its summaries included) to the learner's own move."""
    film, caption = table.locator(".tutor-film").first, table.locator(".tutor-film-caption").first
    # the page has answered the kept game: its film plays, or the note that it was picked up shows
    page.wait_for_function("(root) => !root.querySelector('.tutor-film').hidden"
                           " || !!root.querySelector('.tutor-resumed')", arg=table.element_handle(), timeout=90_000)
    for _ in range(60):
        if not film.is_visible():
            return
        said = caption.inner_text()
        skip = table.locator(".tutor-film-skip").first
        (skip if skip.is_visible() else table.locator(".tutor-film-next").first).evaluate("(b) => b.click()")
        # the next frame comes from the kernel: waited for (its caption, or the film's end), however busy the machine
        page.wait_for_function("([f, c, was]) => f.hidden || c.textContent !== was",
                               arg=[film.element_handle(), caption.element_handle(), said], timeout=30_000)
    assert not film.is_visible(), "the film did not end"


def play_moves(page, table, moves: int) -> None:
    """`moves` of the learner's offered moves, the first offered each time (the bots answer in between)."""
    for _ in range(moves):
        offered = table.locator("button.tutor-action:not(.tutor-action-unavailable):not([disabled])")
        offered.first.wait_for(state="visible")
        press_and_wait(page, table, offered.first)


def test_a_game_left_is_found_again_and_a_new_one_replaces_it(voila_server, browser):
    context = new_context(browser, **PHONE)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.server_url = voila_server.render_url
    try:
        table = open_table(page)
        play_moves(page, table, 3)
        kept = page.evaluate(KEPT)
        assert kept and kept["game"] == GAME and len(kept["actions"]) == 3, kept
        # no position in it: the deal's seed, the seats and the learner's own moves (their own cards only)
        assert set(kept) == {"v", "game", "seed", "deal", "players", "seat", "hotseat", "actions"}, kept
        assert all(a["player"] == kept["seat"] == 0 for a in kept["actions"]), kept["actions"]
        board = table.locator(".tutor-svg").first.inner_html()

        # the learner leaves (a link, a call) and comes back: the same game, said once
        page.goto("about:blank")
        table = open_table(page)
        # at the learner's own move; where the others' turns since it ended a trick, they are kept to be seen again,
        # and the note says how (a reload mid-film lost a round's summary for good, two readers, stop 58; played
        # again by itself it put the page a round behind, two readers, stop 59)
        end_film(page, table)
        note = table.locator(".tutor-resumed")
        note.wait_for(state="visible")
        assert note.inner_text() in (ui("resumed"), f'{ui("resumed")} {ui("resumed_film")}'), note.inner_text()
        if ui("resumed_film") in note.inner_text():
            assert table.locator(".tutor-see-again").is_visible()
        assert table.locator(".tutor-svg").first.inner_html() == board, "the game came back different"
        assert page.evaluate(KEPT)["actions"] == kept["actions"]

        # a move on: the note goes, the device keeps the longer game
        play_moves(page, table, 1)
        assert table.locator(".tutor-resumed").count() == 0
        assert page.evaluate(KEPT)["actions"][:3] == kept["actions"] and len(page.evaluate(KEPT)["actions"]) == 4

        # "New game": the device keeps the new one, and a visit after it finds no old game
        new = table.get_by_role("button", name=ui("new"), exact=True)
        new.click()             # a game under way: the first tap asks (ui new.sure), the second deals
        press_and_wait(page, table, table.get_by_role("button", name=ui("new.sure"), exact=True))
        fresh = page.evaluate(KEPT)
        assert fresh["actions"] == [] and fresh["deal"] == kept["deal"] + 1
        page.goto("about:blank")
        table = open_table(page)
        table.locator(".tutor-actions button").first.wait_for(state="visible")
        assert table.locator(".tutor-resumed").count() == 0

        # a kept record that is no game of this table (edited, old, another's): dropped, the fresh game plays
        page.evaluate("(r) => localStorage.setItem('tutor.table', JSON.stringify(r))",
                      {f"{GAME}/{LANG}": {**kept, "actions": [{"type": "play", "player": 0, "card": "nonsense"}]}})
        page.goto("about:blank")
        table = open_table(page)
        page.wait_for_function(f"() => ({KEPT})() && ({KEPT})().actions.length === 0")
        assert table.locator(".tutor-resumed").count() == 0 and table.locator(".tutor-error-box").count() == 0
        play_moves(page, table, 1)
    finally:
        context.close()
