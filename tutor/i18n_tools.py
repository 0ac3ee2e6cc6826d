"""Checks and upkeep for the tutor's gettext catalogues (the PO files tutor.core.i18n reads).

    python -m tutor.i18n_tools check              # what is missing or wrong; exit status 1 if anything is
    python -m tutor.i18n_tools stats              # messages per domain and language
    python -m tutor.i18n_tools unused             # keys no source uses (exit status 1 if any)
    python -m tutor.i18n_tools missing            # keys the sources name that no catalogue holds (exit 1 if any)
    python -m tutor.i18n_tools sync GAME LANG     # give GAME's LANG catalogue every key it lacks, to translate

Which languages a domain must have: the shared domain ("tutor") every UI language (en, ru, uk); a game's
domain English and every language its lessons are taught in (SPEC.lesson_langs). A game's catalogue in
another language may be partial (nothing shows that game in it; its missing words fall back to English),
but what it holds is checked like the rest. tests/test_i18n.py runs the same checks.

`sync` writes the keys a catalogue lacks with an empty translation and the English beside it as a comment
(#. en: ...), creating the catalogue with its language's Plural-Forms header when it does not exist yet.

`unused` and `missing` read the sources (code, lessons, page templates) without running them; how a key
built from parts counts is explained above `SOURCES` below.
"""

from __future__ import annotations

import ast
import io
import re
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from tutor.core import i18n

SHARED = i18n.SHARED_DOMAIN
# a placeholder's grammatical variants stand for the same value: {player} and {player_plain} ("Игрок 2" and
# "2" after «игрока»), {card_species} and {card_species_cap}, {depth} and its Russian cases {depth_at} ..., {pile}
# and its Ukrainian genitive {pile_gen} («зі скиду 2»)
VARIANT_SUFFIXES = ("_plain", "_cap", "_at", "_acc", "_from", "_to", "_gen")


@dataclass(frozen=True)
class Domain:
    name: str
    folder: Path                 # its locale folder: <folder>/<lang>/LC_MESSAGES/<name>.po

    def path(self, lang: str) -> Path:
        return self.folder / lang / "LC_MESSAGES" / f"{self.name}.po"

    def langs(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir() if self.path(p.name).is_file())


def domains() -> list[Domain]:
    """Every catalogue domain the tutor reads, the shared one first."""
    found: dict[str, Domain] = {}
    for folder in i18n.locale_folders():
        for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
            found.setdefault(po.stem, Domain(po.stem, folder))
    return sorted(found.values(), key=lambda d: (d.name != SHARED, d.name))


def required_langs(domain: str) -> tuple[str, ...]:
    """The languages whose catalogue must hold every key of `domain`: a game's domain, or one of its parts kept in
    a file of its own ("maui_reference", the game's quick reference), needs the game's lesson languages."""
    if domain == SHARED:
        return i18n.LANGS
    from tutor.core.game import UnknownGame, spec
    try:
        game = spec(domain)
    except UnknownGame:
        owner, _, part = domain.rpartition("_")
        if not owner or not part:
            raise KeyError(domain) from None
        game = spec(owner)
    return tuple(dict.fromkeys(("en",) + tuple(game.lesson_langs)))


def read(path: Path):
    return i18n.read_catalogue(path)


