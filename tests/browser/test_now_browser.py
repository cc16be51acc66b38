"""What happens now? (explorer/; issue 13, points 1, 6, 7 and 9), in the browser.

The story is told through the page's own controls, and what the page answers is compared with
lawkit's Python engine on the same record, read back from the page's address: the rulings (rule,
law, the sentence in players' words) and the next question. The `page` fixture fails a test on a
console error or on any request leaving 127.0.0.1.
"""

from __future__ import annotations

import gzip
import re
from urllib.parse import urlparse

import pytest

import lawkit
from conftest import suite_scenarios  # tests/conftest.py
from lawkit.site.explorer import state_fragment

from .conftest import REPO, SHOTS, shot
from .test_reading_browser import _violations

PAGE = "/explorer/"
ANSWER = "#lk-now .lk-now__answer"
CODE = "auction-bridge-1912"
# The story the tests tell: the dealer, North, deals the queen of spades to East face up.
DEALT_FACE_UP = {"dealer": "north", "events": [{"deal": {"to": "east", "card": "QS", "face_up": True}}]}


@pytest.fixture(scope="module")
def engine(corpus) -> lawkit.Engine:
    return lawkit.Engine(corpus)


def _answered(page, before: int = 0) -> int:
    """Wait for the page to show an answer after the ``before``-th, and to write its address; the
    number of answers shown."""
    page.wait_for_function(f"(box => Number(box.dataset.answered || 0) > {before} && !box.dataset.saving)"
                           "(document.getElementById('lk-now'))", timeout=60_000)
    return int(page.evaluate("document.getElementById('lk-now').dataset.answered"))


def _answer_text(page) -> str:
    """The answer's text as a reader sees it once it is scrolled to: innerText with every code's
    panel laid out (now.css lets the browser skip a panel off screen, and innerText then leaves it
    out)."""
    return page.evaluate("""selector => {
      const panels = [...document.querySelectorAll(selector + ' .lk-now__code-answer')]
      for (const panel of panels) panel.style.contentVisibility = 'visible'
      const text = document.querySelector(selector).innerText
      for (const panel of panels) panel.style.contentVisibility = ''
      return text
    }""", ANSWER)


def _open(page, fragment: str = "") -> None:
    page.goto(page.base_url + PAGE + fragment)
    _answered(page)


def _state(page) -> dict:
    """The state in the page's address, read by share.js as the page reads it."""
    return page.evaluate("async () => (await import('/assets/lawkit/explorer/share.js')).readState(['s'])")


def _shown(page) -> dict[str, list[tuple[str, str]]]:
    """Per code shown, its rulings: (rule key, the sentence)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.lk-now__code-answer')].map(p =>
      [p.dataset.code, [...p.querySelectorAll('.lk-ruling-card')].map(r =>
        [r.dataset.rule, r.querySelector('.lk-ruling-card__says').textContent])]))""")


def _python(engine, code: str, record: dict) -> list[tuple[str, str]]:
    result = engine.ruling(code, record)
    return [(r.rule, r.says) for r in result.rulings]


def _same(shown: list[tuple[str, str]], python: list[tuple[str, str]]) -> None:
    assert [rule for rule, _ in shown] == [rule for rule, _ in python]
    for (_, page_says), (_, says) in zip(shown, python):
        if says is not None:  # a rule without a sentence is said by its outcome and values
            assert page_says == says


def _next_question(engine, codes: list[str], record: dict) -> str | None:
    """The question the page should ask next: of every code's missing facts, the one most rules need."""
    needed: dict[str, int] = {}
    for code in codes:
        for missing in engine.ruling(code, record).missing_facts:
            if missing.get("type") is not None:
                needed[missing["fact"]] = needed.get(missing["fact"], 0) + len(missing["needed_by"])
    return min(needed, key=lambda fact: (-needed[fact], fact)) if needed else None


def _choose(page, label: str, value: str, within: str = "#lk-now") -> None:
    page.locator(within).get_by_label(label, exact=True).select_option(value)


