"""Every game's quick reference prints on one A4 sheet (Chromium's own PDF) and fits a 390 px phone without
sideways scrolling, in every language its lesson is taught in."""

from __future__ import annotations

import re

import pytest

import learner_text as L
from tutor.core import reference as R
from voila_harness import new_context

CASES = [(game, lang) for game in R.games_with_reference() for lang in L.lesson_languages(game)]


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("game, lang", CASES)
def test_the_reference_prints_on_one_a4_page(browser, game, lang):
    context = new_context(browser, viewport={"width": 794, "height": 1123})
    try:
        page = context.new_page()
        page.set_content(R.page_html(R.of(game, lang), lang))
        pdf = page.pdf(format="A4", print_background=True)
        assert pdf_pages(pdf) == 1, f"{game} ({lang}) prints on {pdf_pages(pdf)} pages"
        # the print button is for the screen only
        page.emulate_media(media="print")
        assert not page.locator(".ref-print").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("game, lang", CASES)
def test_the_reference_fits_a_phone(browser, game, lang):
    context = new_context(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.set_content(R.page_html(R.of(game, lang), lang))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # no table wider than the phone, to be scrolled inside its box (Мяури's catch table cut «Что делает»): a
        # phone stacks each row, every cell under its column's words
        wide = page.evaluate("() => [...document.querySelectorAll('.ref-table')].filter((b) => b.scrollWidth > "
                             "b.clientWidth + 1).map((b) => b.textContent.slice(0, 40))")
        assert not wide, wide
        # a table of numbers stays a table, its heading row shown (Паперові океани' collections were four stacked
        # boxes, a screen, a reader)
        if game == "sea_salt_paper":
            heads = page.locator(".ref-numbers thead")
            assert heads.count() == 1 and heads.is_visible()
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.tutor-reference *')]
            .filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= 11, f"text of {smallest}px on a phone"
    finally:
        context.close()


def test_the_page_count_reads_a_two_page_pdf(browser):
    """The counter must be able to say 2: a sheet twice as long prints on more than one page."""
    context = new_context(browser)
    try:
        page = context.new_page()
        ref = R.of("maui", "en")
        page.set_content(R.page_html(R.Reference(ref.game, ref.title, ref.blocks * 3, ref.rulings), "en"))
        assert pdf_pages(page.pdf(format="A4")) >= 2
    finally:
        context.close()
