// The cut for the table (explorer/cut/): four to eight candidates cut a card each, chosen or drawn
// at random; each code's rules then say, step by step, who plays and who waits, who cuts again
// after a tie, the partnerships and the first dealer, and (one or two having waited) who cuts out
// when the first rubber is over, each step with its law. The candidates'
// cards are in the address (#n=6&c=… : each candidate's cuts in order, his first and any later one).
import {open} from './explorer.js'
import {readState, writeSoon} from './share.js'
import {el, select, cardSelect, cardElement, showCard, setText, fullPack, shuffled} from './cards.js'
import {lawsOf, rulingElement, errorElement, valuesText, sentence} from './rulings.js'
import {word} from './words.js'

const root = document.getElementById('lk-cut')
const CODES = JSON.parse(root.dataset.lkCodes)
const NAMES = ['Ann', 'Bob', 'Cal', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal']
const MOST_STEPS = 6 // a code that never settles the cut is said to, not looped on

let state = {n: 6, c: {}}
try {
  const read = readState(['c'])
  const n = Number(read.n)
  state = {n: Number.isInteger(n) && n >= 4 && n <= NAMES.length ? n : 6, c: read.c && typeof read.c === 'object' ? read.c : {}, code: read.code || ''}
} catch (error) {
  state.error = error
}

const candidates = () => NAMES.slice(0, state.n)

// The candidate's cut number ``k`` (0 his first): chosen, or else drawn at random (and kept in the state).
function cardOf (player, k, taken) {
  const cards = state.c[player] || (state.c[player] = [])
  if (!cards[k]) cards[k] = shuffled(fullPack().filter(c => !taken.has(c)))[0]
  return cards[k]
}

function drawAll () {
  const pack = shuffled(fullPack())
  state.c = Object.fromEntries(candidates().map((p, i) => [p, [pack[i]]]))
}

const cutEvent = (by, card) => ({cut: {by, card}})

// Each step of the code's settling the table: [{label, cuts: [[player, card]], rulings}] and what it
// settled. ``situationOf(record)`` gives the record's situation (each read once for every code).
function settle (explorer, code, situationOf) {
  const steps = []
  const first = candidates()
  const taken = new Set()
  let record = {events: first.map(p => cutEvent(p, cardOf(p, 0, taken)))}
  for (const p of first) taken.add(state.c[p][0])
  const next = Object.fromEntries(first.map(p => [p, 1]))
  let label = `${word(first)} cut for the table`
  let cuts = first.map(p => [p, state.c[p][0]])
  const shown = new Set()
  const settled = {}
  let cuttingOut = false
  for (let step = 0; step < MOST_STEPS; step++) {
    const result = explorer.engine.ruling(code, situationOf(record))
    const fresh = result.rulings.filter(r => !shown.has(r.rule + valuesText(r)))
    for (const r of result.rulings) shown.add(r.rule + valuesText(r))
    steps.push({label, cuts, rulings: fresh, missing: result.missing_facts})
    const value = name => { const r = result.rulings.find(r => Object.hasOwn(r.values, name)); return r ? r.values[name] : undefined }
    for (const name of ['players', 'waiting', 'partnerships', 'first_dealer']) {
      if (value(name) !== undefined && !cuttingOut) settled[name] = value(name)
    }
    if (cuttingOut && value('withdraw') !== undefined) settled.cut_out = value('withdraw')
    const again = value('cut_again')
    if (Array.isArray(again) && again.length) {
      // The tied players cut again, in the same record (their later cuts decide the tie).
      const recut = new Set()
      cuts = again.map(p => [p, cardOf(p, next[p]++, recut)])
      cuts.forEach(([, c]) => recut.add(c))
      record = {events: [...record.events, ...cuts.map(([p, c]) => cutEvent(p, c))]}
      label = `${word(again)} cut again`
      continue
    }
    if (settled.partnerships && !cuttingOut && Array.isArray(settled.waiting) && settled.waiting.length >= 1 &&
        settled.waiting.length <= 2 && Array.isArray(settled.players)) {
      // The first rubber over, the one or two who waited claim admission; the four, each with one
      // rubber played, cut to decide who goes out (the answers: what the record of cuts cannot show).
      cuttingOut = true
      const four = settled.players
      const out = new Set()
      cuts = four.map(p => [p, cardOf(p, next[p]++, out)])
      cuts.forEach(([, c]) => out.add(c))
      record = {events: cuts.map(([p, c]) => ({cut: {by: p, card: c, purpose: 'cutting-out'}})),
        answers: {claiming_admission: settled.waiting.length, rubbers_played: four.map(p => ({player: p, consecutive_rubbers: 1}))}}
      label = `After the first rubber ${word(settled.waiting)} ${settled.waiting.length > 1 ? 'claim' : 'claims'} admission: ${word(four)}, one rubber each, cut to go out`
      shown.clear()
      continue
    }
    if (Array.isArray(settled.players) && !settled.partnerships && !result.rulings.some(r => r.outcome === 'fresh-cut')) {
      // The table is formed; its four players now cut for partners and the deal.
      const four = settled.players
      const fresh = new Set()
      cuts = four.map(p => [p, cardOf(p, next[p]++, fresh)])
      cuts.forEach(([, c]) => fresh.add(c))
      record = {events: cuts.map(([p, c]) => cutEvent(p, c))}
      label = `${word(four)} cut for partners`
      shown.clear()
      continue
    }
    break
  }
  return {steps, settled}
}

// What the code settled, in a sentence or a few.
function summaryText (settled) {
  const lines = []
  if (settled.players && settled.waiting && settled.waiting.length) lines.push(`Play: ${word(settled.players)}. Wait: ${word(settled.waiting)}.`)
  if (settled.partnerships) lines.push(`Partners: ${settled.partnerships.map(p => word(p)).join(' against ')}.`)
  if (settled.first_dealer) lines.push(`${settled.first_dealer} deals first.`)
  if (settled.cut_out) lines.push(`After the first rubber ${word(settled.cut_out)} ${settled.cut_out.length > 1 ? 'go' : 'goes'} out.`)
  if (!lines.length) lines.push('The code does not settle the table from these cuts.')
  return lines.join(' ')
}

// Each code's section is kept from one answer to the next and changed only where the answer differs
// (a step's cards, a ruling's values): made anew, the four sections' 155 elements cost the browser
// their style and layout again on every input. ``made``: what the section shows now.
const sections = new Map() // code -> {box, verdict, list, steps: [{li, line, label, players, cards, rulings, body}]}

function sectionBox (code) {
  const name = CODES.find(c => c.id === code).name
  return el('section', {class: 'lk-code', 'data-code': code, 'aria-label': name}, el('h2', {text: name}))
}

// A step's line: who cut, and each one's card (the same cutters again: only their cards changed).
function drawLine (shown, step) {
  const players = step.cuts.map(([p]) => p).join()
  if (shown.line && shown.players === players) {
    if (shown.label !== step.label) setText(shown.line.firstChild, step.label)
    step.cuts.forEach(([, c], i) => { if (shown.cards[i] !== c) showCard(shown.line.children[i + 1], c) })
  } else {
    const line = el('p', {}, el('strong', {text: step.label}), ': ', step.cuts.flatMap(([p, c]) => [p, ' ', cardElement(c), ' ']))
    if (shown.line) shown.line.replaceWith(line)
    else shown.li.append(line)
    shown.line = line
    shown.players = players
  }
  shown.label = step.label
  shown.cards = step.cuts.map(([, c]) => c)
}

// A step's rulings: a ruling of the same rule, outcome and laws keeps its element, its values and
// sentence changed in place.
function drawRulings (shown, rulings, laws, book) {
  if (!rulings.length) {
    if (!shown.body || shown.rulings) {
      const none = el('p', {class: 'lk-ruling--none', text: 'No law of the code rules on this step.'})
      if (shown.body) shown.body.replaceWith(none)
      else shown.li.append(none)
      shown.body = none
      shown.rulings = null
    }
    return
  }
  if (!shown.rulings) {
    const list = el('ul', {class: 'lk-rulings'})
    if (shown.body) shown.body.replaceWith(list)
    else shown.li.append(list)
    shown.body = list
    shown.rulings = []
  }
  rulings.forEach((r, i) => {
    const had = shown.rulings[i]
    const kind = `${r.rule} ${r.outcome} ${r.law} ${r.cites.join()}`
    const values = valuesText(r)
    const says = sentence(r, book)
    if (had && had.kind === kind) {
      if (had.values !== values) had.li.dataset.values = had.values = values
      if (had.says !== says) setText(had.li.firstChild, had.says = says)
      return
    }
    const li = rulingElement(r, laws, book)
    if (had) had.li.replaceWith(li)
    else shown.body.append(li)
    shown.rulings[i] = {li, kind, values, says}
  })
  for (const had of shown.rulings.splice(rulings.length)) had.li.remove()
}

// ``shared``: what the codes' sections of one answer share (situationOf: settle).
async function answerOf (explorer, code, shared) {
  try {
    const [laws, book] = await Promise.all([lawsOf(code), explorer.code(code)])
    return {code, laws, book, ...settle(explorer, code, shared.situationOf)}
  } catch (error) {
    return {code, error}
  }
}

// The code's section showing ``answer`` (a failure to rule: a section made anew, saying so).
function drawCode (answer) {
  const {code, steps, settled, laws, book} = answer
  if (answer.error) {
    sections.delete(code)
    const box = sectionBox(code)
    box.append(errorElement(answer.error))
    return box
  }
  let made = sections.get(code)
  if (made === undefined) sections.set(code, made = {box: sectionBox(code), verdict: null, list: null, steps: []})
  made.box.dataset.ruled = String(steps.some(step => step.rulings.length))
  const text = summaryText(settled)
  const json = JSON.stringify(settled)
  if (!made.verdict) {
    made.box.append(made.verdict = el('p', {class: 'lk-verdict', 'data-settled': json, text}), made.list = el('ol', {class: 'lk-steps'}))
  } else {
    if (made.verdict.dataset.settled !== json) made.verdict.dataset.settled = json
    setText(made.verdict, text)
  }
  steps.forEach((step, i) => {
    let shown = made.steps[i]
    if (!shown) made.list.append((made.steps[i] = shown = {li: el('li')}).li)
    drawLine(shown, step)
    drawRulings(shown, step.rulings, laws, book)
  })
  for (const shown of made.steps.splice(steps.length)) shown.li.remove()
  return made.box
}

let explorer
const cutsBox = el('div', {class: 'lk-cuts'})
const results = el('div', {class: 'lk-codes', 'aria-live': 'polite'})

// Each candidate's box is made once (its select holds the 52 cards) and only its card changes.
// The boxes are put in place again only when the candidates change: taking out and putting back six
// selects of 53 options on every input cost the browser style and layout for every option.
const cutBoxes = {}
function drawCuts () {
  const boxes = candidates().map(p => {
    const card = (state.c[p] || [])[0] || ''
    const made = cutBoxes[p] ||= {box: el('div', {class: 'lk-cut', 'data-player': p}, el('strong', {text: p})), card: null,
      choose: cardSelect(`${p}'s card`, card, v => {
        state.c[p] = v ? [v] : []
        // A changed first cut makes his later cuts (after a tie, for partners) new draws.
        update()
      })}
    if (made.card !== card || !made.shown) {
      if (!made.shown) made.box.append(made.shown = el('span'), made.choose)
      showCard(made.shown, card, {big: true}) // no card yet: '?'
      made.card = card
      made.choose.querySelector('select').value = card
    }
    return made.box
  })
  if (boxes.length !== cutsBox.children.length || boxes.some((box, i) => cutsBox.children[i] !== box)) cutsBox.replaceChildren(...boxes)
}

let ticket = 0
async function update () {
  const mine = ++ticket
  const taken = new Set()
  for (const p of candidates()) { // fill in any first cut not chosen, from the cards not cut yet
    const cards = state.c[p] || (state.c[p] = [])
    if (cards[0] && taken.has(cards[0])) cards[0] = '' // one pack: two candidates cannot cut one card
    cardOf(p, 0, taken)
    taken.add(cards[0])
  }
  for (const p of Object.keys(state.c)) if (!candidates().includes(p)) delete state.c[p]
  drawCuts()
  const codes = state.code ? [state.code] : CODES.map(c => c.id)
  // Every code's rulebook at hand first (a code that cannot be had says so in its section), so that
  // a record the codes' steps share is read once, with the views of all their rules.
  await Promise.all(codes.map(code => explorer.code(code).catch(() => null)))
  const loaded = codes.filter(code => explorer.engine.books[code])
  const situations = new Map()
  const situationOf = record => {
    const name = JSON.stringify(record)
    let found = situations.get(name)
    if (found === undefined) situations.set(name, found = explorer.engine.situation(record, {views: 'rules', codes: loaded}))
    return found
  }
  const shared = {situationOf}
  const answers = []
  for (const code of codes) answers.push(await answerOf(explorer, code, shared))
  if (mine !== ticket) return
  writeSoon(root, () => ({n: state.n, code: state.code, c: state.c}), ['c'])
  // Every code with laws on cutting (a code without, as Duplicate Whist's, only when it is asked for:
  // its section, not shown, is not drawn).
  const shown = answers.filter(a => state.code || a.error || a.steps.some(step => step.rulings.length)).map(drawCode)
  if (shown.length !== results.children.length || shown.some((box, i) => results.children[i] !== box)) results.replaceChildren(...shown)
  root.dataset.ready = String(mine)
  // The next cards drawn ruled sooner: the explorer practises on these cuts in idle time.
  explorer.warmUp(() => [{events: candidates().map(p => cutEvent(p, state.c[p][0]))}])
}

async function start () {
  explorer = await open()
  const count = select('Candidates', [4, 5, 6, 7, 8].map(n => [String(n), String(n)]), String(state.n),
    v => { state.n = Number(v); update() })
  const codes = select('Code', [['', 'Every code with laws on cutting'], ...CODES.map(c => [c.id, c.name])], state.code,
    v => { state.code = v; update() })
  const draw = el('button', {type: 'button', class: 'md-button md-button--primary', text: 'Draw the cards at random',
    onclick: () => { drawAll(); update() }})
  root.replaceChildren(el('div', {class: 'lk-controls'}, count, codes, draw), cutsBox,
    el('p', {class: 'lk-note', text: 'A later cut (after a tie, for partners, to cut out) is drawn at random; its card is kept in the address.'}),
    results)
  if (state.error) root.append(errorElement(state.error))
  await update()
}

start().catch(error => root.replaceChildren(errorElement(error)))
