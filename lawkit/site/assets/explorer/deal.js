// The deal checker (explorer/deal/): a pack dealt by a dealer, one card at a time to his left, with
// what went wrong if anything (a card face up, a hand short, the pack not cut, a deal out of turn);
// each code says whether the deal stands or is a misdeal, why (its rulings, each with its law), and
// who deals next. The deal is in the address (#d=south&k=<the pack in order>&f=face-up,…&a=<answers>,
// or r=<a record> entered as data).
import {open} from './explorer.js'
import {readState, writeSoon} from './share.js'
import {el, select, SEATS, seatName, leftOf, fullPack, shuffled, handElement, parseCard, cardElement} from './cards.js'
import {lawsOf, rulingElement, errorElement} from './rulings.js'

const root = document.getElementById('lk-deal')
const CODES = JSON.parse(root.dataset.lkCodes)
const FAULTS = [
  ['face-up', 'A card was dealt face up (the eleventh)'],
  ['short', 'The last card was not dealt (a hand is short)'],
  ['not-cut', 'The pack was not cut'],
  ['out-of-turn', 'The wrong player dealt (it was not his turn)'],
]
const FACE_UP_AT = 10 // the eleventh card: early in the deal, long before the last
const VERDICTS = {'new-deal': 'A misdeal: the cards are dealt again', misdeal: 'A misdeal', 'new-deal-may-be-claimed': 'A new deal may be claimed',
  'deal-stands': 'The deal stands'}

let state
try {
  const read = readState(['a', 'r'])
  const pack = String(read.k || '').match(/.{2}/g) || []
  state = {dealer: SEATS.includes(read.d) ? read.d : 'south', pack, faults: String(read.f || '').split(',').filter(f => FAULTS.some(([n]) => n === f)),
    answers: read.a && typeof read.a === 'object' ? read.a : {}, code: read.code || '', record: read.r || null}
} catch (error) {
  state = {dealer: 'south', pack: [], faults: [], answers: {}, code: '', error}
}
if (state.pack.length !== 52 || new Set(state.pack).size !== 52 || !state.pack.every(parseCard)) state.pack = shuffled(fullPack())

// Whether the code's dealer turns up the last card for trump as he deals it (English Whist: a
// last card dealt face down is a misdeal), so a good deal deals it face up.
function turnsLastCard (book) {
  return book.rules.some(r => r.when && /last_dealt\.face_up/.test(r.when))
}

// The record of the deal, for a code.
function record (book) {
  const dealer = state.dealer
  const has = name => state.faults.includes(name)
  const events = [{shuffle: {by: dealer}}]
  if (!has('not-cut')) events.push({cut_pack: {by: leftOf(dealer, 3)}})
  const cards = has('short') ? state.pack.slice(0, 51) : state.pack
  cards.forEach((card, i) => {
    const deal = {to: leftOf(dealer, 1 + i % 4), card}
    if ((has('face-up') && i === FACE_UP_AT) || (i === 51 && turnsLastCard(book))) deal.face_up = true
    events.push({deal})
  })
  // Out of turn: the one who dealt the hand before sits on the dealer's right, so his left deals now.
  const previous = has('out-of-turn') ? leftOf(dealer, 2) : leftOf(dealer, 3)
  return {dealer, previous_dealer: previous, events}
}

function answersFor (code, asked) {
  const out = {}
  for (const m of asked) if (Object.hasOwn(state.answers, m.fact)) out[m.fact] = state.answers[m.fact]
  return out
}

function verdictOf (result, dealer) {
  const outcomes = result.rulings.map(r => r.outcome)
  const found = ['new-deal', 'misdeal', 'new-deal-may-be-claimed', 'deal-stands'].find(o => outcomes.includes(o))
  let next = null
  for (const r of result.rulings) {
    if (typeof r.values.new_dealer === 'string') next = [r.values.new_dealer, r]
    else if (typeof r.values.next_dealer === 'string' && r.outcome !== 'next-dealer') next = [r.values.next_dealer, r]
  }
  const again = result.rulings.find(r => r.outcome === 'same-dealer-deals-again')
  if (!next && again) next = [dealer, again]
  return {verdict: found || (result.missing_facts.some(m => !m.from_record) ? 'unsettled' : 'stands'), next}
}