def placeholders(template: str) -> set[str]:
    """The names a template fills: "{player} takes {cards}" -> {"player", "cards"}."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[!:]", field, maxsplit=1)[0])
    return names


def roots(template: str) -> set[str]:
    out = set()
    for name in placeholders(template):
        for suffix in VARIANT_SUFFIXES:
            if name.endswith(suffix) and len(name) > len(suffix):
                name = name[:-len(suffix)]
                break
        out.add(name)
    return out


def _forms(message) -> tuple:
    return tuple(message.string) if message.pluralizable else (message.string,)


def _expected_plural_forms(lang: str) -> str:
    from babel.messages.catalog import Catalog
    return Catalog(locale=lang).plural_forms


def _same_plural_rule(catalogue, lang: str) -> bool:
    """Does the catalogue's Plural-Forms pick the same form as CLDR's rule (through Babel) for every count?
    Compared by what the formulas do, not their text: Babel versions write the same rule differently."""
    import gettext

    from babel.messages.catalog import Catalog
    expected = Catalog(locale=lang)
    if catalogue.num_plurals != expected.num_plurals:
        return False
    mine, theirs = gettext.c2py(catalogue.plural_expr), gettext.c2py(expected.plural_expr)
    return all(mine(n) == theirs(n) for n in range(0, 1001))


def problems() -> list[str]:
    """Everything wrong with the catalogues, one line each (empty when all is well)."""
    out: list[str] = []
    owner: dict[str, str] = {}
    for domain in domains():
        en_path = domain.path("en")
        if not en_path.is_file():
            out.append(f"{domain.name}: no English catalogue ({en_path})")
            continue
        english = {m.id if not m.pluralizable else m.id[0]: m for m in read(en_path) if m.id}
        for key in english:
            if key in owner:
                out.append(f"{key}: defined in both {owner[key]} and {domain.name}")
            owner[key] = domain.name
        try:
            required = required_langs(domain.name)
        except KeyError:
            out.append(f"{domain.name}: a catalogue domain that is neither {SHARED!r} nor a registered game")
            required = ("en",)
        for lang in dict.fromkeys(required + tuple(domain.langs())):
            path = domain.path(lang)
            where = f"{domain.name}/{lang}"
            if not path.is_file():
                out.append(f"{where}: no catalogue ({path.relative_to(i18n.TUTOR_DIR.parent)})")
                continue
            catalogue = read(path)
            if not _same_plural_rule(catalogue, lang):
                out.append(f"{where}: Plural-Forms is {catalogue.plural_forms!r}, not {_expected_plural_forms(lang)!r}")
            n_forms = catalogue.num_plurals
            held = {}
            for m in catalogue:
                if m.id:
                    held[m.id[0] if m.pluralizable else m.id] = m
            for key in held.keys() - english.keys():
                out.append(f"{where}: {key!r} is not in the English catalogue")
            for key, source in english.items():
                m = held.get(key)
                if m is None or m.fuzzy or not any(_forms(m)):
                    if lang in required:
                        out.append(f"{where}: {key!r} has no translation")
                    continue
                if m.pluralizable != source.pluralizable:
                    out.append(f"{where}: {key!r} is {'' if m.pluralizable else 'not '}counted, unlike English")
                    continue
                forms = _forms(m)
                if m.pluralizable and (len(forms) != n_forms or not all(forms)):
                    out.append(f"{where}: {key!r} needs {n_forms} plural forms, has {sum(1 for f in forms if f)}")
                want = set().union(*(roots(f) for f in _forms(source)))
                for form in forms:
                    try:
                        got = roots(form)
                    except ValueError as exc:
                        out.append(f"{where}: {key!r} is not a valid template ({exc}): {form!r}")
                        continue
                    if m.pluralizable:
                        bad = got - want - {"n"}
                    else:
                        bad = got ^ want
                    if bad:
                        out.append(f"{where}: {key!r} placeholders {sorted(got)} do not match English {sorted(want)}")
                        break
    return out


def stats() -> dict[str, dict[str, int]]:
    """{domain: {lang: translated messages}}."""
    out: dict[str, dict[str, int]] = {}
    for domain in domains():
        for lang in domain.langs():
            out.setdefault(domain.name, {})[lang] = sum(
                1 for m in read(domain.path(lang)) if m.id and not m.fuzzy and any(_forms(m)))
    return out


def write(catalogue, path: Path) -> None:
    """Write a catalogue the way every tutor PO file is written (stable header, no line numbers, width 100)."""
    from babel.messages.pofile import write_po
    catalogue.project, catalogue.version = "tutor", ""
    buf = io.BytesIO()
    write_po(buf, catalogue, width=100, sort_output=False, ignore_obsolete=True, include_previous=False,
             include_lineno=False)
    po = buf.getvalue().decode("utf-8").replace('"Project-Id-Version: tutor \\n"', '"Project-Id-Version: tutor\\n"')
    # Babel's placeholders for unknown header fields say nothing: leave them out
    po = re.sub(r'"(Report-Msgid-Bugs-To|Last-Translator|Language-Team): [^"]*(EMAIL@ADDRESS|LL@li\.org)[^"]*\\n"\n',
                "", po)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po.encode("utf-8"))


def new_catalogue(domain: str, lang: str, header: str = ""):
    import datetime

    from babel.messages.catalog import Catalog
    now = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)
    return Catalog(locale=lang, domain=domain, project="tutor", fuzzy=False, creation_date=now, revision_date=now,
                   header_comment=header or f"# {domain} ({lang}). Keys are msgids; the English catalogue holds the "
                                            f"English text.\n# See tutor/core/i18n.py.")


def sync(domain_name: str, lang: str) -> tuple[Path, int]:
    """Give `lang`'s catalogue of the domain every English key it lacks (empty, the English as a comment), in
    the English catalogue's order; keys English no longer has are dropped. Returns (path, keys added)."""
    from babel.messages.catalog import Catalog
    domain = next((d for d in domains() if d.name == domain_name), None)
    if domain is None:
        raise SystemExit(f"no catalogue domain {domain_name!r} (have: {', '.join(d.name for d in domains())})")
    english = read(domain.path("en"))
    path = domain.path(lang)
    old = read(path) if path.is_file() else None
    held = {m.id[0] if m.pluralizable else m.id: m for m in old or () if m.id}
    header = old.header_comment if old is not None else ""
    out: Catalog = new_catalogue(domain.name, lang, header)
    if old is not None:
        out.creation_date, out.revision_date = old.creation_date, old.revision_date
    added = 0
    for m in english:
        if not m.id:
            continue
        key = m.id[0] if m.pluralizable else m.id
        have = held.get(key)
        comments = [c for c in m.auto_comments if not c.startswith("en: ")]
        if have is not None and any(_forms(have)):
            out.add(m.id, have.string, auto_comments=have.auto_comments or comments, flags=have.flags,
                    user_comments=have.user_comments)
            continue
        added += 1
        english_text = " | ".join(_forms(m))
        empty = ("",) * out.num_plurals if m.pluralizable else ""
        out.add(m.id, empty, auto_comments=comments + [f"en: {english_text}"])
    write(out, path)
    i18n.reload()
    return path, added


