"""One way to translate: every word the tutor shows comes from a gettext catalogue (tutor.core.i18n), and a
catalogue that lacks a translation a learner could meet fails here.

The shared domain needs en, ru and uk; a game's domain needs English and each language its lessons are taught
in (SPEC.lesson_langs); a game's catalogue in any other language is checked for what it holds. No catalogue
holds a key nothing uses, and every key the code names is in one (tutor.i18n_tools unused / missing)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tutor import i18n_tools as T
from tutor.core import i18n
from tutor.core.game import ready_games, spec

ROOT = Path(__file__).resolve().parent.parent
TUTOR = ROOT / "tutor"


def _messages(domain: T.Domain, lang: str) -> dict:
    return {m.id[0] if m.pluralizable else m.id: m for m in T.read(domain.path(lang)) if m.id}


def _domain(name: str) -> T.Domain:
    return next(d for d in T.domains() if d.name == name)


def test_the_catalogues_have_no_problems():
    """The whole check (what `python -m tutor.i18n_tools check` prints): translations present in every
    required language, placeholders matching English, plural entries with all their forms, Plural-Forms
    headers right, no key in two catalogues, none that English lacks."""
    problems = T.problems()
    assert not problems, "\n".join(problems[:40])


def test_every_ready_game_has_a_catalogue_and_the_shared_one_is_first():
    names = [d.name for d in T.domains()]
    assert names[0] == i18n.SHARED_DOMAIN
    for game in ready_games():
        assert game in names, f"{game} has no catalogue in tutor/games/{game}/locale"
        assert _domain(game).folder.parent.name == game


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_shared_word_is_translated(lang):
    shared = _domain(i18n.SHARED_DOMAIN)
    english = _messages(shared, "en")
    theirs = _messages(shared, lang)
    missing = [k for k, m in english.items()
               if k not in theirs or theirs[k].fuzzy or not all(T._forms(theirs[k]))]
    assert not missing, f"tutor/locale/{lang}: no translation for {missing}"
    assert len(english) > 80


@pytest.mark.parametrize("game", ready_games())
def test_every_word_of_a_game_is_in_each_of_its_lesson_languages(game):
    domain = _domain(game)
    english = _messages(domain, "en")
    for lang in spec(game).lesson_langs:
        theirs = _messages(domain, lang)
        missing = [k for k, m in english.items()
                   if k not in theirs or theirs[k].fuzzy or not all(T._forms(theirs[k]))]
        assert not missing, f"{game}/{lang}: no translation for {missing[:20]}"


def test_the_check_finds_a_missing_translation_a_wrong_placeholder_and_a_missing_plural_form(tmp_path, monkeypatch):
    """A made-up game domain with three slips; each is reported."""
    from babel.messages.catalog import Catalog
    folder = tmp_path / "locale"
    en = Catalog(locale="en", domain="maui", fuzzy=False)
    en.add("maui.zz.one", "Hello {player}")
    en.add("maui.zz.two", "Bye")
    en.add(("maui.zz.cards", "maui.zz.cards"), ("{n} card", "{n} cards"))
    ru = Catalog(locale="ru", domain="maui", fuzzy=False)
    ru.add("maui.zz.one", "Привет, {playr}")
    ru.add(("maui.zz.cards", "maui.zz.cards"), ("{n} карта", "{n} карты", ""))
    T.write(en, folder / "en" / "LC_MESSAGES" / "maui.po")
    T.write(ru, folder / "ru" / "LC_MESSAGES" / "maui.po")
    monkeypatch.setattr(T, "domains", lambda: [T.Domain("maui", folder)])
    found = "\n".join(T.problems())
    assert "maui/ru: 'maui.zz.two' has no translation" in found
    assert "maui/ru: 'maui.zz.one' placeholders ['playr'] do not match English ['player']" in found
    assert "maui/ru: 'maui.zz.cards' needs 3 plural forms, has 2" in found


def test_a_placeholder_variant_stands_for_its_value():
    assert T.roots("Сначала игрок {player_plain} решает") == T.roots("{player} decides")
    assert T.roots("{card_species_cap} не достаёт до {cell}") == {"card_species", "cell"}
    assert T.roots("спорят за {depth_acc}") == {"depth"}


@pytest.mark.parametrize("lang, forms", [
    ("ru", {1: "1 карта", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карта", 22: "22 карты", 0: "0 карт"}),
    ("en", {1: "1 card", 2: "2 cards", 0: "0 cards", 21: "21 cards"}),
])
def test_plural_forms_are_picked_by_the_catalogue(lang, forms):
    for n, want in forms.items():
        assert i18n.plural("aqua_fest.cards_held", n, lang) == want


def test_ukrainian_plurals_and_a_fallback_counts_in_english():
    assert [i18n.plural("server.room_full", n, "uk").split(" — ")[0].split()[-2:] for n in (1, 3, 5, 21)] == [
        ["1", "учень"], ["3", "учні"], ["5", "учнів"], ["21", "учень"]]
    # a game without a Ukrainian catalogue answers in English, counting in English (never "21 card")
    assert i18n.plural("aqua_fest.cards_held", 21, "uk") == "21 cards"
    assert i18n.plural("maui.n_points", 1, "uk") == "1 point"


def test_text_falls_back_to_english_and_refuses_unknown_keys():
    assert i18n.text("maui.kind.tuna", "uk") == "emperor tuna"
    assert i18n.text("ui.next", "uk") == "Далі ▶"
    assert i18n.player_name(1, "ru") == "Игрок 2"
    assert i18n.has("core.player") and not i18n.has("core.no-such-key")
    with pytest.raises(KeyError):
        i18n.text("core.no-such-key", "ru")
    with pytest.raises(TypeError):
        i18n.text("aqua_fest.cards_held", "ru")


def test_sync_gives_a_new_language_every_key_to_translate(tmp_path, monkeypatch):
    """How a game taught in Ukrainian starts its catalogue: every English key, empty, English beside it."""
    from babel.messages.catalog import Catalog
    folder = tmp_path / "locale"
    en = Catalog(locale="en", domain="maui", fuzzy=False)
    en.add("maui.zz.one", "Hello {player}")
    en.add(("maui.zz.cards", "maui.zz.cards"), ("{n} card", "{n} cards"))
    T.write(en, folder / "en" / "LC_MESSAGES" / "maui.po")
    monkeypatch.setattr(T, "domains", lambda: [T.Domain("maui", folder)])
    path, added = T.sync("maui", "uk")
    assert added == 2
    uk = T.read(path)
    assert uk.num_plurals == 3 and uk.plural_forms == Catalog(locale="uk").plural_forms
    one = uk.get("maui.zz.one")
    assert one.string == "" and "en: Hello {player}" in one.auto_comments
    assert uk.get("maui.zz.cards").string == ("", "", "")


# ------------------------------------------------------------------ no words outside the catalogues

def _python_files():
    return sorted(p for p in TUTOR.rglob("*.py") if "locale" not in p.parts)


# a game's names in its spec are not translations
LANGUAGE_KEYED_ALLOWED = {("tutor/games/*/__init__.py", "titles")}


def test_no_module_registers_words_in_code():
    found = [f"{p.relative_to(ROOT)}:{i}" for p in _python_files()
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"(?<![\w.])(?:i18n\.)?register\(\{", line)]
    assert not found, f"words registered in code (move them to the module's PO catalogue): {found}"


def test_no_dict_keyed_by_language_shows_words():
    """{"en": ..., "ru": ...} tables were the old way; every such word now lives in a catalogue."""
    found = []
    for path in _python_files():
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = {}                      # id(dict node) -> the name it is assigned to, or the keyword it fills
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                for t in node.targets:
                    named[id(node.value)] = getattr(t, "id", "")
            elif isinstance(node, ast.keyword) and isinstance(node.value, ast.Dict):
                named[id(node.value)] = node.arg
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "ru"} <= keys or {"en", "uk"} <= keys:
                name = named.get(id(node))
                if not any(Path(rel).match(pattern) and name == allowed for pattern, allowed in LANGUAGE_KEYED_ALLOWED):
                    found.append(f"{rel}:{node.lineno}")
    assert not found, f"language-keyed words outside the catalogues: {found}"


# ------------------------------------------------------------------ no key unused, none missing

@pytest.fixture(scope="session")
def uses():
    """What the sources use (tutor.i18n_tools.scan over tutor/, tools/, lessons/ and the toy game): read once."""
    return T.project_uses()


def test_every_key_in_a_catalogue_is_used(uses):
    """A key nothing says any more is dead text a translator still translates. How keys built from parts count:
    tutor/i18n_tools.py, above SOURCES (`python -m tutor.i18n_tools unused` prints the same list)."""
    found = T.unused(uses)
    assert not found, "keys no source uses (delete them in every language): " + ", ".join(
        f"{domain}: {key}" for domain, key in found)


def test_every_key_the_sources_name_is_in_a_catalogue(uses):
    """Every call that takes a key (text, plural, has, Words, RuleViolation, and helpers such as ui() and each
    renderer's _w that put a prefix before it) names a key an English catalogue holds; the other languages are
    checked against English by test_the_catalogues_have_no_problems."""
    found = T.missing(uses)
    assert not found, "keys held by no catalogue: " + "; ".join(found)
    assert len(uses.calls) > 500, "the scan found too few key calls to be reading the sources"


_SNIPPET = {
    "zz/rules.py": '''
_E = "zz.err."
KINDS = ("tuna", "seagull")

def ui(key, lang="en", **params):
    """Says "zz.old" only in its docstring, which is no use."""
    return text(f"zz.ui.{key}", lang, **params)

def kind_name(kind, lang):
    return text(f"zz.kind.{kind}", lang)

def refuse(late):
    if late:
        raise RuleViolation("zz:play", key=_E + "gone")
    raise RuleViolation("zz:play", _E + "over")

def page(lang, where):
    return ui("next", lang) + ui(f"in_{where}", lang) + text("zz.nowhere", lang) + ui("absent", lang)

def drill(won):
    explain = f"explain_{won}"
    explain += "_five"
    return Words("zz.drill." + explain)

def tip(lang, long):
    return ui("next" + (".more" if long else ""), lang)
''',
    "zz/lesson.yaml": "where: [hand]\nwinner: led\n",
}


def test_the_scan_finds_an_unused_and_a_missing_key(tmp_path):
    """A made-up game's code and catalogue: keys built from a module constant, through a helper, by a pattern
    whose open part is a spelled name, by either branch of a condition; a key only a pattern its names never
    fill could make, one said nowhere but in a docstring; and calls naming keys the catalogue lacks."""
    from babel.messages.catalog import Catalog
    en = Catalog(locale="en", domain="zz", fuzzy=False)
    for key in ("zz.err.over", "zz.ui.next", "zz.ui.in_hand", "zz.kind.tuna", "zz.kind.seagull",
                "zz.drill.explain_led_five", "zz.ui.next.more", "zz.kind.whale", "zz.ui.in_pocket", "zz.drill.hint_led", "zz.old"):
        en.add(key, "words")
    T.write(en, tmp_path / "en" / "LC_MESSAGES" / "zz.po")
    domain = T.Domain("zz", tmp_path)
    uses = T.scan(_SNIPPET)
    assert T.unused(uses, [domain]) == [("zz", "zz.kind.whale"), ("zz", "zz.ui.in_pocket"),
                                        ("zz", "zz.drill.hint_led"), ("zz", "zz.old")]
    found = T.missing(uses, [domain])
    assert sorted(line.split(": ", 1)[1] for line in found) == ["zz.err.gone", "zz.nowhere", "zz.ui.absent"]
    assert "zz/rules.py:18: zz.nowhere" in found


def test_one_list_of_languages_and_each_has_its_name():
    """tutor.core.i18n.LANGS is the list; every game is taught in some of them, and each language's name (a
    lesson's link to it, the index's) is a catalogue entry said in that language."""
    for game in ready_games():
        assert set(spec(game).lesson_langs) <= set(i18n.LANGS), game
    for code in i18n.LANGS:
        assert i18n.has(f"core.lang.{code}") and i18n.has(f"index.lesson_in.{code}")
    assert [i18n.language_name(code) for code in i18n.LANGS] == ["English", "Русский", "Українська"]
    assert i18n.language_name("uk", "en") == "Ukrainian"


def test_the_catalogues_ship_with_the_package():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^"\*" = \[.*"locale/\*/LC_MESSAGES/\*\.po"', pyproject, re.M), \
        "pyproject.toml [tool.setuptools.package-data] must ship every package's locale/*/LC_MESSAGES/*.po"


# A count written before its noun in a plain (not counted) English entry reads "1 cards" when it is 1. Player
# counts are never 1 ({players}, {high} players), so those are allowed.
_COUNTED_NOUN = re.compile(r"\{(\w+)\} (cards|tiles|points|pearls|fragments|pairs|squares|cats|bonuses|tricks|"
                           r"shells|rats|treasures|corals|cells)\b")


# entries whose count is never 1: a cat family has at least 3 cats; the game's target is 30 points or more; a
# round has 8 tricks
_NEVER_ONE = ("isle_of_cats.score.family.", "isle_of_cats.score.card-168", "trump_whales.board.target",
              "ui.trump_whales.sandbox.err.bonuses")


@pytest.mark.parametrize("domain", [d.name for d in T.domains()])
def test_no_plain_english_entry_counts_a_noun_without_its_plural_form(domain):
    """'discard pile 1: 1 cards' was a screen reader's board description: a number before a plural noun needs a
    counted entry (i18n.plural) or a wording without the noun after it ('cards: 1')."""
    found = []
    for key, m in _messages(_domain(domain), "en").items():
        if m.pluralizable:
            continue
        for var, noun in _COUNTED_NOUN.findall(m.string or ""):
            if var not in ("players", "high", "low", "family") and not key.startswith(_NEVER_ONE):
                found.append(f"{key}: {{{var}}} {noun}")
    assert not found, found
