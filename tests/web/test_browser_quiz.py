"""The fan quiz in the browser: two accounts (a desktop and a phone page in one Chromium)
play a ranked best of 5 in each pool through to the leaderboard, guessing by name in
the guess box; solo training as a visitor. Screenshots: web-quiz-*."""

from __future__ import annotations

import pytest

from openmahjong.quiz.catalogue import patterns
from openmahjong.server import quiz_live

from .conftest import SIZES, Page
from .play_helpers import fits_width, new_name, register_in_page


@pytest.fixture
def pair(browser, live_server):
    pages = []
    contexts = []
    for size in ("desktop", "phone"):
        context = browser.new_context(viewport=SIZES[size], locale="en-US")
        contexts.append(context)
        pages.append(Page(context.new_page(), size, live_server.url))
    yield pages
    for context in contexts:
        context.close()
    for p in pages:
        assert not p.problems, "\n".join(p.problems)


def the_match(live_server):
    quiz = live_server.server.config.app.state.quiz
    (live,) = {id(m): m for m in quiz.playing.values()}.values()
    return live


def typed(pattern, pool: str) -> str:
    """The name as the guess box offers it: with its ruleset where the pool mixes two."""
    if pool == "riichi":
        return pattern.name_en
    return f"{pattern.name_en} ({'MCR' if pattern.ruleset == 'mcr' else 'Riichi'})"


@pytest.mark.parametrize("pool", ["riichi", "mcr+riichi"])
def test_a_ranked_match_in_two_browsers_to_the_leaderboard(pair, live_server, monkeypatch, pool):
    monkeypatch.setattr(quiz_live, "BREAK_SECONDS", 1.0)  # the 6 s pause is the server tests'
    a, b = pair
    names = [new_name("quiza"), new_name("quizb")]
    for page, name in zip(pair, names, strict=True):
        register_in_page(page, name)
        page.open("#/quiz?tab=match")
        page.page.select_option("select[name=pool]", pool)
        page.page.click("[data-testid=quiz-queue]")
    a.page.wait_for_selector("[data-testid=quiz-guess]")
    b.page.wait_for_selector("[data-testid=quiz-guess]")
    for rnd in (1, 2, 3):
        a.page.wait_for_selector(f"[data-testid=quiz-score]:has-text('Round {rnd} of 5')")
        b.page.wait_for_selector(f"[data-testid=quiz-score]:has-text('Round {rnd} of 5')")
        answer = the_match(live_server).match.current.answer
        if rnd == 1:  # B misses once: the hints show on B's phone
            miss = next(p for p in patterns("riichi") if p.id != answer.id)
            b.page.fill("[data-testid=quiz-guess]", typed(miss, pool))
            b.page.keyboard.press("Enter")
            b.page.wait_for_selector("table.quiz-hints td.hint")
            cells = b.page.locator("table.quiz-hints tbody tr").first.locator("td")
            assert cells.count() == 5
            marks = cells.locator(".hint-mark").all_inner_texts()
            assert set(marks) <= {"✓", "≈", "✗"}
            if answer.ruleset == "riichi":
                assert cells.nth(1).get_attribute("data-colour") == "green"  # both Riichi
            fits_width(b)
            b.shot(f"quiz-hints-{pool.replace('+', '-')}")
        a.page.fill("[data-testid=quiz-guess]", typed(answer, pool))
        a.page.keyboard.press("Enter")
        for page in pair:
            page.page.wait_for_selector(f"[data-testid=quiz-answer]:has-text('{answer.name_en}')")
        if rnd == 1:
            a.shot(f"quiz-round-end-{pool.replace('+', '-')}")
    for page in pair:
        page.page.wait_for_selector("[data-testid=quiz-final]")
    assert names[0] in a.page.inner_text("[data-testid=quiz-final]")
    assert "+16" in a.page.inner_text("[data-testid=quiz-rating]")
    assert "-16" in b.page.inner_text("[data-testid=quiz-rating]")
    b.shot(f"quiz-final-{pool.replace('+', '-')}")
    b.page.click("a[href='#/quiz?tab=board']")
    b.page.wait_for_selector("[data-testid=quiz-board-empty], [data-testid=quiz-board]")
    assert b.page.input_value("select[name=pool]") == "mcr+riichi"  # MCR + Riichi first
    b.page.select_option("select[name=pool]", pool)
    b.page.wait_for_selector("[data-testid=quiz-board]")
    rows = b.page.locator("[data-testid=quiz-board] tbody tr")
    texts = rows.all_inner_texts()
    first = next(i for i, t in enumerate(texts) if names[0] in t)
    second = next(i for i, t in enumerate(texts) if names[1] in t)
    assert first < second and "1016" in texts[first] and "984" in texts[second]
    fits_width(b)
    b.shot(f"quiz-board-{pool.replace('+', '-')}")


def test_a_visitor_trains_solo_and_may_not_queue(page):
    page.open("#/quiz")
    page.page.select_option("select[name=pool]", "riichi")
    page.page.click("[data-testid=quiz-solo-start]")
    page.page.wait_for_selector("[data-testid=quiz-timer]:has-text('s left')")
    page.page.fill("[data-testid=quiz-guess]", "Riichi")
    page.page.keyboard.press("Enter")
    page.page.wait_for_selector("table.quiz-hints td.hint")
    fits_width(page)
    page.shot("quiz-solo")
    page.open("#/quiz?tab=match")
    page.page.wait_for_selector("[data-testid=quiz-sign-in]")
    # in Chinese the guess box completes Chinese names (with the ruleset in the mixed pool)
    page.open("#/quiz")
    page.page.select_option("#lang", "zh")
    page.page.wait_for_selector("h1:has-text('猜番对抗')")
    page.page.click("[data-testid=quiz-solo-start]")
    page.page.wait_for_selector("[data-testid=quiz-guess]")
    offered = page.page.eval_on_selector_all("#quiz-names option", "os => os.map(o => o.value)")
    assert "清龙 (国标)" in offered and len(offered) == len(patterns("mcr+riichi"))
    page.page.fill("[data-testid=quiz-guess]", "清龙 (国标)")
    page.page.keyboard.press("Enter")
    page.page.wait_for_selector("tr[data-pattern='mcr:pure_straight']")
    page.shot("quiz-solo-zh")
    page.page.select_option("#lang", "en")