def test_an_event_told_and_a_question_answered_give_the_python_ruling(page, engine):
    _open(page)
    count = _answered(page)
    _choose(page, "Under the laws of", CODE)
    count = _answered(page, count)
    _choose(page, "Dealer", "north")
    count = _answered(page, count)
    _choose(page, "Kind of event", "deal")
    form = page.locator(".lk-now__add")
    form.get_by_label("to (required)").select_option("east")
    form.get_by_label("card", exact=True).select_option("QS")
    form.get_by_label("face up").check()
    form.get_by_role("button", name="Add this event").click()
    count = _answered(page, count)
    record = _state(page)["s"]
    assert record == DEALT_FACE_UP
    asked = page.locator(".lk-now__question").get_attribute("data-fact")
    assert asked == _next_question(engine, [CODE], record)
    _same(_shown(page)[CODE], _python(engine, CODE, record))
    page.locator(".lk-now__question").get_by_role("button", name="No").click()
    _answered(page, count)
    record = _state(page)["s"]
    assert record["answers"] == {asked: False}
    _same(_shown(page)[CODE], _python(engine, CODE, record))
    assert _shown(page)[CODE], "the story rules under this code"
    assert engine.ruling(CODE, record).missing_facts == [] and page.locator(".lk-now__question").count() == 0


def test_every_code_side_by_side(page, engine, corpus):
    _open(page, "#" + state_fragment({"code": "all", "s": DEALT_FACE_UP}))
    shown = _shown(page)
    assert list(shown) == list(corpus.codes)
    for code in corpus.codes:
        _same(shown[code], _python(engine, code, DEALT_FACE_UP))
    assert sum(len(r) for r in shown.values()) >= 8
    # Each ruling's law is a link to its code page, with the law's preview.
    law = page.locator(f'.lk-now__code-answer[data-code="{CODE}"] .lk-ruling-card__law a[data-law]').first
    law.focus()
    page.wait_for_selector("#lk-tip:not([hidden])")
    cited = law.get_attribute("data-law")
    assert corpus.law_of(cited).name in page.inner_text("#lk-tip")
    assert urlparse(law.get_attribute("href")).path == f"/laws/{CODE}/"
    page.keyboard.press("Escape")  # the preview hides
    # The law's text at hand, and the why in words.
    card = page.locator(f'.lk-now__code-answer[data-code="{CODE}"] .lk-ruling-card').first
    card.locator(".lk-ruling-card__text summary").click()
    opening = corpus.law_of(card.get_attribute("data-law")).text.split()[:4]
    assert " ".join(opening).replace("_", "") in card.locator(".lk-ruling-card__text").inner_text()
    card.locator(".lk-ruling-card__why summary").click()
    why = card.locator(".lk-why").inner_text()
    assert "Because of event 1: deal to East: queen of spades, face up." in why
    # The rules' names and CEL only behind the developers' toggle.
    conditional = page.locator(".lk-ruling-card:has(.lk-why code.lk-dev)").first
    conditional.locator("details.lk-ruling-card__why").evaluate("why => { why.open = true }")
    cel = [conditional.locator(".lk-why code.lk-dev").first, conditional.locator(".lk-ruling-card__law .lk-dev")]
    assert not any(c.is_visible() for c in cel)
    page.get_by_label("Show the rules' names, their CEL and the record as data (for developers)").check()
    page.wait_for_function("!document.getElementById('lk-now').dataset.saving")
    assert all(c.is_visible() for c in cel)
    assert conditional.locator(".lk-ruling-card__law .lk-dev").inner_text().startswith(
        conditional.get_attribute("data-rule"))
    assert _state(page)["dev"] == "1"
    page.get_by_label("Show the rules' names, their CEL and the record as data (for developers)").uncheck()
    page.locator(ANSWER).screenshot(path=str(SHOTS / "now-compared-1280.png"))  # a ruling compared across codes


def _scenario(name: str):
    for scenario in suite_scenarios():
        if scenario.name == name:
            return scenario
    raise AssertionError(f"no scenario {name!r}")


