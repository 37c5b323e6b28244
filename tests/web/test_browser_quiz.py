"""The fan quiz in the browser: two accounts (a desktop and a phone page in one Chromium)
play a ranked best of 5 in each pool through to the leaderboard, guessing by name in
the guess box; solo training as a visitor. Screenshots: web-quiz-*."""

from __future__ import annotations

import re

import pytest

from openmahjong.quiz.catalogue import get, patterns
from openmahjong.quiz.hints import compare
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


# Every word of an English hint cell on one line: a narrow cell must wrap between words
WORDS_SPLIT = """() => {
  const split = [];
  for (const el of document.querySelectorAll("td.hint .hint-text")) {
    const node = el.firstChild;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      if (r.getClientRects().length > 1) split.push(m[0]);
    }
  }
  return split;
}"""


def words_whole(page) -> None:
    assert page.page.evaluate(WORDS_SPLIT) == [], "a hint cell breaks a word"


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
            words_whole(b)
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


def test_a_visitor_trains_solo_and_may_not_queue(page, live_server):
    page.open("#/quiz")
    page.page.select_option("select[name=pool]", "riichi")
    page.page.click("[data-testid=quiz-solo-start]")
    page.page.wait_for_selector("[data-testid=quiz-timer]:has-text('s left')")
    solo = live_server.server.config.app.state.quiz.solo
    next(reversed(solo.values())).answer = get("riichi:ittsu")  # neither guess below solves it
    page.page.fill("[data-testid=quiz-guess]", "Riichi")
    page.page.keyboard.press("Enter")
    page.page.wait_for_selector("table.quiz-hints td.hint")
    # a guess with two categories and two values shows both lists, primary first
    page.page.fill("[data-testid=quiz-guess]", "Ura-dora")
    page.page.keyboard.press("Enter")
    row = page.page.wait_for_selector("tr[data-pattern='riichi:ura_dora']")
    assert row.query_selector("td[data-field=category]").inner_text().endswith("Condition, Chance")
    fits_width(page)
    words_whole(page)
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


def test_a_private_room_by_code_keeps_its_rules_and_is_unrated(pair, live_server, monkeypatch):
    """A opens a room (6 guesses, 40 s, related hints off) on the desktop; B joins by its code,
    in lower case, on a phone page in Japanese, and reloads it; A wins 3-0; nobody's rating
    changes."""
    monkeypatch.setattr(quiz_live, "BREAK_SECONDS", 1.0)
    a, b = pair
    names = [new_name("rooma"), new_name("roomb")]
    for page, name in zip(pair, names, strict=True):
        register_in_page(page, name)
    a.open("#/quiz?tab=room")
    a.page.select_option("select[name=guesses]", "6")
    a.page.select_option("select[name=seconds]", "40")
    a.page.uncheck("input[name=related]")
    a.page.click("[data-testid=quiz-create]")
    waiting = a.page.wait_for_selector("[data-testid=quiz-room-code]").inner_text()
    code = re.search(r"Room ([A-Z2-9]{6})", waiting).group(1)
    b.open("#/quiz?tab=room")
    b.page.select_option("#lang", "ja")
    b.page.wait_for_selector("h1:has-text('役当てクイズ')")
    b.page.fill("input[name=code]", code.lower())
    b.page.click("[data-testid=quiz-join]")
    for page in pair:
        page.page.wait_for_selector("[data-testid=quiz-guess]")
    assert code in a.page.inner_text("[data-testid=quiz-score]")
    assert "6 guesses left" in a.page.inner_text(".quiz-status")
    left = int(re.search(r"(\d+) s left", a.page.inner_text("[data-testid=quiz-timer]")).group(1))
    assert 30 < left <= 40
    # the Japanese page completes Japanese names, with the ruleset in the mixed pool
    offered = b.page.eval_on_selector_all("#quiz-names option", "os => os.map(o => o.value)")
    assert "一気通貫 (立直)" in offered and "清龍 (国標)" in offered
    # a reloaded page is sent where its player stands: the running round, its time running on
    b.page.reload()
    b.page.wait_for_selector("[data-testid=quiz-guess]")
    assert "第 1 問" in b.page.inner_text("[data-testid=quiz-score]")
    for rnd in (1, 2, 3):
        a.page.wait_for_selector(f"[data-testid=quiz-score]:has-text('Round {rnd} of 5')")
        answer = the_match(live_server).match.current.answer
        if rnd == 1:
            # a guess that would show yellow with related hints on shows grey here
            miss = next(
                p
                for p in patterns("mcr+riichi")
                if p.id != answer.id and any(h.colour == "yellow" for h in compare(p, answer))
            )
            label = f"{miss.name_ja} ({'国標' if miss.ruleset == 'mcr' else '立直'})"
            b.page.fill("[data-testid=quiz-guess]", label)
            b.page.keyboard.press("Enter")
            row = b.page.wait_for_selector(f"tr[data-pattern='{miss.id}']")
            shown = [c.get_attribute("data-colour") for c in row.query_selector_all("td")]
            assert shown == [h.colour for h in compare(miss, answer, related_hints=False)]
            assert "yellow" not in shown
            fits_width(b)
            b.shot("quiz-room-ja")
        a.page.fill("[data-testid=quiz-guess]", typed(answer, "mcr+riichi"))
        a.page.keyboard.press("Enter")
        a.page.wait_for_selector(f"[data-testid=quiz-answer]:has-text('{answer.name_en}')")
    for page in pair:
        page.page.wait_for_selector("[data-testid=quiz-final]")
    assert names[0] in a.page.inner_text("[data-testid=quiz-final]")
    assert a.page.locator("[data-testid=quiz-rating]").count() == 0  # a room is not rated
    a.shot("quiz-room-final")
    for pool in ("mcr+riichi", "riichi"):
        a.open(f"#/quiz?tab=board&pool={pool.replace('+', '%2B')}")
        a.page.wait_for_selector("[data-testid=quiz-board-empty], [data-testid=quiz-board]")
        board = a.page.inner_text(".quiz-panel")
        assert names[0] not in board and names[1] not in board