# ------------------------------------------------------------------ which keys the code and lessons use
#
# `python -m tutor.i18n_tools unused` lists the keys no source uses; `missing` the keys a source names that no
# English catalogue holds. Both read the sources (SOURCES, and each test game's code and lessons, with its
# catalogue: test_games), never run them: a Python file is parsed (its AST),
# a lesson file read as YAML or text, a front-end file as text.
#
# What counts as a use of a key, in Python:
#   * a string constant that is a key: "maui.err.over", Words("core.setup.seat", ...);
#   * a concatenation or f-string whose every part is known: a constant, or a name bound to a string constant at
#     a module's top level (`_E = "maui."` then `_E + "err.over"`) is the key "maui.err.over";
#   * a concatenation or f-string with a part not known there (a variable) is a PATTERN: f"maui.kind.{kind}" is
#     maui.kind.*; `key += "_five"` is *_five; `x + (".not" if unmet else "")` is both x.not and x. A pattern
#     marks a key used when the key matches it AND the sources spell every part the pattern leaves open: as a
#     string constant (or a piece of one between dots, colons, slashes or spaces), a lesson file's value, a
#     number, any of these with spaces written as underscores, or what another pattern matches (f"card-{n}"
#     spells card-162). maui.kind.tuna is used because "tuna" is written in maui's components: a key for a thing
#     nothing names any more is reported, and the keys built from names need no list kept by hand. A pattern
#     with no letters outside its open parts (f"{a}.{b}") marks nothing. The scan errs towards "used": a key
#     it cannot tell is kept, never reported.
# The data conventions this covers (all patterns in the code, kept here so they are known):
#   * a rulebook section "<game>:<slug>" is worded by "<game>.section.<slug>" (tutor.core.rules.Section.key),
#     a ruling "<game>/<slug>" by "<game>.ruling.<slug>" (Ruling.key): the slugs are constants in each game's
#     sections.py;
#   * an event "<game>.<what>" is narrated by "<game>.event.<what>" (each game's text.py, `narrate`), the
#     `what` a constant where the engine makes the event;
#   * a language's name is "core.lang.<code>" and its index link "index.lesson_in.<code>" (tutor.core.i18n.LANGS);
#   * a helper that passes its argument on as a key with a prefix (`def ui(key, ...)`: text(f"ui.{key}", ...);
#     each render.py's `_w`) is found in its body: `ui("next")` is the key ui.next, `ui(f"tip.{x}")` the
#     pattern ui.tip.*; a helper of a helper too. Its inner f"ui.{key}" is a pattern like any other.
# `missing` checks the calls that take a key: i18n's text/plural/has, Words, RuleViolation's key, and every
# helper that passes its argument on into one of those with a prefix (found as above): a call whose key is
# known in full names a key English must hold.

