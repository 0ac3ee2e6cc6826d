"""Козырные киты's running score and first-game tips for the play table (GameUI.score_panel and GameUI.tips, issue
#34); its summaries are summary.py, its coach coach.py.

The score panel is a small table a phone shows whole: for each player the pearls this round (cards on the pearl
pile and points noted on the pad), the unused bonuses, what the round would bring if it ended now, and the game
total; then what the viewer's own pile and bonuses would score (once the game is over: the final totals, the last
round's points beside them). Everything in it is open at the table (a pearl
pile's size, the bonuses lying face up), so every player's round is counted, not only the viewer's."""

from __future__ import annotations

import html
from typing import Optional

from tutor.core.i18n import player_name, text
from tutor.core.rules import cite
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.coach import pairs_text
from tutor.games.trump_whales.rules import State, pearl_points, round_points
from tutor.games.trump_whales.text import pearls_text, points_text

_T = "ui.trump_whales.table."
_R = "trump_whales:"
TIPS = ("token", "reward", "kept", "pairs", "five")     # ui.trump_whales.table.tip.<name>, in the order told


def esc(words: object) -> str:
    return html.escape(str(words), quote=True)


def score_panel(state: State, viewer: Optional[int], lang: str = "en") -> str:
    """The running score (HTML): a row per player, the viewer's first and marked, and the viewer's own round."""
    n = state.players
    pearls, points = pearl_points(state), round_points(state)
    # the tricks played, not the one under way: "trick 2 of 8" under "Trick 1: Player 2 wins it" read as after trick 2
    # (a reader, stop 60)
    number = min(state.tricks, C.TRICKS)
    head = "".join(f'<th scope="col">{esc(text(_T + "panel." + col, lang))}</th>'
                   for col in ("player", "pearls", "bonuses", "round", "total"))
    order = list(range(n)) if viewer is None else [(viewer + i) % n for i in range(n)]
    rows = []
    for s in order:
        you = f' <small>({esc(text("ui.you", lang))})</small>' if s == viewer else ""
        mark = ' class="you"' if s == viewer else ""
        rows.append(f'<tr data-player="{s + 1}"{mark}>'
                    f'<th scope="row">{esc(player_name(s, lang))}{you}</th>'
                    f'<td class="num">{pearls[s]}</td><td class="num">{len(state.bonuses[s])}</td>'
                    f'<td class="num">{points[s]}</td><td class="num"><b>{state.scores[s]}</b></td></tr>')
    # once the game is over the last round is in the totals: no "if the round ended now"
    title = (text(_T + "panel.title_over", lang) if state.over
             else text(_T + "panel.title", lang, round=state.round, n=number, total=C.TRICKS))
    out = [f'<h4>{esc(title)}</h4>',
           f'<div class="tutor-score"><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
           f"</table></div>"]
    lines = []
    if viewer is not None and not state.over:
        unused = len(state.bonuses[viewer])
        lines.append((text(_T + "panel.yours", lang, points=points_text(points[viewer], lang),
                           pearls=pearls_text(pearls[viewer], lang), unused=unused,
                           pairs=pairs_text(unused // C.BONUS_PAIR, lang)), _R + "round-end"))
    if not state.over:
        lines.append((text(_T + "panel.target", lang, target=points_text(C.TARGET, lang)), _R + "game-end"))
    if lines:
        out.append("<ul>" + "".join(f'<li data-rule="{esc(rule)}">{esc(words)} <span class="tutor-cite">'
                                    f'{esc(cite(rule, lang))}</span></li>' for words, rule in lines) + "</ul>")
    return "".join(out)


def tips(lang: str = "en") -> list[str]:
    """Five things a club teacher tells a newcomer before the first game, the numbers from the components."""
    low, high = C.TOKEN_SIDES
    return [text(_T + "tip." + name, lang, low=low, high=high) for name in TIPS]
