"""Aqua Fest shell assembly ("Ценность ракушек", "Как посчитать баллы") against brute force and the rulebook.

An ordinary shell is four upper fragments (stars); a rare shell a lower-left, a lower-right and two upper
fragments (stars + 2); a rare-shaped shell of one pearl colour is unique (stars + 2 + 3). The tutor
assembles a collection in the way that scores the most (ruling assembly).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.games import aqua_fest as A
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.shells import (RULEBOOK_SHELLS, arranged, best_assembly, brute_force_points, classify,
                                          evaluate)

FRAGMENTS = list(C.FRAGMENTS)
BY_KIND = {k: [t for t in FRAGMENTS if C.tile(t).kind == k] for k in C.FRAGMENT_KINDS}
EXAMPLE = [["u-white-7", "u-pink-1", "u-black-7", "u-white-4"],
           ["ll-white-3", "lr-pink-1", "u-pink-4", "u-black-8"],
           ["ll-pink-1", "lr-pink-3", "u-pink-5", "u-pink-8"]]


def check_assembly(fragments, assembly):
    """Every shell classifies as its kind, fragments are used at most once, unused ones score nothing."""
    used = [t for s in assembly.shells for t in s.fragments]
    assert len(used) == len(set(used))
    assert Counter(used) + Counter(assembly.unused) == Counter(f for f in fragments if not C.tile(f).coral)
    for shell in assembly.shells:
        assert classify(shell.fragments) == shell.kind
        stars = sum(C.tile(t).stars for t in shell.fragments)
        assert shell.points == stars + {"ordinary": 0, "rare": 2, "unique": 5}[shell.kind]
    assert assembly.points == sum(s.points for s in assembly.shells)


def test_rulebook_example_scores_9_11_14_and_36_with_bonus_2():
    """Как посчитать баллы (the printed example): 3+1+3+2 = 9; 3+1+2+3 +2 = 11; 1+3+2+3 +2 +3 = 14; total 34
    + bonus token 2 = 36."""
    a = evaluate(EXAMPLE)
    assert [s.kind for s in a.shells] == ["ordinary", "rare", "unique"]
    assert [s.stars for s in a.shells] == [9, 9, 9]
    assert [s.points for s in a.shells] == [9, 11, 14]
    assert a.points == 34 and a.unused == ()
    assert a.points + 2 == 36
    flat = [t for g in EXAMPLE for t in g]
    assert best_assembly(flat).points == 34
    check_assembly(flat, best_assembly(flat))
    assert brute_force_points(flat) == 34


def test_the_books_grouping_is_shown_only_as_long_as_it_scores_the_best():
    """The engine's best grouping of the book's twelve pairs them otherwise but scores the same 34, so the book's is
    shown; a grouping that scores less, or uses a fragment not held, is never shown as the score."""
    flat = [t for g in RULEBOOK_SHELLS for t in g]
    assert [list(g) for g in RULEBOOK_SHELLS] == EXAMPLE
    book = arranged(flat, RULEBOOK_SHELLS)
    assert [s.fragments for s in book.shells] == list(RULEBOOK_SHELLS) and book.points == best_assembly(flat).points
    assert book != best_assembly(flat)
    worse = [("u-white-7", "u-pink-1", "u-pink-8", "u-white-4"), ("ll-pink-1", "lr-pink-3", "u-black-7", "u-black-8")]
    assert arranged(flat, worse) == best_assembly(flat)
    assert arranged(flat[:11], RULEBOOK_SHELLS) == best_assembly(flat[:11])
    extra = arranged(flat + ["u-black-1"], RULEBOOK_SHELLS)
    assert extra.shells == book.shells and extra.unused == ("u-black-1",)


def test_rulebook_example_star_values():
    """Ценность ракушек: the example's fragments carry the stars printed beside them (assumed ids)."""
    assert [[C.tile(t).stars for t in g] for g in EXAMPLE] == [[3, 1, 3, 2], [3, 1, 2, 3], [1, 3, 2, 3]]


@pytest.mark.parametrize("group,kind", [
    (["u-white-1", "u-pink-1", "u-black-1", "u-white-2"], "ordinary"),
    (["u-white-1", "u-white-2", "u-white-3", "u-white-4"], "ordinary"),     # one colour: still ordinary
    (["ll-white-1", "lr-pink-1", "u-white-1", "u-white-2"], "rare"),
    (["ll-white-1", "lr-white-1", "u-white-1", "u-white-2"], "unique"),
    (["ll-white-1", "lr-white-1", "u-white-1", "u-pink-2"], "rare"),
    (["ll-white-1", "ll-pink-1", "u-white-1", "u-white-2"], None),           # two lower-left
    (["ll-white-1", "lr-white-1", "ll-pink-1", "lr-pink-1"], None),          # lower fragments alone
    (["ll-white-1", "lr-white-1", "u-white-1"], None),                      # three fragments
    (["u-white-1", "u-white-2", "u-white-3", "u-white-4", "u-white-5"], None),
    (["ll-white-1", "u-white-1", "u-white-2", "u-white-3"], None),
    (["coral-1", "u-white-1", "u-white-2", "u-white-3"], None),
])
def test_classify(group, kind):
    """Ценность ракушек: the three kinds of whole shell; anything else is no shell."""
    assert classify(group) == kind


