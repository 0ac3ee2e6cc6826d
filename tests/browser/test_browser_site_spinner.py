"""The static site's loading spinner speaks the page's language (issue #32): a Ukrainian page said "Running
sea_salt_paper.uk.ipynb...", "Starting up kernel..." and "Executing 12 of 61" while Pyodide got ready, because the
served pages' words come through a page-template filter the static build does not have (tools/site/pages.py,
localise_spinner). Checked on the spinner of Voilà's own templates, which voici's pages are built from, driven in
Chromium as voici's app drives it; without building the site (tests/browser/test_site.py does that)."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from jupyter_core.paths import jupyter_path

from tools.site.pages import localise_spinner
from tutor.core.i18n import text


def voila_spinner_page(lang: str) -> str:
    """A page as `voici build` writes a lesson's: <html lang>, Voilà's spinner and its helper functions, the hidden
    cells."""
    base = next(Path(p) for p in jupyter_path("voila", "templates", "base") if Path(p, "spinner.macro.html.j2").is_file())
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(base)))
    spinner = env.get_template("spinner.macro.html.j2").module.html()
    helpers = env.get_template("voila_setup.macro.html.j2").module.voila_setup_helper_functions()
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"></head><body>{spinner}{helpers}'
            '<div id="rendered_cells" style="display: none"><div></div></div></body></html>')


def test_the_page_built_from_voilas_templates_has_what_the_build_expects():
    page = voila_spinner_page("uk")
    assert 'id="loading_text">Running' in page and "window.update_loading_text" in page
    with pytest.raises(SystemExit):
        localise_spinner(page.replace('<html lang="uk">', "<html>"))


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_the_static_sites_spinner_says_preparing_the_lesson_in_the_pages_language(browser, lang):
    words = text("ui.page.preparing", lang)
    page = browser.new_page()
    try:
        page.set_content(localise_spinner(voila_spinner_page(lang)))
        said = [page.locator("#loading_text").inner_text()]
        # what voici's app calls while the kernel starts and then for each cell
        for call in ("window.update_loading_text(0, 0, 'Starting up kernel...')",
                     "window.update_loading_text(12, 61, null)"):
            page.evaluate(call)
            said.append(page.locator("#loading_text").inner_text())
        assert said == [words] * 3, said
        assert page.locator("#loading").is_visible()
    finally:
        page.close()
