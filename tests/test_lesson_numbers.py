"""Numbers a lesson quotes about a component agree with the component data.

"The 5-point catfish", "a dolphin of strength 5", «сомик на 5 очков», «дельфином силы 5»: wherever a lesson
ties a number to a fish or a card, in a worked example, a quiz or the lesson page, that card exists with that
number. In a worked example or a quiz it must be one of the cards the file names (its set-up and its steps);
in the lesson page's own text, a card of the game's data. (A reviewer found a "5-point catfish" worth 3 and a
dolphin said to be strength 5 that the engine gave 6.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tutor.core.scenario import load_file
from tutor.games.aqua_fest import components as AC
from tutor.games.maui import components as MC

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"

# the words a lesson uses for a kind of component, by kind (regular expressions, both languages)
KIND_WORDS = {
    "maui": {"catfish": r"catfish|сомик\w*", "tiger": r"tiger fish|тигров\w* рыб\w*", "tuna": r"tuna|тун\w*",
             "lantern": r"lantern fish|фонарик\w*", "jellyfish": r"jellyfish|медуз\w*"},
    "aqua_fest": {"crab": r"crab|краб\w*", "octopus": r"octopus|осьминог\w*",
                  "seahorse": r"flying fish|летуч\w* рыб\w*", "turtle": r"turtle|черепах\w*",
                  "dolphin": r"dolphin|дельфин\w*"},
}
# how a number is tied to such a word: {k} is the kind's words, the number is the group named n
CLAIMS = {
    "maui": [r"(?P<n>-?\d+)-point (?:{k})", r"(?:{k}) \((?P<n>-?\d+)\)", r"(?:{k}) на (?P<n>-?\d+)\b",
             r"(?:{k}) \((?P<n>-?\d+) (?:очк|point)"],
    "aqua_fest": [r"(?:{k}) (?:of strength|\(strength|, also strength) (?P<n>\d+)",
                  r"(?:{k}),? (?:силы|\(сила|тоже силы) (?P<n>\d+)"],
}


def kind_numbers(game: str, ids) -> set:
    """(kind, number) of every component among `ids`."""
    if game == "maui":
        return {(MC.kind(i), MC.value(i)) for i in ids if i in MC.CATCH_CARDS}
    return {(AC.card(i).species, AC.card(i).strength) for i in ids if i in AC.CARDS}


def all_ids(game: str) -> set:
    return set(MC.ALL_CATCH) if game == "maui" else set(AC.ALL_CARDS)


def claims(game: str, text: str) -> list[tuple[str, int, str]]:
    """(kind, number, the words) for every number the text ties to a component."""
    out = []
    for kind, words in KIND_WORDS[game].items():
        for pattern in CLAIMS[game]:
            for m in re.finditer(pattern.format(k=words), text, flags=re.IGNORECASE):
                out.append((kind, int(m.group("n")), m.group(0)))
    return out


def ids_in(obj, game: str) -> set:
    text = json.dumps(obj, ensure_ascii=False, default=lambda o: getattr(o, "__dict__", str(o)))
    return {i for i in re.findall(r"[a-z]+(?:-[a-z]+)*-\d+", text) if i in all_ids(game)}


def texts_of(data) -> list[str]:
    """Every {lang: text} string in a scenario or quiz file."""
    out = []

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            out.append(x)
    walk({k: v for k, v in data.items() if k not in ("setup", "id", "game")})
    return out


def example_cases():
    for game in KIND_WORDS:
        for kind in ("scenarios", "quizzes"):
            for path in sorted((LESSONS / game / kind).glob("*.yaml")):
                yield pytest.param(game, path, id=f"{game}/{kind}/{path.stem}")


@pytest.mark.parametrize("game, path", list(example_cases()))
def test_numbers_in_an_example_are_its_cards(game, path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if path.parent.name == "scenarios":
        load_file(path)      # a valid example (its own tests replay it)
    # the cards the file itself names: its set-up (hands, lagoon, deck) and its steps
    have = kind_numbers(game, ids_in(data, game))
    wrong = [(words, kind, n) for text in texts_of(data) for kind, n, words in claims(game, text)
             if (kind, n) not in have]
    assert not wrong, f"{path.name}: numbers that no card of this position has: {wrong}; it has {sorted(have)}"


@pytest.mark.parametrize("game", sorted(KIND_WORDS))
def test_numbers_in_the_lesson_text_exist_in_the_data(game):
    from tutor.lesson_source import languages, path
    text = "\n".join(path(game, lang).read_text(encoding="utf-8") for lang in languages(game))
    have = kind_numbers(game, all_ids(game))
    found = claims(game, text)
    wrong = [(words, kind, n) for kind, n, words in found if (kind, n) not in have]
    assert not wrong, f"{game} lesson: numbers no card has: {wrong}"


def test_the_claims_are_read():
    assert claims("maui", "You want the 5-point catfish, not a tuna (12).") == [
        ("catfish", 5, "5-point catfish"), ("tuna", 12, "tuna (12)")]
    assert [(k, n) for k, n, _ in claims("aqua_fest", "отвечает дельфином (сила 5); a turtle of strength 7")] == [
        ("turtle", 7), ("dolphin", 5)]


# --------------------------------------------------------------------------- Aqua Fest's movements
# The creature deck is the tutor's assumption, kept in one table (aqua_fest components.DECK) for a club to correct.
# Wherever a lesson says how far a species moves ("Crab: exactly 2 cells", «дельфин… ровно на 3 клетки») the number
# is the table's, and no text still says "up to" (the rulebook's moves are exact).

AF_MOVE = r"(?:{k})[^.;\n]{{0,40}}?(?:exactly|ровно на) (?P<n>\d+)"
AF_UP_TO = r"up to \d+ cells?|до \d+ клет|\d+ to N|1–N"


def af_move_claims(text: str) -> list[tuple[str, int, str]]:
    out = []
    for species, words in KIND_WORDS["aqua_fest"].items():
        for m in re.finditer(AF_MOVE.format(k=words), text, flags=re.IGNORECASE):
            out.append((species, int(m.group("n")), m.group(0)))
    return out


def af_texts() -> list[tuple[str, str]]:
    from tutor.lesson_source import languages, path
    out = [(f"lesson.{lang}", path("aqua_fest", lang).read_text(encoding="utf-8")) for lang in languages("aqua_fest")]
    for kind in ("scenarios", "tasks", "quizzes"):
        for p in sorted((LESSONS / "aqua_fest" / kind).glob("*.yaml")):
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
            out += [(f"{kind}/{p.name}", t) for t in texts_of(data)]
    return out


def test_aqua_fest_moves_quoted_are_the_decks():
    texts = af_texts()
    wrong = [(where, words) for where, text in texts for species, n, words in af_move_claims(text)
             if n != AC.MOVES[species].reach]
    assert not wrong, f"moves the deck (aqua_fest components.DECK) does not have: {wrong}"
    up_to = [(where, m.group(0)) for where, text in texts for m in re.finditer(AF_UP_TO, text)]
    assert not up_to, f"a card moves exactly its number of cells, not up to it: {up_to}"
    for where, text in texts[:2]:      # each lesson page lists every straight-line mover with its number
        quoted = {species for species, _n, _w in af_move_claims(text)}
        assert quoted >= {s for s, m in AC.MOVES.items() if m.directions != "knight"}, (where, quoted)


def test_aqua_fest_move_claims_are_read():
    assert [(s, n) for s, n, _ in af_move_claims("- **Crab**: exactly 2 cells; «Дельфин: ровно на 3 клетки»")] == [
        ("crab", 2), ("dolphin", 3)]
    assert re.search(AF_UP_TO, "the octopus goes up to 3 cells") and re.search(AF_UP_TO, "краб — до 2 клеток")


# --------------------------------------------------------------------------- Паперові океани
# Its numbers belong to kinds, not to single cards: the collection tables, the multipliers, the winning totals
# and the 7 points that end a round. Each is read from the lesson pages and compared with the card data.

SSP_KINDS = {"shell": r"Shells|Мушлі", "octopus": r"Octopuses|Восьминоги", "penguin": r"Penguins|Пінгвіни",
             "sailor": r"Sailors|Моряки"}
SSP_MULTIPLIERS = {"lighthouse": r"Lighthouse|Маяк", "shoal_of_fish": r"Shoal of fish|Косяк риб",
                   "penguin_colony": r"Penguin colony|Колонія пінгвінів", "captain": r"Captain|Капітан"}
SSP_COUNTED = {"boat": r"boat|човник", "fish": r"fish|рибу", "penguin": r"penguin|пінгвіна", "sailor": r"sailor|моряка"}


def ssp_claims(text: str) -> dict:
    """{what: [numbers]} the text states: a collection's table row, a multiplier's points and kind."""
    out: dict = {}
    for kind, words in SSP_KINDS.items():
        for m in re.finditer(rf"^\| (?:{words}) \|([^\n]*)$", text, flags=re.M):
            out.setdefault(kind, []).append(tuple(int(x) for x in re.findall(r"\d+", m.group(1))))
    for kind, words in SSP_MULTIPLIERS.items():
        for m in re.finditer(rf"\*\*(?:{words}):\*\* (\d+) (?:points?|очк\w*) (?:for each|за кож\w+) (\w+)", text):
            counted = next(k for k, w in SSP_COUNTED.items() if re.fullmatch(w, m.group(2)))
            out.setdefault(kind, []).append((counted, int(m.group(1))))
    return out


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_sea_salt_paper_lesson_numbers_are_the_datas(lang):
    from tutor.games.sea_salt_paper import components as SC
    from tutor.lesson_source import path
    text = path("sea_salt_paper", lang).read_text(encoding="utf-8")
    found = ssp_claims(text)
    for kind, table in SC.COLLECTIONS.items():
        assert found.get(kind) == [table], (kind, found.get(kind))
    for kind, (counted, each) in SC.MULTIPLIERS.items():
        assert found.get(kind) == [(counted, each)], (kind, found.get(kind))
    t = SC.THRESHOLDS
    totals = {"en": f"{t[2]} points with two players, {t[3]} with three", "uk": f"{t[2]} очок удвох, {t[3]} утрьох"}
    assert totals[lang] in text      # the one-line summary of all three is the quick reference's, made from the data
    seven = {"en": f"at least {SC.STOP_POINTS} points", "uk": f"щонайменше {SC.STOP_POINTS} очок"}
    assert text.count(seven[lang]) >= 2
    assert {"en": "58 cards", "uk": "58 карт"}[lang] in text and len(SC.ALL_CARDS) == 58


def test_sea_salt_paper_claims_are_read():
    claims = ssp_claims("| Shells | 0 | 2 | 4 |\n**Captain:** 3 points for each sailor.\n**Маяк:** 1 очко за кожен човник.")
    assert claims == {"shell": [(0, 2, 4)], "captain": [("sailor", 3)], "lighthouse": [("boat", 1)]}


# --------------------------------------------------------------------------- Козырные киты
# A card's pearls (what it scores as a reward) are the tutor's assumed data, so every "Narwhal 2 (3 pearls)",
# «нарвала 2 Андрея с 3 жемчужинами», "the Orca 3 carries 3 pearls" in a lesson page, worked example, quiz or
# task is read and compared with components.py; so are the counts of the box and of a round.

TW_FAMILIES = {"orca": r"orca|косатк\w*", "narwhal": r"narwhal|нарвал\w*", "blue_whale": r"blue whale|син\w+ кит\w*",
               "sperm_whale": r"sperm whale|кашалот\w*"}
TW_CLAIMS = [
    r"(?:{f}) (?P<v>[1-9])(?: игрока \d| Андрея)? \((?P<n>\d) (?:pearls?|жемчуж\w*)\)",
    r"(?:{f}) (?P<v>[1-9])(?: Андрея)? (?:with|с) (?P<n>\d) (?:pearls?|жемчуж\w*)",
    r"(?:{f}) (?P<v>[1-9]) (?:carries|brings) (?P<n>\d) (?:pearls?|points?)",
    r"[Нн]а (?:{f}) (?P<v>[1-9]) — (?P<n>\d) жемчуж\w*",
]


def tw_claims(text: str) -> list[tuple[str, int, int, str]]:
    """(family, value, pearls, the words) for every number of pearls the text ties to a card."""
    out = []
    for family, words in TW_FAMILIES.items():
        for pattern in TW_CLAIMS:
            for m in re.finditer(pattern.format(f=words), text, flags=re.IGNORECASE):
                out.append((family, int(m.group("v")), int(m.group("n")), m.group(0)))
    return out


def tw_texts() -> list[tuple[str, str]]:
    from tutor.lesson_source import languages, path
    out = [(path("trump_whales", lang).name, path("trump_whales", lang).read_text(encoding="utf-8"))
           for lang in languages("trump_whales")]
    for kind in ("scenarios", "quizzes", "tasks"):
        for p in sorted((LESSONS / "trump_whales" / kind).glob("*.yaml")):
            out += [(f"{kind}/{p.name}", t) for t in texts_of(yaml.safe_load(p.read_text(encoding="utf-8")))]
    return out


def test_trump_whales_pearls_quoted_are_the_cards():
    from tutor.games.trump_whales import components as TC
    found = [(where, claim) for where, text in tw_texts() for claim in tw_claims(text)]
    # (18 since the quizzes stopped listing their trick in words, the board shows it: still enough to bite)
    assert len(found) >= 15, found
    wrong = [(where, words) for where, (family, value, pearls, words) in found
             if TC.PEARLS.get(f"{family}-{value}") != pearls]
    assert not wrong, f"pearls no such card carries: {wrong}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_trump_whales_lesson_counts_are_the_datas(lang):
    from tutor.games.trump_whales import components as TC
    from tutor.lesson_source import path
    text = path("trump_whales", lang).read_text(encoding="utf-8")
    n = len(TC.ALL_CARDS)
    two = len(TC.deck_for(2))
    said = {
        "en": [f"{n} whale cards", f"all {n} cards", f"Deal {TC.HAND} cards", f"{TC.TRICKS} tricks",
               f"{TC.TARGET} points", f"{two} cards, {TC.HAND} each, {two - 2 * TC.HAND} set aside",
               f"the four {TC.FIVE}s", "values 1 to 4 and 6 to 9"],
        "ru": [f"{n} карт с китами", f"всеми {n} картами", f"получает {TC.HAND} карт", f"{TC.TRICKS} взяток",
               f"{TC.TARGET} очков", f"{two} карты, по {TC.HAND} каждому, {two - 2 * TC.HAND} отложено",
               "четыре пятёрки", "от 1 до 4 и от 6 до 9"],
    }[lang]
    missing = [s for s in said if s and s not in text]
    assert not missing, missing
    assert len(TC.FIVES) == 4 and TC.FIVE == 5 and sorted(TC.VALUES) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert {TC.token_side(v) for v in (1, 2, 3, 4)} == {1} and {TC.token_side(v) for v in (6, 7, 8, 9)} == {9}
    assert (TC.CARDS["narwhal-2"].pearls, min(TC.PEARLS.values()), max(TC.PEARLS.values())) == (3, 1, 3)


def test_trump_whales_claims_are_read():
    claims = tw_claims("Андрея нарвала 2 Андрея с 3 жемчужинами; the Orca 3 carries 3 pearls; Blue whale 9 (1 pearl)")
    assert sorted((f, v, n) for f, v, n, _ in claims) == [("blue_whale", 9, 1), ("narwhal", 2, 3), ("orca", 3, 3)]


# --------------------------------------------------------------------------- Острів котів

ISLE_CLAIMS = {
    # the lesson's words for each number, per language: (the words with {n}, the value from the data)
    "en": lambda C: [
        ("{n} cat tiles", len(C.CAT_TILES)), ("({n} shapes", len(C.CAT_SHAPES)), ("{n} rare treasures", len(C.RARE_TILES)),
        ("{n} family cards, Vesh", len(C.ALL_FAMILY_CARDS)), ("**{n} days**", C.DAYS),
        ("**{n} cat tiles for each\n   player**", C.TILES_PER_PLAYER), ("**{n} family cards**", C.CARDS_DEALT),
        ("keeps **{n}**", C.CARDS_KEPT), ("costs {n} point", -C.RAT_POINTS), ("costs {n} points", -C.UNFILLED_ROOM_POINTS),
        ("**{n}**\n   with two players", C.COMMON_SUPPLY[2]), ("**{n}** with three", C.COMMON_SUPPLY[3]),
        ("**{n}** with four", C.COMMON_SUPPLY[4])],
    "uk": lambda C: [
        ("{n} плиток котів", len(C.CAT_TILES)), ("({n} форм", len(C.CAT_SHAPES)), ("{n} рідкісних", len(C.RARE_TILES)),
        ("{n} карт сімейної гри", len(C.ALL_FAMILY_CARDS)), ("**{n} днів**", C.DAYS),
        ("**по {n} плитки котів на кожного\n   гравця**", C.TILES_PER_PLAYER), ("**{n} сімейні карти**", C.CARDS_DEALT),
        ("лишає собі **{n}**", C.CARDS_KEPT), ("забирає {n} очко", -C.RAT_POINTS), ("коштує {n} очок", -C.UNFILLED_ROOM_POINTS),
        ("по **{n}** для гри\n   вдвох", C.COMMON_SUPPLY[2]), ("по **{n}** — утрьох", C.COMMON_SUPPLY[3]),
        ("по **{n}** — учотирьох", C.COMMON_SUPPLY[4])],
}


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_isle_of_cats_lesson_numbers_are_the_datas(lang):
    """The counts, the common supply and the family table the Острів котів lesson quotes are the components'."""
    from tutor.games.isle_of_cats import components as C
    from tutor.lesson_source import path
    text = path("isle_of_cats", lang).read_text(encoding="utf-8")
    missing = [words.format(n=n) for words, n in ISLE_CLAIMS[lang](C) if words.format(n=n) not in text]
    assert not missing, f"the lesson does not say (with the data's number): {missing}"
    # the family table, a row for each size (cats | points) and one for each cat beyond 6, is the data's
    rows = [f"| {n} | {C.FAMILY_POINTS[n]} |" for n in (3, 4, 5, 6)] + [f" +{C.FAMILY_EXTRA} |"]
    for words in rows + [f"+{C.FAMILY_EXTRA} "]:
        assert words in text, words