async function codeElement (explorer, code) {
  const name = CODES.find(c => c.id === code).name
  const box = el('section', {class: 'lk-code', 'data-code': code, 'aria-label': name}, el('h2', {text: name}))
  try {
    const [laws, book] = await Promise.all([lawsOf(code), explorer.code(code)])
    const data = state.record || record(book)
    box.dataset.record = JSON.stringify(data) // what was ruled on, for a developer (and the tests) to see
    // First without answers, to learn what the code asks; then with the answers given to those questions.
    let result = explorer.engine.ruling(code, data)
    const asked = result.missing_facts.filter(m => !m.from_record)
    const answers = answersFor(code, asked)
    if (Object.keys(answers).length) result = explorer.engine.ruling(code, {...data, answers: {...(data.answers || {}), ...answers}})
    const {verdict, next} = verdictOf(result, data.dealer)
    const said = VERDICTS[verdict] || (verdict === 'stands' ? 'The deal stands: no law of the code finds fault with it'
      : 'Not settled yet: the code asks a question below')
    box.append(el('p', {class: 'lk-verdict', 'data-verdict': verdict, text: `${said}.`}))
    const why = result.rulings.filter(r => r.outcome !== 'shuffle-right')
    box.append(el('p', {class: 'lk-why-title', text: why.length ? 'Why:' : 'No law of the code rules on this deal.'}))
    if (why.length) box.append(el('ul', {class: 'lk-rulings'}, why.map(r => rulingElement(r, laws, book))))
    let nextLine
    if (next) {
      nextLine = el('p', {class: 'lk-next', 'data-next': next[0]}, el('strong', {text: `${seatName(next[0])} deals next.`}))
    } else if (verdict === 'stands' || verdict === 'deal-stands') {
      // The deal passes as every deal does: the code's own rule, asked who follows this dealer.
      const after = explorer.engine.ruling(code, {previous_dealer: data.dealer})
      const passes = after.rulings.find(r => r.outcome === 'next-dealer' && typeof r.values.next_dealer === 'string')
      nextLine = passes
        ? el('p', {class: 'lk-next', 'data-next': passes.values.next_dealer}, el('strong', {text: `After this hand ${seatName(passes.values.next_dealer)} deals.`}),
          ' ', el('ul', {class: 'lk-rulings'}, rulingElement(passes, laws, book)))
        : el('p', {class: 'lk-next', 'data-next': '', text: 'The code does not say who deals next.'})
    } else {
      const asks = result.missing_facts.some(m => !m.from_record)
      nextLine = el('p', {class: 'lk-next', 'data-next': '',
        text: asks ? 'Who deals next waits on the answers below.' : 'The code does not say who deals next.'})
    }
    box.append(nextLine)
    const questions = result.missing_facts.filter(m => !m.from_record && m.type === 'bool')
    if (questions.length) {
      box.append(el('div', {class: 'lk-missing'}, el('p', {text: 'The code also asks:'}), questions.map(m =>
        select(m.question, [['', 'Not said'], ['yes', 'Yes'], ['no', 'No']],
          Object.hasOwn(state.answers, m.fact) ? (state.answers[m.fact] ? 'yes' : 'no') : '',
          v => { if (v) state.answers[m.fact] = v === 'yes'; else delete state.answers[m.fact]; update() },
          {'data-fact': m.fact}))))
    }
    const others = result.missing_facts.filter(m => m.from_record || m.type !== 'bool')
    if (others.length) box.append(el('ul', {class: 'lk-missing'}, others.map(m => el('li', {text: m.question}))))
  } catch (error) {
    box.append(errorElement(error))
  }
  return box
}

let explorer
const handsBox = el('div', {class: 'lk-diagram', role: 'group', 'aria-label': 'The hands dealt'})
const facedLine = el('p', {class: 'lk-faced'})
const results = el('div', {class: 'lk-codes', 'aria-live': 'polite'})
const json = el('textarea', {id: 'lk-deal-json', rows: 6, spellcheck: 'false'})