def test_the_link_from_a_law_opens_its_worked_example(page, engine):
    page.goto(page.base_url + f"/laws/{CODE}/")
    page.locator('.lk-law:has(h3[id="37"]) details.lk-clauses > summary').click()  # the rules box, fetched when opened
    link = page.locator('.lk-law:has(h3[id="37"]) a.lk-try__link')
    assert link.inner_text() == "Try this law in What happens now? →"
    name = link.get_attribute("title").removeprefix("With its worked example: ")
    link.click()
    page.wait_for_url(re.compile(r"/explorer/#"))
    _answered(page)
    scenario = _scenario(name)
    state = _state(page)
    assert state["code"] == CODE and state["s"] == scenario.record
    shown = _shown(page)
    assert list(shown) == [CODE]
    _same(shown[CODE], _python(engine, CODE, scenario.record))
    assert any(rule.startswith(f"{CODE}/37#") for rule, _ in shown[CODE]), "the law's own rule rules"


def test_a_shared_address_reopens_the_same_answer(page, browser):
    _open(page)
    count = _answered(page)
    _choose(page, "Kind of event", "call")
    form = page.locator(".lk-now__add")
    form.get_by_label("by (required)").select_option("south")
    form.get_by_label("bid (required)").fill("1H")
    form.get_by_role("button", name="Add this event").click()
    _answered(page, count)
    address = page.url
    answer, questions = _answer_text(page), page.inner_text(".lk-now__questions")
    assert "Call by South: bid 1H" in page.inner_text(".lk-now__event-list")
    other = browser.new_context(viewport={"width": 390, "height": 844})
    second = other.new_page()
    second.goto(address)
    second.wait_for_function("Number(document.getElementById('lk-now').dataset.answered || 0) > 0")
    assert _answer_text(second) == answer and second.inner_text(".lk-now__questions") == questions
    heading = second.locator(f"{ANSWER} .lk-now__code-answer h3").first.text_content()
    assert heading and heading in answer, "the answer is read with its codes' panels, not its heading alone"
    other.close()


def _panels_marked(page) -> dict[str, bool]:
    """Per code shown, whether its panel is the node marked by ``_mark_panels`` (kept, not drawn again)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.lk-now__code-answer')]
      .map(p => [p.dataset.code, p.lkMarked === true]))""")


def _mark_panels(page) -> None:
    page.evaluate("() => document.querySelectorAll('.lk-now__code-answer').forEach(p => { p.lkMarked = true })")


def _tell(page, record: dict, count: int) -> int:
    """The story changed through the address (as a shared link opened on the page would), every kept
    work of the engine forgotten first: the page gets results it has never seen."""
    page.evaluate(f"""async () => {{
      (await (await import('/assets/lawkit/explorer/explorer.js')).open()).engine.forget()
      location.hash = {state_fragment({"code": "all", "s": record})!r}
    }}""")
    return _answered(page, count)


def test_a_panel_is_drawn_again_only_when_its_answer_changed_and_never_stale(page, engine, corpus):
    _open(page, "#" + state_fragment({"code": "all", "s": DEALT_FACE_UP}))
    count = _answered(page)
    _mark_panels(page)
    # A fault ticked that changes no ruling: new results, the same answers, every panel kept.
    ticked = {**DEALT_FACE_UP, "irregularities": ["card-dealt-twice"]}
    count = _tell(page, ticked, count)
    assert all(_panels_marked(page).values()), _panels_marked(page)
    for code in corpus.codes:
        _same(_shown(page)[code], _python(engine, code, ticked))
    # Another card dealt face up: the why of the code's rulings names it, so its panel is drawn
    # again and tells the new card; what the page shows is Python's answer, code by code.
    other = {"dealer": "north", "events": [{"deal": {"to": "east", "card": "KS", "face_up": True}}]}
    count = _tell(page, other, count)
    shown = _shown(page)
    for code in corpus.codes:
        _same(shown[code], _python(engine, code, other))
    assert not _panels_marked(page)[CODE], "its rulings' why changed, its panel was not drawn again"
    why = page.locator(f'.lk-now__code-answer[data-code="{CODE}"] .lk-why').first
    assert "king of spades" in why.evaluate("list => list.textContent")
    # What the page shows then, every panel read (those off screen too) and the questions, is what a
    # page opened on that story shows: nothing left of the story before.
    answer, questions = _answer_text(page), page.inner_text(".lk-now__questions")
    page.goto("about:blank")
    _open(page, "#" + state_fragment({"code": "all", "s": other}))
    assert _answer_text(page) == answer and page.inner_text(".lk-now__questions") == questions


