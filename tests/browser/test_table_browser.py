"""The explorer's table pages in the browser (issue 13, points 2 to 5): the hand stepped through,
the cut for the table, the deal checker and the scorer, each against the Python engine.

Every page rules with the explorer's evaluator (lawkit/site/assets/explorer/); these tests put the
same records to the Python engine (and the score sheets of tests/scores/ to lawkit.rules.scoring)
and compare what the page shows: the rulings at the event flagged, the partnerships, the verdict on
a deal and who deals next, every hand's entries on the sheet. The state goes in through the address
(as a shared link would), the controls are worked from the keyboard, and axe-core checks the pages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lawkit
from lawkit.corpus import load_document
from lawkit.rules.scenarios import load
from lawkit.rules.scoring import LINES, Scorer, ScoreError, read_hands
from lawkit.site.explorer import state_fragment

from .conftest import REPO, assert_quiet, shot, watched_page

SEATS = ["north", "east", "south", "west"]
SCORES = sorted((REPO / "tests" / "scores").glob("*.yaml"))
# Rulings on the ordinary course of a hand, which the hand page shows at their event without a flag.
ORDINARY = {"trump-card", "shuffle-right", "next-dealer", "cut-card", "partnerships-and-dealer", "players-chosen"}


@pytest.fixture(scope="module")
def engine(corpus) -> lawkit.Engine:
    return lawkit.Engine(corpus)


def _ready(page, before: str | None = None) -> str:
    """Wait for the page's module to have drawn its answer (a new one, when ``before`` is given) and
    written it in the address (just after it is drawn)."""
    page.wait_for_function("([b]) => { const t = document.querySelector('.lk-table'), r = t.dataset.ready; "
                           "return r !== undefined && r !== b && r !== 'error' && !t.dataset.saving }", arg=[before],
                           timeout=30_000)
    return page.evaluate("document.querySelector('.lk-table').dataset.ready")


def _state(page) -> str:
    return page.evaluate("location.hash")


# -- the hand as players see it ---------------------------------------------------------------

def _hands(site_dir: Path) -> list[dict]:
    return json.loads((site_dir / "api" / "explorer" / "hands.json").read_text("utf-8"))["hands"]


def _flagged(result) -> dict[int, list]:
    found: dict[int, list] = {}
    for ruling in result.rulings:
        for step in ruling.trace:
            if step["step"] == "event":
                found.setdefault(step["event"], []).append(ruling)
    return found


def test_the_hands_page_holds_the_scenarios_whole_hands(site_dir):
    hands = _hands(site_dir)
    assert len(hands) >= 20
    assert all(sum(1 for e in h["record"]["events"] if "deal" in e) >= 52 for h in hands)


def test_each_codes_laws_file_has_every_law_its_rules_cite(site_dir, engine):
    for code, book in engine.corpus.rulebooks.items():
        laws = json.loads((site_dir / "api" / "explorer" / f"{code}.laws.json").read_text("utf-8"))["laws"]
        cited = {rule.law for rule in book.rules} | {c.law for c in book.constants.values()}
        assert cited <= set(laws), code
        assert all(law["href"].startswith(f"laws/{engine.corpus.law_of(id).code}/") and "#" in law["href"]
                   and law["text"] for id, law in laws.items())


def test_a_hand_stepped_to_its_revoke_shows_the_engines_ruling_there(page, site_dir, engine):
    hands = _hands(site_dir)
    number = next(i for i, h in enumerate(hands) if h["name"].startswith("West renounces in clubs"))
    hand = hands[number]
    code = hand["codes"][0]
    result = engine.ruling(code, engine.situation(hand["record"]))
    flagged = _flagged(result)
    irregular = sorted(i for i, rulings in flagged.items() if any(r.outcome not in ORDINARY for r in rulings))
    assert irregular, "the scenario has an irregularity under its code"
    page.goto(page.base_url + f"/explorer/hand/#h={number}")
    _ready(page)
    shown = page.locator(".lk-buttons [data-goto]")
    assert [int(b) - 1 for b in shown.evaluate_all("bs => bs.map(b => b.dataset.goto)")] == irregular
    first = irregular[0]
    before = page.evaluate("document.querySelector('.lk-table').dataset.ready")
    shown.first.click()
    _ready(page, before)
    box = page.locator(f".lk-irregularity[data-event='{first}']")
    got = box.locator("li.lk-ruling").evaluate_all(
        "ls => ls.map(l => [l.dataset.rule, l.dataset.outcome, JSON.parse(l.dataset.values), "
        "l.querySelector('.lk-ruling__says').textContent, l.querySelector('a.lk-ref').dataset.law])")
    rules = {rule.key: rule for rule in engine.corpus.rulebooks[code].rules}
    want = [[r.rule, r.outcome, json.loads(json.dumps(r.values)), r.says or rules[r.rule].description, r.law]
            for r in flagged[first]]
    assert got == want
    # The law is a link with its preview: hovering it shows the law's text.
    link = box.locator("a.lk-ref").first
    link.hover()
    page.wait_for_selector("#lk-tip:not([hidden])")
    assert engine.corpus.law_of(flagged[first][0].law).name in page.inner_text("#lk-tip")
    # The whole hand's rulings are the Python engine's, in its order.
    whole = page.locator(".lk-whole li.lk-ruling").evaluate_all("ls => ls.map(l => l.dataset.rule)")
    assert whole == [r.rule for r in result.rulings]
    assert f"e={first + 1}" in _state(page)
    page.mouse.move(0, 0)
    page.locator(".lk-now").scroll_into_view_if_needed()
    shot(page, "table-hand-irregularity")


def test_the_hand_is_stepped_with_the_keyboard_and_the_step_is_in_the_address(page, site_dir):
    page.goto(page.base_url + "/explorer/hand/#h=0&e=5")
    ready = _ready(page)
    assert ready.endswith(":5")
    page.locator("body").press("ArrowRight")
    ready = _ready(page, ready)
    assert ready.endswith(":6") and "e=6" in _state(page)
    # Home and End from the hand's controls (elsewhere they scroll the page, as ever).
    page.get_by_role("button", name="One event on").focus()
    page.keyboard.press("Home")
    ready = _ready(page, ready)
    assert ready.endswith(":0")
    page.keyboard.press("End")
    ready = _ready(page, ready)
    total = len(_hands(site_dir)[0]["record"]["events"])
    assert ready.endswith(f":{total}")
    # The buttons are reached with Tab and pressed with Enter.
    back = page.get_by_role("button", name="One event back")
    back.focus()
    page.keyboard.press("Enter")
    ready = _ready(page, ready)
    assert ready.endswith(f":{total - 1}")
    # Opening the address again gives the same step.
    address = page.url
    page.goto("about:blank")
    page.goto(address)
    assert _ready(page).endswith(f":{total - 1}")


# -- the cut for the table ---------------------------------------------------------------------

def _cut_record(cards: dict[str, str]) -> dict:
    return {"events": [{"cut": {"by": player, "card": card}} for player, card in cards.items()]}


def _value(result, name):
    return next((r.values[name] for r in result.rulings if name in r.values), None)


def _settled(page) -> dict[str, dict]:
    return dict(page.locator(".lk-code[data-code]").evaluate_all(
        "ss => ss.map(s => [s.dataset.code, JSON.parse(s.querySelector('.lk-verdict').dataset.settled)])"))


def test_four_chosen_cuts_give_the_partnerships_of_the_python_rules(page, engine):
    cards = {"Ann": "QS", "Bob": "3H", "Cal": "5D", "Dan": "KC"}
    page.goto(page.base_url + "/explorer/cut/#" + state_fragment({"n": 4, "c": {p: [c] for p, c in cards.items()}}, ("c",)))
    _ready(page)
    settled = _settled(page)
    want = {}
    for code in engine.corpus.rulebooks:
        result = engine.ruling(code, _cut_record(cards))
        if result.rulings:
            want[code] = {"partnerships": _value(result, "partnerships"), "first_dealer": _value(result, "first_dealer")}
    assert {code: {k: s.get(k) for k in ("partnerships", "first_dealer")} for code, s in settled.items()} == want
    assert want["auction-bridge-1912"] == {"partnerships": [["Bob", "Cal"], ["Ann", "Dan"]], "first_dealer": "Bob"}
    page.locator(".lk-codes").scroll_into_view_if_needed()
    shot(page, "table-cut-four")


def test_six_candidates_the_four_who_play_then_cut_for_partners(page, engine):
    first = {"Ann": "QS", "Bob": "3H", "Cal": "5D", "Dan": "KC", "Eve": "7S", "Fay": "2C"}
    second = {"Bob": "9H", "Cal": "4C", "Eve": "JD", "Fay": "6S"}
    third = {"Bob": "KH", "Cal": "2D", "Eve": "8C", "Fay": "QD"}  # to cut out, when the first rubber is over
    cuts = {p: [c] + ([second[p], third[p]] if p in second else []) for p, c in first.items()}
    page.goto(page.base_url + "/explorer/cut/#" + state_fragment({"n": 6, "c": cuts, "code": "auction-bridge-1912"}, ("c",)))
    _ready(page)
    code = "auction-bridge-1912"
    chosen = engine.ruling(code, _cut_record(first))
    players = _value(chosen, "players")
    assert sorted(players) == sorted(second)
    partners = engine.ruling(code, _cut_record({p: second[p] for p in players}))
    waiting = _value(chosen, "waiting")
    out = engine.ruling(code, {"events": [{"cut": {"by": p, "card": third[p], "purpose": "cutting-out"}} for p in players],
                               "answers": {"claiming_admission": len(waiting),
                                           "rubbers_played": [{"player": p, "consecutive_rubbers": 1} for p in players]}})
    settled = _settled(page)[code]
    assert settled == {"players": players, "waiting": waiting,
                       "partnerships": _value(partners, "partnerships"), "first_dealer": _value(partners, "first_dealer"),
                       "cut_out": _value(out, "withdraw")}
    assert sorted(settled["cut_out"]) == ["Bob", "Fay"]  # the king and queen are the highest of the four
    steps = page.locator(".lk-code[data-code='auction-bridge-1912'] .lk-steps > li")
    assert steps.count() == 3
    assert "auction-bridge-1912/21" in steps.nth(2).locator("li.lk-ruling").evaluate_all("ls => ls.map(l => l.dataset.law)")
    laws = steps.nth(1).locator("li.lk-ruling").evaluate_all("ls => ls.map(l => l.dataset.law)")
    assert "auction-bridge-1912/18" in laws
    # A card chosen from the keyboard in its labelled select changes the cut and the address.
    select = page.get_by_label("Fay's card")
    before = page.evaluate("document.querySelector('.lk-table').dataset.ready")
    select.focus()
    select.select_option("KD")  # a king is among the highest in cutting (the ace is low): Fay now waits
    _ready(page, before)
    settled = _settled(page)[code]
    assert "Fay" in settled["waiting"]
    state = page.evaluate("location.hash")
    assert "c=" in state
    shot(page, "table-cut-six")


# Each code's section as data: its elements, their attributes (in any order) and text (each
# element's runs of text joined), to compare a page changed in place with one drawn afresh.
_SECTIONS = """root => { const walk = n => n.nodeType === Node.TEXT_NODE ? n.data : n.nodeType !== Node.ELEMENT_NODE ? '' :
  [n.localName, [...n.attributes].map(a => [a.name, a.value]).sort(),
   [...n.childNodes].map(walk).reduce((a, c) => typeof c === 'string' && typeof a[a.length - 1] === 'string'
     ? [...a.slice(0, -1), a[a.length - 1] + c] : [...a, c], []).filter(c => c !== '')]
  return walk(root) }"""


def test_the_cut_changed_input_by_input_shows_what_a_fresh_page_shows(page):
    """The page keeps each code's section and changes it in place (cut.js): after draws, a new count
    of candidates, a card chosen and a code asked for, each section is what opening its address draws."""
    page.goto(page.base_url + "/explorer/cut/")
    before = _ready(page)
    seen = []

    def then(act):
        nonlocal before
        act()
        before = _ready(page, before)
        seen.append((_state(page), page.locator(".lk-codes").evaluate(_SECTIONS)))

    draw = page.get_by_role("button", name="Draw the cards at random")
    count, code = page.get_by_label("Candidates", exact=True), page.get_by_label("Code", exact=True)
    for act in [draw.click, draw.click, lambda: count.select_option("6"), draw.click,
                lambda: page.get_by_label("Cal's card").select_option("AS"), lambda: count.select_option("5"),
                lambda: code.select_option("auction-bridge-1912"), draw.click, lambda: code.select_option(""),
                lambda: count.select_option("8"), draw.click, lambda: count.select_option("4")]:
        then(act)
    assert len({state for state, _ in seen}) >= 10, "the inputs changed the cuts"
    for state, sections in seen:
        page.goto("about:blank")
        page.goto(page.base_url + "/explorer/cut/" + state)
        _ready(page)
        assert page.locator(".lk-codes").evaluate(_SECTIONS) == sections, state


# Draws made in the page one after another, each answered (data-ready changed) before the next.
_DRAWS = """async draws => { const t = document.querySelector('.lk-table')
  for (let i = 0; i < draws; i++) {
    const before = t.dataset.ready
    document.querySelector('.lk-controls .md-button--primary').click()
    await new Promise(resolve => { const o = new MutationObserver(() => { if (t.dataset.ready !== before) { o.disconnect(); resolve() } })
      o.observe(t, {attributes: true, attributeFilter: ['data-ready']}) })
  }
  return t.dataset.saving || null }"""


@pytest.fixture
def clocked_page(browser, base_url):
    """A page in a context of its own, on Playwright's clock (installed for the whole context, so
    never in the one the other tests share)."""
    page = watched_page(browser, base_url)
    page.clock.install()
    yield page
    page.context.close()
    assert_quiet(page)


def test_the_address_is_written_once_the_reader_pauses_and_at_once_when_the_page_is_left(clocked_page):
    """share.writeSoon, on the page's clock (paused: only the time it is run for passes): answers
    one after another write the address once, 150 ms after the last; a page left writes what is
    waiting then; an address opened meanwhile is the reader's, not written over."""
    page = clocked_page
    page.goto(page.base_url + "/explorer/cut/")
    _ready(page)
    page.evaluate("() => { window.lkWrites = []; const replace = history.replaceState.bind(history)\n"
                  "  history.replaceState = (...a) => { window.lkWrites.push(String(a[2])); return replace(...a) } }")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    assert page.evaluate(_DRAWS, 5) == "true"
    page.clock.run_for(140)
    assert page.evaluate("window.lkWrites") == [], "written while the reader is still drawing"
    page.evaluate(_DRAWS, 1)
    page.clock.run_for(140)  # 280 ms after the first answer, 140 after the last
    assert page.evaluate("window.lkWrites") == []
    page.clock.run_for(20)
    writes = page.evaluate("window.lkWrites")
    assert writes == [_state(page)], "once the reader pauses, the address written once, with the last"
    shown = page.locator(".lk-codes").evaluate(_SECTIONS)
    # Left at once after an answer: the address is that answer's.
    assert page.evaluate(_DRAWS, 1) == "true"
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert page.evaluate("[window.lkWrites.length, document.querySelector('.lk-table').dataset.saving || null]") == [2, None]
    address, sections = _state(page), page.locator(".lk-codes").evaluate(_SECTIONS)
    assert address != writes[0] and sections != shown
    # An address opened while a write waits (a link followed in the page) is not written over.
    assert page.evaluate(_DRAWS, 1) == "true"
    other = "#" + state_fragment({"n": 4, "c": {"Ann": ["QS"], "Bob": ["3H"], "Cal": ["5D"], "Dan": ["KC"]}}, ("c",))
    page.evaluate("address => { location.hash = address }", other)
    page.clock.run_for(200)
    assert _state(page) == other
    page.clock.resume()
    page.goto("about:blank")
    page.goto(page.base_url + "/explorer/cut/" + address)
    _ready(page)
    assert page.locator(".lk-codes").evaluate(_SECTIONS) == sections