SOURCES = (             # (folder under the project, what its files are)
    ("tutor", "*.py"), ("tools", "*.py"), ("lessons", "*.yaml"), ("lessons", "*.md"),
    ("tutor/widgets/static", "*.js"), ("tutor/share", "*.j2"),
)
# the calls that take a key, and which argument it is (position, keyword)
KEY_CALLS = {"text": (0, "key"), "plural": (0, "key"), "has": (0, "key"), "Words": (0, "key"),
             "RuleViolation": (1, "key")}
# what a key looks like: lower-case words joined by dots ("maui.err.over", "isle_of_cats.card.card-151")
KEY_RE = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+)+")
_PIECES = re.compile(r"[.:/\s]+")
OPEN = None            # an open part of a pattern


@dataclass
class Uses:
    """What the sources use: keys in full, patterns, the words they spell, and key calls to check."""

    keys: dict = field(default_factory=dict)             # key -> first place it is used ("file:line")
    patterns: dict = field(default_factory=dict)         # pattern (tuple: strings and OPEN) -> first place
    words: set = field(default_factory=set)              # every string the sources spell, and its pieces
    calls: list = field(default_factory=list)            # (place, key) of every key call known in full

    def word(self, value: str) -> None:
        """`value`, its pieces between dots, colons and slashes ("x.saved.bonus tile" gives "bonus tile"), and
        its words."""
        self.words.add(value)
        self.words.update(p for p in re.split(r"[.:/]+", value) if p)
        self.words.update(p for p in _PIECES.split(value) if p)