def test_an_event_taken_back_or_told_changes_its_item_alone(page):
    story = {"dealer": "north", "events": [{"deal": {"to": "east", "card": "QS", "face_up": True}},
                                          {"deal": {"to": "south", "card": "KS"}},
                                          {"deal": {"to": "west", "card": "AS"}}]}
    _open(page, "#" + state_fragment({"code": CODE, "s": story}))
    count = _answered(page)
    items = ".lk-now__event-list > li"
    page.evaluate(f"() => document.querySelectorAll({items!r}).forEach(li => {{ li.lkMarked = true }})")
    page.get_by_role("button", name="Remove event 3").click()
    count = _answered(page, count)
    assert page.locator(items).evaluate_all("lis => lis.map(li => li.lkMarked === true)") == [True, True]
    assert _state(page)["s"]["events"] == story["events"][:2]
    _choose(page, "Kind of event", "deal")
    form = page.locator(".lk-now__add")
    form.get_by_label("to (required)").select_option("north")
    form.get_by_label("card", exact=True).select_option("2C")
    form.get_by_role("button", name="Add this event").click()
    count = _answered(page, count)
    assert page.locator(items).evaluate_all("lis => lis.map(li => li.lkMarked === true)") == [True, True, False]
    page.get_by_role("button", name="Remove event 1").click()
    _answered(page, count)
    told = _state(page)["s"]
    assert told["events"] == [story["events"][1], {"deal": {"to": "north", "card": "2C"}}]
    # The list, its buttons' names and what each removes, as a page opened on the story shows them.
    shown = page.locator(items).evaluate_all("lis => lis.map(li => [li.textContent, li.querySelector('button').ariaLabel])")
    page.goto("about:blank")
    _open(page, "#" + state_fragment({"code": CODE, "s": told}))
    assert page.locator(items).evaluate_all("lis => lis.map(li => [li.textContent, li.querySelector('button').ariaLabel])") == shown
    assert [label for _, label in shown] == ["Remove event 1", "Remove event 2"]


def test_an_event_the_record_cannot_hold_is_refused_saying_why(page):
    _open(page)
    _choose(page, "Kind of event", "call")
    form = page.locator(".lk-now__add")
    form.get_by_label("by (required)").select_option("south")
    form.get_by_label("bid (required)").fill("9Z")
    form.get_by_role("button", name="Add this event").click()
    said = form.get_by_role("alert").inner_text()
    assert said.startswith("This event cannot be added: ") and "'9Z'" in said and "event 1" in said, said
    assert page.locator(".lk-now__event-list").inner_text().startswith("Nothing yet")
    assert "s" not in _state(page)


def test_a_damaged_address_says_so_and_starts_anew(page):
    _open(page, "#code=bridge-1904&s=not-a-story")
    assert "the address's state could not be read" in page.inner_text(".lk-now__status")
    assert "the story starts anew" in page.inner_text(".lk-now__status")
    assert page.locator(".lk-now__event-list").inner_text().startswith("Nothing yet")