// The hands as dealt: from the pack and the faults, or from a record entered as data (as read).
function drawHands () {
  const dealt = Object.fromEntries(SEATS.map(s => [s, []]))
  const counts = Object.fromEntries(SEATS.map(s => [s, 0]))
  let dealer = state.dealer
  let faced = []
  if (state.record) {
    try {
      const read = explorer.situation(state.record).record
      dealer = read.dealer
      for (const d of read.dealt) {
        counts[d.to] += 1
        if (d.card) dealt[d.to].push(d.card)
        if (d.face_up && d.card) faced.push([d.card, d.to])
      }
    } catch (error) {} // the rulings below say what is wrong with the record
  } else {
    const cards = state.faults.includes('short') ? state.pack.slice(0, 51) : state.pack
    cards.forEach((card, i) => { dealt[leftOf(dealer, 1 + i % 4)].push(card); counts[leftOf(dealer, 1 + i % 4)] += 1 })
    if (state.faults.includes('face-up')) faced = [[cards[FACE_UP_AT], leftOf(dealer, 1 + FACE_UP_AT % 4)]]
  }
  facedLine.replaceChildren(...faced.flatMap(([card, seat], i) => [i ? ' ' : '', 'Dealt face up: ', cardElement(card), ` to ${seatName(seat)}.`]))
  handsBox.replaceChildren(...SEATS.map(seat => {
    const box = handElement(dealt[seat], `${seatName(seat)}${seat === dealer ? ' (dealer)' : ''}: ${counts[seat]} cards`)
    box.classList.add(`lk-seat-${seat}`)
    return box
  }), el('div', {class: 'lk-diagram__table', 'aria-hidden': 'true'}, SEATS.map(s => el('span', {class: `lk-at-${s}`, text: s[0].toUpperCase()}))))
}

let ticket = 0
async function update () {
  const mine = ++ticket
  drawHands()
  const codes = state.code ? [state.code] : CODES.map(c => c.id)
  const sections = []
  for (const code of codes) sections.push(await codeElement(explorer, code))
  if (mine !== ticket) return
  writeSoon(root, () => ({d: state.dealer, k: state.pack.join(''), f: state.faults.join(','), code: state.code,
    a: Object.keys(state.answers).length ? state.answers : null, r: state.record}), ['a', 'r'])
  if (document.activeElement !== json) json.value = JSON.stringify(state.record || record(await explorer.code(codes[0])))
  results.replaceChildren(...sections)
  root.dataset.ready = String(mine)
}

async function start () {
  explorer = await open()
  const faults = el('fieldset', {class: 'lk-faults'}, el('legend', {text: 'What went wrong'}), FAULTS.map(([name, label]) =>
    el('span', {class: 'lk-field lk-field--check'},
      el('input', {type: 'checkbox', id: `lk-fault-${name}`, 'data-fault': name, checked: state.faults.includes(name),
        onchange: e => { state.faults = FAULTS.map(([n]) => n).filter(n => n === name ? e.target.checked : state.faults.includes(n)); state.record = null; update() }}),
      el('label', {for: `lk-fault-${name}`, text: label}))))
  root.replaceChildren(
    el('div', {class: 'lk-controls'},
      select('Dealer', SEATS.map(s => [s, seatName(s)]), state.dealer, v => { state.dealer = v; state.record = null; update() }),
      select('Code', [['', 'Every code'], ...CODES.map(c => [c.id, c.name])], state.code, v => { state.code = v; update() }),
      el('button', {type: 'button', class: 'md-button md-button--primary', text: 'Shuffle and deal again',
        onclick: () => { state.pack = shuffled(fullPack()); state.record = null; update() }})),
    faults, facedLine, handsBox, results,
    el('details', {class: 'lk-developer'}, el('summary', {text: 'The record of the deal (for developers)'}),
      el('label', {for: 'lk-deal-json', text: 'The record in JSON (as lawkit ruling reads it); change it to check another deal'}), json))
  json.addEventListener('change', () => {
    try {
      state.record = JSON.parse(json.value)
      update()
    } catch (error) {
      results.replaceChildren(errorElement(error))
    }
  })
  if (state.error) root.append(errorElement(state.error))
  await update()
}

start().catch(error => root.replaceChildren(errorElement(error)))