def _shapes(node, consts: dict) -> Optional[list]:
    """A string expression as the strings it may be, each as its parts (strings and OPEN), or None when it is not
    one: `"x." + (".not" if a else "")` may be "x..not" or "x."; f"maui.kind.{kind}" is ("maui.kind.", OPEN)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [(node.value,)]
    if isinstance(node, ast.Name) and node.id in consts:
        return [(consts[node.id],)]
    if isinstance(node, ast.IfExp):
        yes, no = _shapes(node.body, consts), _shapes(node.orelse, consts)
        if yes is None and no is None:
            return None
        return (yes or [(OPEN,)]) + (no or [(OPEN,)])
    if isinstance(node, ast.JoinedStr):
        alternatives: list = [()]
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                plain = value.conversion == -1 and value.format_spec is None
                inner = (_shapes(value.value, consts) if plain else None) or [(OPEN,)]
            else:
                inner = [(str(getattr(value, "value", "")),)]
            alternatives = _product(alternatives, inner)
        return alternatives
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _shapes(node.left, consts), _shapes(node.right, consts)
        if left is None and right is None:
            return None
        return _product(left or [(OPEN,)], right or [(OPEN,)])
    return None


def _product(heads: list, tails: list) -> list:
    out = list(dict.fromkeys(_merged(h + t) for h in heads for t in tails))
    return out if len(out) <= 16 else [(OPEN,)]


def _constant(node, consts: dict) -> Optional[str]:
    """The one string an expression always is, or None."""
    shapes = _shapes(node, consts)
    if shapes and len(shapes) == 1 and len(shapes[0]) == 1 and shapes[0][0] is not OPEN:
        return shapes[0][0]
    return None


def _merged(parts) -> tuple:
    out: list = []
    for p in parts:
        if p == "":
            continue
        if out and p is not OPEN and out[-1] is not OPEN:
            out[-1] += p
        elif not (out and p is OPEN and out[-1] is OPEN):
            out.append(p)
    return tuple(out)


def _key_argument(call: ast.Call, position: int, keyword: str):
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return call.args[position] if len(call.args) > position else None


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _module_constants(tree: ast.Module) -> dict:
    consts: dict = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _constant(node.value, consts)
            if value is not None:
                consts[node.targets[0].id] = value
    return consts


def docstring_ids(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (a docstring's examples name keys and games freely)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _helpers(trees: dict) -> dict:
    """Functions that pass an argument on, with a prefix or suffix, as a key: {name: [(position, keyword,
    before, after, file)]}; `ui(key)` -> (0, "key", "ui.", "", "tutor/widgets/common.py"). Found again over the
    helpers found, until none is new."""
    takes: dict = {name: [(pos, kw, "", "", "")] for name, (pos, kw) in KEY_CALLS.items()}
    done: set = set()
    while True:
        new = False
        for rel, (tree, consts) in trees.items():
            for fn in ast.walk(tree):
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or id(fn) in done:
                    continue
                params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
                if params and params[0] in ("self", "cls"):
                    params = params[1:]
                for call in ast.walk(fn):
                    if id(fn) in done:
                        break
                    if not isinstance(call, ast.Call):
                        continue
                    for pos, _kw, before, after, _rel in takes.get(_callee(call), ()):
                        found = _helper_shape(_key_argument(call, pos, _kw), params, consts)
                        if found is not None:
                            i, pre, post = found
                            takes.setdefault(fn.name, []).append((i, params[i], before + pre, post + after, rel))
                            done.add(id(fn))
                            new = True
                            break
        if not new:
            return takes


def _helper_shape(arg, params: list, consts: dict):
    """(parameter index, before, after) when `arg` is a parameter with constant text around it."""
    if arg is None:
        return None
    if isinstance(arg, ast.Name) and arg.id in params:
        return params.index(arg.id), "", ""
    pieces = []
    if isinstance(arg, ast.JoinedStr):
        for v in arg.values:
            pieces.append(v.value if isinstance(v, ast.FormattedValue) else v)
    elif isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
        pieces = [arg.left, arg.right]
    names = [p for p in pieces if isinstance(p, ast.Name) and p.id in params]
    if len(names) != 1:
        return None
    at = pieces.index(names[0])
    around = [_constant(p, consts) for p in pieces[:at]], [_constant(p, consts) for p in pieces[at + 1:]]
    if any(t is None for side in around for t in side):
        return None
    return params.index(names[0].id), "".join(t or "" for t in around[0]), "".join(t or "" for t in around[1])


def _python_uses(trees: dict, uses: Uses) -> None:
    takes = _helpers(trees)
    defined = {(rel, fn.name) for rel, (tree, _) in trees.items() for fn in ast.walk(tree)
               if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for rel, (tree, consts) in trees.items():
        skip = docstring_ids(tree)
        inside: set = set()               # parts of a larger string expression, not strings of their own
        for node in ast.walk(tree):
            if id(node) in inside or id(node) in skip:
                continue
            if isinstance(node, ast.Call):
                _check_call(node, takes, defined, consts, rel, uses)
                continue
            if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
                shapes = _shapes(node.value, consts)     # key += "_five": some key ends so
                if shapes is not None:
                    inside.update(id(n) for n in [node.value, *_string_parts(node.value)])
                    for shape in shapes:
                        _note(_merged([OPEN, *shape]), f"{rel}:{node.lineno}", uses)
                continue
            shapes = _shapes(node, consts) if not isinstance(node, ast.Name) else None
            if shapes is None:
                continue
            for part in _string_parts(node):
                inside.add(id(part))
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    uses.word(part.value)
            for shape in shapes:
                _note(shape, f"{rel}:{getattr(node, 'lineno', 0)}", uses)


def _string_parts(node) -> list:
    """The nodes a string expression is made of (its constants, names, inner f-strings and sums), not the
    calls or other expressions inside it, which are looked at on their own."""
    if isinstance(node, ast.JoinedStr):
        children = [v.value if isinstance(v, ast.FormattedValue) else v for v in node.values]
    elif isinstance(node, ast.BinOp):
        children = [node.left, node.right]
    elif isinstance(node, ast.IfExp):
        children = [node.body, node.orelse]
    else:
        return []
    out = []
    for child in children:
        if isinstance(child, (ast.Constant, ast.Name, ast.JoinedStr, ast.BinOp, ast.IfExp)):
            out.append(child)
            out.extend(_string_parts(child))
    return out


def _note(shape: tuple, where: str, uses: Uses) -> None:
    if len(shape) == 1 and shape[0] is not OPEN:
        uses.word(shape[0])
        if KEY_RE.fullmatch(shape[0]):
            uses.keys.setdefault(shape[0], where)
    elif any(p is not OPEN and re.search("[A-Za-z]", p) for p in shape):
        uses.patterns.setdefault(shape, where)


def _check_call(call: ast.Call, takes: dict, defined: set, consts: dict, rel: str, uses: Uses) -> None:
    """A call that takes a key (KEY_CALLS or a helper of theirs): a key known in full is a use and is checked
    (`missing`); a key with an open part is a pattern."""
    name = _callee(call)
    options = takes.get(name, ())
    if (rel, name) in defined:          # a function of the same file (each render.py has its own _w)
        options = [o for o in options if o[4] == rel]
    where = f"{rel}:{call.lineno}"
    said: dict = {}                     # each string the key may be -> the keys it names (one a helper)
    for pos, kw, before, after, _rel in options:
        arg = _key_argument(call, pos, kw)
        shapes = _shapes(arg, consts) if arg is not None else None
        for shape in shapes or ():
            if OPEN in shape:           # _w(f"in_{where}") is the pattern ui.sea_salt_paper.sandbox.in_*
                if before or after:
                    _note(_merged([before, *shape, after]), where, uses)
            else:
                said.setdefault(shape[0], []).append(before + shape[0] + after)
    for keys in said.values():
        if KEY_RE.fullmatch(keys[0]):
            uses.calls.append((where, tuple(keys)))
            for key in keys:
                uses.keys.setdefault(key, where)


def _text_uses(rel: str, text: str, uses: Uses) -> None:
    """A lesson or front-end file: its quoted strings and key-shaped words; YAML's values too."""
    for m in re.finditer(r"""(["'])([^"'\n]{1,200})\1""", text):
        uses.word(m.group(2))
    for m in KEY_RE.finditer(text):
        uses.keys.setdefault(m.group(0), rel)
        uses.word(m.group(0))
    if rel.endswith(".yaml"):
        import yaml

        def walk(value):
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(k)
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)
            elif isinstance(value, str):
                uses.word(value)
        try:
            walk(yaml.safe_load(text))
        except yaml.YAMLError:
            pass