def _tab_to(page, test: str, limit: int = 80) -> None:
    """Press Tab until the focused element passes ``test`` (a JavaScript expression on ``el``)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(el => !!el && ({test}))(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached {test}")


def test_told_and_answered_from_the_keyboard_alone(page, engine):
    _open(page)
    count = _answered(page)
    _tab_to(page, "el.closest('.lk-now__code') && el.tagName === 'SELECT'")
    page.keyboard.type("Auction Bridge, 1912")
    count = _answered(page, count)
    _tab_to(page, "el.tagName === 'SELECT' && el.closest('.lk-now__table')")
    page.keyboard.type("North")
    count = _answered(page, count)
    _tab_to(page, "el.tagName === 'SELECT' && el.closest('.lk-now__add')")
    page.keyboard.type("Deal")
    _tab_to(page, "el.tagName === 'SELECT' && el.closest('.lk-now__fields')")  # to
    page.keyboard.type("East")
    _tab_to(page, "el.tagName === 'SELECT' && el.closest('.lk-now__fields')")  # card
    page.keyboard.type("Q")  # the first queen: of spades
    _tab_to(page, "el.type === 'checkbox' && el.closest('.lk-now__fields')")  # face up
    page.keyboard.press("Space")
    _tab_to(page, "el.textContent === 'Add this event'")
    page.keyboard.press("Enter")
    count = _answered(page, count)
    assert _state(page)["s"] == DEALT_FACE_UP, "the keys told the same story"
    _tab_to(page, "el.textContent === 'No' && el.closest('.lk-now__question')")
    page.keyboard.press("Enter")
    _answered(page, count)
    record = _state(page)["s"]
    _same(_shown(page)[CODE], _python(engine, CODE, record))
    assert _shown(page)[CODE]


@pytest.mark.parametrize("width,scheme", [(1280, "light"), (390, "dark")])
def test_the_answer_is_accessible_and_reads_on_a_phone(fresh_page, width, scheme):
    page = fresh_page(width, scheme=scheme)
    page.goto(page.base_url + PAGE + "#" + state_fragment({"code": "all", "s": DEALT_FACE_UP}))
    page.wait_for_function("Number(document.getElementById('lk-now').dataset.answered || 0) > 0")
    page.locator(".lk-ruling-card__why summary").first.click()
    page.locator(".lk-ruling-card__text summary").first.click()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"now-{width}-{scheme}")
    page.locator(ANSWER).screenshot(path=str(SHOTS / f"now-answer-{width}-{scheme}.png"))
    assert _violations(page) == []

@pytest.mark.parametrize("width", [1280, 390])
def test_a_long_storys_numbers_are_shown_whole(fresh_page, width):
    """The list of events scrolls, and a scrolling box clips what lies outside it: each event's
    number ("14.") must fit inside the list's own box, not be cut to "4."."""
    seats = ["east", "south", "west", "north"]
    deal = [{"deal": {"to": seats[i % 4], "card": rank + "S"}} for i, rank in enumerate("AKQJT98765432")]
    story = {"dealer": "north", "events": deal + [{"deal": {"to": "east", "card": "AH"}}]}
    page = fresh_page(width)
    page.goto(page.base_url + PAGE + "#" + state_fragment({"code": CODE, "s": story}))
    _answered(page)
    room = page.evaluate("""() => {
      const list = document.querySelector('.lk-now__event-list')
      const item = list.querySelector('li:last-child')
      const probe = document.createElement('span')
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre'
      probe.textContent = list.children.length + '. '  // the marker's text, in the item's own font
      item.append(probe)
      const number = probe.getBoundingClientRect().width
      probe.remove()
      return {items: list.children.length, number,
              inside: item.getBoundingClientRect().left - list.getBoundingClientRect().left}
    }""")
    assert room["items"] == 14
    assert room["inside"] >= room["number"], room