def test_isle_of_cats_rats_example_counts_the_engines_rats():
    """Part 8's question: the boat's rats in all, and the covered and visible ones the answer names, are the
    engine's count (the quiz's right choice is the engine's visible rats)."""
    from tutor.games.isle_of_cats import scoring
    from tutor.games.isle_of_cats.scenario import setup
    data = yaml.safe_load((LESSONS / "isle_of_cats" / "quizzes" / "rats-count.yaml").read_text(encoding="utf-8"))
    s = setup(data["setup"])
    every, visible = len(scoring.visible_rats((), s.boats[0])), len(scoring.visible_rats(s.placed[0], s.boats[0]))
    # the choices: all printed, the covered ones, the visible ones and one off them (a miscount); the question says
    # no total, which let a reader subtract without looking at the board
    assert sorted(c["expect"]["rats"][1] for c in data["choices"]) == sorted([every, visible, every - visible,
                                                                               visible + 1])
    assert str(every) not in data["question"]["en"] and str(every) not in data["question"]["uk"]
    assert f"{every} rats printed on it and the treasure covers {every - visible}, so {visible} are still visible: " \
           f"−{visible}" in data["explain"]["en"]
    assert f"надруковано {every} щурів, скарб накриває {every - visible}, тож видно ще {visible}: −{visible}" \
        in data["explain"]["uk"]


