"""Checks and upkeep for the tutor's gettext catalogues (the PO files tutor.core.i18n reads).

    python -m tutor.i18n_tools check              # what is missing or wrong; exit status 1 if anything is
    python -m tutor.i18n_tools stats              # messages per domain and language
    python -m tutor.i18n_tools sync GAME LANG     # give GAME's LANG catalogue every key it lacks, to translate

Which languages a domain must have: the shared domain ("tutor") every UI language (en, ru, uk); a game's
domain English and every language its lessons are taught in (SPEC.lesson_langs). A game's catalogue in
another language may be partial (nothing shows that game in it; its missing words fall back to English),
but what it holds is checked like the rest. tests/test_i18n.py runs the same checks.

`sync` writes the keys a catalogue lacks with an empty translation and the English beside it as a comment
(#. en: ...), creating the catalogue with its language's Plural-Forms header when it does not exist yet.
"""

from __future__ import annotations

import io
import re
import string
import sys
from dataclasses import dataclass
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
    """The languages whose catalogue must hold every key of `domain`."""
    if domain == SHARED:
        return i18n.LANGS
    from tutor.core.game import spec
    return tuple(dict.fromkeys(("en",) + tuple(spec(domain).lesson_langs)))


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
    if command == "sync" and len(args) == 2:
        path, added = sync(*args)
        print(f"{path}: {added} key(s) to translate")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