def test_no_rulebook_before_a_code_is_asked_and_only_its_own_then(page, site_dir):
    """Opening the page loads the explorer and its model, no rulebook (at most 150 KB gzipped, as
    the budget test counts it); telling a story under one code loads that code's rulebook and laws."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(urlparse(request.url).path))
    _open(page)
    explorer = [p for p in asked if p.startswith(("/assets/lawkit/explorer/", "/api/explorer/"))]
    assert not [p for p in explorer if p.endswith(".json") and p not in ("/api/explorer/model.json",
                                                                          "/api/explorer/index.json")], explorer
    zipped = sum(len(gzip.compress((site_dir / p.lstrip("/")).read_bytes(), 9)) for p in set(explorer))
    assert zipped <= 150_000, f"{zipped} bytes gzipped before a code is asked"
    count = _answered(page)
    _choose(page, "Under the laws of", "bridge-1904")
    count = _answered(page, count)
    _choose(page, "Dealer", "north")
    _answered(page, count)
    loaded = sorted(p for p in asked if p.startswith("/api/explorer/") and p.endswith(".json"))
    assert loaded == ["/api/explorer/bridge-1904.json", "/api/explorer/bridge-1904.laws.json",
                      "/api/explorer/index.json", "/api/explorer/model.json"]


def test_every_formalized_law_links_to_its_worked_example(site_dir, corpus, engine):
    """Each law with rules, on its code page, links to the page with a story in which it rules
    (the address decoded as share.js reads it; the ruling is the Python engine's)."""
    import base64
    import html
    import json
    from urllib.parse import parse_qs

    checked = 0
    for code in corpus.codes.values():
        book = corpus.rulebooks[code.id]
        formalized = {corpus.law_of(rule.law).id for rule in book.rules}
        page = (site_dir / "laws" / code.id / "index.html").read_text("utf-8")
        for block in page.split('<div class="lk-law">')[1:]:
            anchor = html.unescape(re.search(r'<h3 id="([^"]+)"', block).group(1))
            law = f"{code.id}/{anchor}"
            fold = site_dir / "api" / "folds" / code.id / f"{anchor}.json"  # the rules box, fetched when opened
            rules = json.loads(fold.read_text("utf-8"))["parts"].get("rules", "") if fold.exists() else ""
            link = re.search(r'class="lk-try__link" href="[^"#]*#([^"]*)"', rules)
            assert (link is not None) == (law in formalized), law
            if link is None:
                continue
            state = parse_qs(html.unescape(link.group(1)))
            assert state["code"] == [code.id]
            text = state["s"][0]
            record = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
            assert law in {corpus.law_of(r.law).id for r in engine.ruling(code.id, record).rulings}, law
            checked += 1
    assert checked == sum(len({corpus.law_of(r.law).id for r in b.rules}) for b in corpus.rulebooks.values())


PRACTICE = """async ([story]) => {
  const explorer = await (await import('/assets/lawkit/explorer/explorer.js')).open()
  window.lkExplorer = explorer
  const engine = explorer.engine
  const kept = () => Object.fromEntries(Object.entries(engine.kept).map(([step, store]) => [step, [...store.keys()]]))
  const results = () => Object.keys(engine.books).map(code => engine.ruling(code, story))
  if (!window.lkPractice) window.lkPractice = {kept: kept(), results: results()}
  const practice = explorer.warming
  return {before: window.lkPractice.kept, after: kept(), running: practice.running, rounds: practice.rounds,
    same: results().every((result, i) => result === window.lkPractice.results[i])}
}"""


def test_the_page_practises_in_idle_time_and_leaves_the_readers_work_as_it_was(page, engine, corpus):
    """After an answer the explorer practises in idle time (Explorer.warmUp) on a whole hand made
    for it (record.sampleHand) and on the story, under every code loaded: it ends by itself after
    some rounds, and leaves the engine's kept work as the page's inputs left it (the same entries,
    the same results given again); the hand it practises on is one the Python engine rules as the
    page does, code by code, whole results."""
    from .test_explorer_browser import _normal, _without_positions

    _open(page, "#" + state_fragment({"code": "all", "s": DEALT_FACE_UP}))
    first = page.evaluate(PRACTICE, [DEALT_FACE_UP])
    page.wait_for_function("!window.lkExplorer.warming.running", timeout=120_000, polling=200)
    done = page.evaluate(PRACTICE, [DEALT_FACE_UP])
    assert not done["running"] and 40 <= done["rounds"] <= 120, done
    assert done["after"] == first["before"] and len(done["after"]["situations"]) == 1, done
    assert done["same"], "a result the page's input kept was made again after the practice"
    sample, results = page.evaluate("""async () => {
      const {sampleHand} = await import('/assets/lawkit/explorer/record.js')
      const explorer = await (await import('/assets/lawkit/explorer/explorer.js')).open()
      const hand = sampleHand()
      return [hand, explorer.codes.map(c => [c.id, explorer.engine.ruling(c.id, hand)])]
    }""")
    kinds = [next(iter(e)) for e in sample["events"]]
    assert (kinds.count("deal"), kinds.count("call"), kinds.count("play")) == (52, 4, 52)
    assert sorted(code for code, _ in results) == sorted(corpus.codes)
    for code, result in results:
        assert _normal(result) == _normal(_without_positions(engine.ruling(code, sample).as_json())), code