def source_files(root: Optional[Path] = None) -> list[Path]:
    root = root or i18n.TUTOR_DIR.parent
    files: set = set()
    folders = [(root / folder, pattern) for folder, pattern in SOURCES]
    for game in test_games(root):
        folders += [(game, "*.py"), (game / "lessons", "*.yaml")]
    for folder, pattern in folders:
        files.update(p for p in folder.rglob(pattern) if "__pycache__" not in p.parts)
    return sorted(files)


def scan(files: dict) -> Uses:
    """What `files` ({name: text}) use."""
    uses = Uses()
    trees: dict = {}
    for rel, text in files.items():
        if rel.endswith(".py"):
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            trees[rel] = (tree, _module_constants(tree))
        else:
            _text_uses(rel, text, uses)
    _python_uses(trees, uses)
    return uses


def project_uses() -> Uses:
    root = i18n.TUTOR_DIR.parent
    return scan({str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in source_files(root)})


def _pattern_re(pattern: tuple):
    return re.compile("".join("(.+?)" if p is OPEN else re.escape(p) for p in pattern))


def _spelled(part: str, uses: Uses, compiled: list, depth: int = 0) -> bool:
    """Do the sources spell `part` (what a pattern leaves open)? As a string or a number; with its underscores
    as spaces ("catch card id" gives catch_card_id); or by a pattern of their own ("card-{n}" spells card-162,
    f"explain_{why}_{token}" explain_led_9)."""
    if part in uses.words or part.isdigit() or part.replace("_", " ") in uses.words:
        return True
    if depth >= 2:
        return False
    if _matched(part, uses, compiled, depth + 1):
        return True
    return False