def test_lower_fragments_alone_never_make_an_ordinary_shell():
    """Ценность ракушек."""
    lowers = BY_KIND["lower-left"] + BY_KIND["lower-right"]
    a = best_assembly(lowers)
    assert a.points == 0 and a.shells == () and sorted(a.unused) == sorted(lowers)
    r = random.Random(0)
    for _ in range(50):
        group = r.sample(lowers, 4)
        assert classify(group) is None


def test_unused_fragments_score_nothing():
    """Как посчитать баллы."""
    assert best_assembly([]).points == 0
    assert best_assembly(["u-white-7", "u-white-8", "u-white-9"]).points == 0
    a = best_assembly(["u-white-7", "u-white-8", "u-white-9", "u-pink-7", "u-pink-1"])
    assert len(a.shells) == 1 and len(a.unused) == 1
    assert a.unused == ("u-pink-1",)          # the weakest fragment is the one left over
    assert a.points == 12


def test_unique_beats_two_ordinary_shells_when_it_should():
    """Ценность ракушек: a unique shell's 5 bonus points can outweigh an ordinary shell."""
    frags = ["ll-pink-1", "lr-pink-1", "u-pink-1", "u-pink-2", "u-white-1", "u-white-2"]
    a = best_assembly(frags)
    assert [s.kind for s in a.shells] == ["unique"] and a.points == 1 + 1 + 1 + 1 + 5


def test_corals_are_ignored():
    assert best_assembly(["coral-1", "coral-2"]).points == 0


def _random_collection(r: random.Random, size: int, skew: bool):
    if not skew:
        return r.sample(FRAGMENTS, size)
    # lean on lower fragments and one colour, where unique / rare choices compete
    colour = r.choice(C.COLOURS)
    pool = [t for t in FRAGMENTS if C.tile(t).colour == colour or C.tile(t).kind != "upper"]
    return r.sample(pool, min(size, len(pool)))


@pytest.mark.parametrize("chunk", range(4))
def test_best_assembly_equals_brute_force(chunk):
    """Ruling assembly: the tutor's fast assembly finds the same best score as trying every grouping."""
    r = random.Random(1000 + chunk)
    for _ in range(80):
        size = r.randint(0, 12 if r.random() < 0.3 else 11)
        frags = _random_collection(r, size, skew=r.random() < 0.5)
        a = best_assembly(frags)
        check_assembly(frags, a)
        assert a.points == brute_force_points(frags), frags


@pytest.mark.parametrize("seed", range(20))
def test_best_assembly_of_large_collections_is_consistent(seed):
    """Ruling assembly on whole-game collections (too big for brute force): a valid assembly, at least as
    good as any random grouping into fours, and independent of the order of the fragments."""
    r = random.Random(seed)
    frags = r.sample(FRAGMENTS, r.randint(13, 30))
    a = best_assembly(frags)
    check_assembly(frags, a)
    shuffled = frags[:]
    r.shuffle(shuffled)
    assert best_assembly(shuffled).points == a.points
    for _ in range(30):
        r.shuffle(shuffled)
        groups = [shuffled[i:i + 4] for i in range(0, len(shuffled) - 3, 4)]
        assert evaluate(groups).points <= a.points


def test_every_fragment_of_the_box_scores_at_least_six_shells():
    """components: the assumed tile spread lets a whole box make about 6+ shells (a playable game)."""
    a = best_assembly(FRAGMENTS)
    check_assembly(FRAGMENTS, a)
    assert len(a.shells) >= 6


def test_score_lines_follow_the_assembly():
    """Как посчитать баллы: the score lists each shell, the shape and pearl bonuses, unused fragments, token."""
    flat = [t for g in EXAMPLE for t in g] + ["u-white-1"]
    s = A.setup(2, seed=1, first=1, collected=[flat, []])
    b = A.score(s)[0]
    assert b.total == 36
    for line in b.lines:                  # a shell's line scores the stars it lists
        if "stars" in dict(line.params):
            assert line.points == sum(int(n) for n in dict(line.params)["stars"].split(" + "))
    labels = " | ".join(line.label("en") for line in b.lines)
    for word in ("Ordinary", "Rare", "Unique", "rare shape", "pearl", "Bonus token 2", "Fragments in no whole shell: 1"):
        assert word in labels, labels
    assert all(line.label("ru") for line in b.lines)