def test_isle_of_cats_worked_numbers_are_the_engines():
    """The family of 8 scores 30, and the scored boat's lines are what the engine scores (its scenario's
    expectations replay them; here the sums the narration adds up)."""
    from tutor.games.isle_of_cats import components as C
    assert [C.family_points(n) for n in (6, 7, 8)] == [20, 25, 30]
    data = yaml.safe_load((LESSONS / "isle_of_cats" / "scenarios" / "scored-boat.yaml").read_text(encoding="utf-8"))
    lines = data["steps"][-1]["expect"]["lines"][1]

    def signed(n: int) -> str:
        return f"−{-n}" if n < 0 else str(n)
    total = sum(lines)
    # the narration adds the engine's lines up: "−16 − 30 + 11 + 1 + 32 = −2"
    said = signed(lines[0]) + "".join(f" − {-n}" if n < 0 else f" + {n}" for n in lines[1:]) + f" = {signed(total)}"
    for lang in ("en", "uk"):
        assert said in data["steps"][-1]["say"][lang]


def test_isle_of_cats_rooms_told_apart_as_the_data_draws_them():
    """Part 6 (#32): two rooms show a moon and two a parrot, one has no symbol (the component data), so the lesson
    says the walls and a room's place tell them apart, naming the pairs as the data has them."""
    from collections import Counter
    from tutor.games.isle_of_cats import components as C
    assert Counter(C.ROOM_SYMBOLS) == {"moon": 2, "parrot": 2, "apple": 1, "corn": 1, None: 1}
    # (words as read: a line break in the source is a space)
    en = " ".join((LESSONS / "isle_of_cats" / "lesson.en.md").read_text(encoding="utf-8").split())
    uk = " ".join((LESSONS / "isle_of_cats" / "lesson.uk.md").read_text(encoding="utf-8").split())
    assert "two pairs of rooms share one: a moon marks the port and the starboard bedroom" in en
    assert "a parrot the captain's cabin" in en and "one room has none" in en and "walls" in en
    assert "дві пари кают мають спільний символ: місяць позначає спальні лівого й правого борту" in uk
    assert "а папуга — капітанську каюту" in uk and "одна каюта без символу" in uk and "стіни" in uk