def _matched(text: str, uses: Uses, compiled: list, depth: int = 0) -> bool:
    for rx in compiled:
        m = rx.fullmatch(text)
        if m and all(_spelled(g, uses, compiled, depth) for g in m.groups()):
            return True
    return False


def is_used(key: str, uses: Uses, compiled=None) -> bool:
    if key in uses.keys:
        return True
    return _matched(key, uses, compiled if compiled is not None else [_pattern_re(p) for p in uses.patterns])


def scanned_domains() -> list[Domain]:
    """The catalogues `unused` and `missing` read: every domain, and those of the test games."""
    found = {d.name: d for d in domains()}
    for game in test_games():
        for po in sorted((game / "locale").glob("*/LC_MESSAGES/*.po")):
            found.setdefault(po.stem, Domain(po.stem, game / "locale"))
    return list(found.values())


def test_games(root: Optional[Path] = None) -> list[Path]:
    """Games kept with the tests (a package under tests/ with its own locale folder), which only their tests
    register: their code, lessons and catalogue are scanned with the tutor's."""
    root = root or i18n.TUTOR_DIR.parent
    return sorted(p.parent for p in root.glob("tests/*/locale") if (p.parent / "__init__.py").is_file())


def catalogue_keys(domain: Domain) -> list[str]:
    """The keys of a domain's English catalogue, in its order."""
    return [m.id[0] if m.pluralizable else m.id for m in read(domain.path("en")) if m.id]


def unused(uses: Optional[Uses] = None, domain_list: Optional[list] = None) -> list[tuple[str, str]]:
    """(domain, key) for every key of the English catalogues that no source uses."""
    uses = uses or project_uses()
    compiled = [_pattern_re(p) for p in uses.patterns]
    return [(d.name, key) for d in (domain_list if domain_list is not None else scanned_domains())
            if d.path("en").is_file() for key in catalogue_keys(d) if not is_used(key, uses, compiled)]


def missing(uses: Optional[Uses] = None, domain_list: Optional[list] = None) -> list[str]:
    """"file:line: key" for every key call, known in full, whose key no English catalogue holds."""
    uses = uses or project_uses()
    held = {key for d in (domain_list if domain_list is not None else scanned_domains()) if d.path("en").is_file()
            for key in catalogue_keys(d)}
    return [f"{where}: {' or '.join(keys)}" for where, keys in uses.calls if not held.intersection(keys)]


def main(argv: Optional[list[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args else "check"
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        if not found:
            counts = stats()
            print("catalogues complete: " + "; ".join(
                f"{d} " + ", ".join(f"{lang} {n}" for lang, n in sorted(by.items())) for d, by in counts.items()))
        return 1 if found else 0
    if command == "stats":
        for domain, by_lang in stats().items():
            print(f"{domain:12} " + "  ".join(f"{lang} {n}" for lang, n in sorted(by_lang.items())))
        return 0
    if command == "unused":
        dead = unused()
        for domain, key in dead:
            print(f"{domain}: {key}")
        print(f"{len(dead)} key(s) no source uses" if dead else "every key is used")
        return 1 if dead else 0
    if command == "missing":
        lines = missing()
        for line in lines:
            print(line)
        print(f"{len(lines)} key(s) named in the sources and held by no catalogue" if lines else
              "every key the sources name is in a catalogue")
        return 1 if lines else 0
    if command == "sync" and len(args) == 2:
        path, added = sync(*args)
        print(f"{path}: {added} key(s) to translate")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