# -- the deal checker --------------------------------------------------------------------------

PACK = [r + s for s in "SHDC" for r in "AKQJT98765432"]


def _left(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def _deal_record(code: str, dealer: str, faults: set[str], engine) -> dict:
    """The record of the deal as the page describes it: the dealer shuffles, his right cuts, the cards
    go one at a time from his left; a code whose dealer turns up the last card deals it face up."""
    book = engine.corpus.rulebooks[code]
    turns_last = any(r.when is not None and "last_dealt.face_up" in r.when.source for r in book.rules)
    events = [{"shuffle": {"by": dealer}}]
    if "not-cut" not in faults:
        events.append({"cut_pack": {"by": _left(dealer, 3)}})
    cards = PACK[:51] if "short" in faults else PACK
    for i, card in enumerate(cards):
        deal = {"to": _left(dealer, 1 + i % 4), "card": card}
        if ("face-up" in faults and i == 10) or (i == 51 and turns_last):
            deal["face_up"] = True
        events.append({"deal": deal})
    return {"dealer": dealer, "previous_dealer": _left(dealer, 2 if "out-of-turn" in faults else 3), "events": events}


VERDICT_ORDER = ["new-deal", "misdeal", "new-deal-may-be-claimed", "deal-stands"]


@pytest.mark.parametrize("faults", [set(), {"face-up"}, {"short"}])
def test_the_deal_checker_rules_as_the_python_engine(page, engine, faults):
    dealer = "south"
    page.goto(page.base_url + "/explorer/deal/#" + state_fragment({"d": dealer, "k": "".join(PACK), "f": ",".join(sorted(faults))}, ()))
    _ready(page)
    sections = page.locator(".lk-code[data-code]").evaluate_all(
        "ss => ss.map(s => ({code: s.dataset.code, record: JSON.parse(s.dataset.record), "
        "verdict: s.querySelector('.lk-verdict').dataset.verdict, next: s.querySelector('.lk-next').dataset.next, "
        "rules: [...s.querySelectorAll('li.lk-ruling')].map(l => l.dataset.rule)}))")
    assert [s["code"] for s in sections] == list(engine.corpus.rulebooks)
    for shown in sections:
        code = shown["code"]
        record = _deal_record(code, dealer, faults, engine)
        assert shown["record"] == record, code
        result = engine.ruling(code, record)
        outcomes = [r.outcome for r in result.rulings]
        verdict = next((o for o in VERDICT_ORDER if o in outcomes), None)
        if verdict is None:
            verdict = "unsettled" if any(not m.get("from_record") for m in result.missing_facts) else "stands"
        assert shown["verdict"] == verdict, code
        rulings = [r.rule for r in result.rulings if r.outcome != "shuffle-right"]
        assert shown["rules"][:len(rulings)] == rulings, code
        new = [r.values.get("new_dealer") for r in result.rulings if isinstance(r.values.get("new_dealer"), str)]
        if new:
            assert shown["next"] == new[-1], code
        elif "same-dealer-deals-again" in outcomes:
            assert shown["next"] == dealer, code
        elif verdict in ("stands", "deal-stands"):
            after = engine.ruling(code, {"previous_dealer": dealer})
            passes = [r.values["next_dealer"] for r in after.rulings if r.outcome == "next-dealer"]
            assert shown["next"] == (passes[0] if passes else ""), code
    by_code = {s["code"]: s["verdict"] for s in sections}
    if not faults:
        assert by_code["auction-bridge-1912"] == by_code["english-whist"] == "stands"
    if faults == {"face-up"}:
        assert by_code["auction-bridge-1912"] == "new-deal"
        assert by_code["bridge-1904"] == "new-deal-may-be-claimed"
        page.locator(".lk-codes").scroll_into_view_if_needed()
        shot(page, "table-deal-face-up")


def test_the_deal_checkers_controls_change_the_deal(page):
    page.goto(page.base_url + "/explorer/deal/#d=north&k=" + "".join(PACK))
    ready = _ready(page)
    box = page.get_by_label("A card was dealt face up (the eleventh)")
    box.focus()
    page.keyboard.press("Space")
    ready = _ready(page, ready)
    assert "f=face-up" in _state(page)
    verdict = page.locator(".lk-code[data-code='auction-bridge-1912'] .lk-verdict").get_attribute("data-verdict")
    assert verdict == "new-deal"
    page.get_by_label("Dealer", exact=True).select_option("east")
    _ready(page, ready)
    assert "d=east" in _state(page)


def test_a_deal_record_entered_as_data_is_ruled_as_the_python_engine_rules_it(page, engine):
    """The developer's way in: a scenario's deal record (fourteen cards to East) pasted as JSON."""
    scenario = next(s for s in load(REPO / "tests" / "scenarios" / "compare.yaml")
                    if s.name.startswith("A deal record with fourteen cards to East"))
    record = json.loads(json.dumps(scenario.record))
    page.goto(page.base_url + "/explorer/deal/")
    ready = _ready(page)
    page.locator("details.lk-developer summary").click()
    box = page.get_by_label("The record in JSON", exact=False)
    box.fill(json.dumps(record))
    box.press("Tab")  # the change is read when the box is left
    _ready(page, ready)
    for code in scenario.expect:
        why = [r.rule for r in engine.ruling(code, record).rulings if r.outcome != "shuffle-right"]
        shown = page.locator(f".lk-code[data-code='{code}'] li.lk-ruling").evaluate_all("ls => ls.map(l => l.dataset.rule)")
        assert shown[:len(why)] == why, code  # then, when the deal stands, the rule on who deals after it
    assert page.locator(".lk-code[data-code='auction-bridge-1912'] .lk-verdict").get_attribute("data-verdict") == "new-deal"
    assert page.locator(".lk-code[data-code='english-whist'] .lk-next").get_attribute("data-next") == "east"
    # The record is in the address: opening it again rules on the same deal.
    address = page.url
    assert "r=" in address
    page.goto("about:blank")
    page.goto(address)
    _ready(page)
    assert page.locator(".lk-code[data-code='english-whist'] .lk-next").get_attribute("data-next") == "east"


# -- the scorer --------------------------------------------------------------------------------

def _sheets():
    for path in SCORES:
        problems: list = []
        data = load_document(str(path), path.read_text("utf-8"), problems).data
        assert problems == []
        for code in data.get("expect", {}):
            yield pytest.param(path, code, id=f"{path.stem}-{code}")


@pytest.fixture(scope="module")
def score_page(browser, base_url):
    """One score page for every sheet: the first opens it, each later one opens its address in it, as a
    reader following shared links does (the page scores the rubber its address names: hashchange).
    A console error, or a request off 127.0.0.1, fails the test it came in."""
    page = watched_page(browser, base_url)
    yield page
    page.context.close()
    assert_quiet(page)


@pytest.mark.parametrize("path, code", list(_sheets()))
def test_the_scorer_gives_the_python_sheet(score_page, engine, path, code):
    page = score_page
    problems: list = []
    data = json.loads(json.dumps(load_document(str(path), path.read_text("utf-8"), problems).data))
    hands, _ = read_hands(data)
    sheet = Scorer(engine).rubber(code, hands, path=str(path))
    opened = page.url.startswith(page.base_url + "/explorer/score/")
    before = page.evaluate("document.querySelector('.lk-table').dataset.ready") if opened else None
    page.goto(page.base_url + "/explorer/score/#" + state_fragment({"code": code, "s": {"hands": hands}}))
    _ready(page, before)
    rows = page.locator(f".lk-sheet[data-code='{code}'] tbody tr").evaluate_all(
        "rs => rs.map(r => ({below: JSON.parse(r.dataset.below), above: JSON.parse(r.dataset.above), "
        "game: r.dataset.game, rubber: r.dataset.rubber}))")
    want = []
    for hand in sheet.hands:
        lines: dict = {line: {} for line in LINES}
        for entry in hand.entries:
            lines[entry.line][entry.side] = lines[entry.line].get(entry.side, 0) + entry.points
        want.append({**lines, "game": hand.game, "rubber": hand.rubber})
    assert rows == want
    total = page.locator(f".lk-sheet[data-code='{code}'] .lk-sheet__total")
    assert total.get_attribute("data-rubber") == sheet.rubber
    totals = total.get_attribute("data-totals")
    assert (json.loads(totals) if totals else None) == sheet.totals
    # The folded why, filled once the sheet is drawn (without being opened): each hand's scoring
    # rulings, as Python gives them.
    why = f".lk-sheet[data-code='{code}'] .lk-sheet__why"
    page.wait_for_function("([w, n]) => document.querySelectorAll(w + ' .lk-sheet__hand').length === n",
                           arg=[why, len(sheet.hands)], timeout=10_000)
    assert page.locator(why).get_attribute("open") is None
    shown = page.locator(why).evaluate("""why => {
      const hands = []
      for (const child of why.children) {
        if (child.matches('.lk-sheet__hand')) hands.push([])
        else if (hands.length) hands[hands.length - 1].push(...[...child.querySelectorAll('.lk-ruling')].map(r => r.dataset.rule))
      }
      return hands
    }""")
    assert shown == [[said["rule"] for said in hand.says] for hand in sheet.hands]
    assert_quiet(page)


def test_the_scorers_form_scores_a_hand_entered_from_the_keyboard(page, engine):
    page.goto(page.base_url + "/explorer/score/#" + state_fragment(
        {"code": "auction-bridge-1912", "s": {"hands": [{"declaration": "1NT", "by": "south", "tricks": 7}]}}))
    ready = _ready(page)
    page.get_by_label("Level").first.select_option("4")
    ready = _ready(page, ready)
    page.get_by_label("Declaration", exact=True).first.select_option("H")
    ready = _ready(page, ready)
    tricks = page.get_by_label("Declarer's side's tricks").first
    tricks.fill("10")
    tricks.press("Tab")
    ready = _ready(page, ready)
    honours = page.get_by_label("South's honours").first
    honours.fill("A K Q")
    honours.press("Tab")
    _ready(page, ready)
    hand = {"declaration": "4H", "by": "south", "tricks": 10, "honours": {"south": ["AH", "KH", "QH"]}}
    sheet = Scorer(engine).rubber("auction-bridge-1912", [hand])
    row = page.locator(".lk-sheet[data-code='auction-bridge-1912'] tbody tr").first
    below = {e.side: e.points for e in sheet.hands[0].entries if e.line == "below"}
    above = {e.side: e.points for e in sheet.hands[0].entries if e.line == "above"}
    assert (json.loads(row.get_attribute("data-below")), json.loads(row.get_attribute("data-above"))) == (below, above)
    assert below == {"north-south": 32}
    assert "s=" in _state(page)
    page.locator(".lk-sheet__why summary").first.click()
    page.locator(".lk-sheet").first.scroll_into_view_if_needed()
    shot(page, "table-score")


def test_an_impossible_hand_is_said_as_the_python_scorer_says_it(page, engine):
    hand = {"declaration": "2S", "by": "west", "tricks": 8, "redoubled": True}
    with pytest.raises(ScoreError) as said:
        Scorer(engine).rubber("auction-bridge-1913", [hand])
    page.goto(page.base_url + "/explorer/score/#" + state_fragment({"code": "auction-bridge-1913", "s": {"hands": [hand]}}))
    _ready(page)
    error = page.locator(".lk-sheet[data-code='auction-bridge-1913'] .lk-error")
    assert error.get_attribute("role") == "alert"
    assert error.inner_text() == f"This cannot be ruled on: {said.value}"


# -- every page: the phone, dark, and axe-core -----------------------------------------------------

PAGES = ["/explorer/hand/#h=0&e=57", "/explorer/cut/", "/explorer/deal/#f=face-up", "/explorer/score/"]


@pytest.mark.parametrize("width,scheme", [(1280, "light"), (390, "dark")])
def test_the_table_pages_are_accessible_and_fit_a_phone(fresh_page, width, scheme):
    from .test_reading_browser import _violations

    page = fresh_page(width, scheme=scheme)
    found = {}
    for path in PAGES:
        page.goto(page.base_url + path)
        _ready(page)
        for details in page.locator("details").all():
            details.evaluate("d => { d.open = true }")  # what is folded away is checked too
        if width == 390:
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
        name = path.strip("/").split("/")[1]
        shot(page, f"table-{name}-{width}-{scheme}")
        violations = _violations(page)
        if violations:
            found[path] = violations
    assert found == {}
