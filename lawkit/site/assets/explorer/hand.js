// The hand as players see it (explorer/hand/): a record of a whole hand (a scenario's, or one pasted
// in) shown as a bridge diagram of the four hands, the auction by rounds and the play trick by trick,
// stepped through event by event (the buttons, or the arrow keys, Home and End). Each event a ruling
// of the code names is flagged where it happened, with the ruling and its law. The state is in the
// address: #h=<the hand's number>&code=…&e=<events shown>, or s=<a record> for one pasted in.
import {open} from './explorer.js'
import {readState, writeSoon} from './share.js'
import {el, select, SEATS, SYMBOL, seatName, leftOf, handElement, cardElement} from './cards.js'
import {lawsOf, rulingElement, errorElement, missingElement} from './rulings.js'

const root = document.getElementById('lk-hand')
const CODES = JSON.parse(root.dataset.lkCodes)
const DATA = new URL('../../../api/explorer/hands.json', import.meta.url)
// Rulings on the ordinary course of a hand (the trump card turned, who shuffles): shown at their
// event, but not flagged as an irregularity.
const ORDINARY = new Set(['trump-card', 'shuffle-right', 'next-dealer', 'cut-card', 'partnerships-and-dealer', 'players-chosen'])

let hands = []
let state = {h: 0, code: '', e: 0, s: null}
let explorer
let view = null // the record laid out, the rulings and the events they flag
let shownStep = 0 // the step drawn, which the address says (written just after it is drawn)

try {
  const read = readState(['s'])
  state = {h: Number(read.h) || 0, code: read.code || '', e: Number(read.e) || 0, s: read.s || null}
} catch (error) {
  state.error = error
}

function theRecord () {
  return state.s || (hands[state.h] && hands[state.h].record) || {events: []}
}

function theCode () {
  if (state.code && CODES.some(c => c.id === state.code)) return state.code
  return (!state.s && hands[state.h] && hands[state.h].codes[0]) || CODES[0].id
}

function eventWords (event) {
  const by = event.by ? seatName(event.by) : ''
  switch (event.kind) {
    case 'deal': return [`${event.cards.length > 1 ? 'Cards' : 'A card'} to ${seatName(event.to)}${event.face_up ? ', face up' : ''}: `,
      ...(event.cards.length ? event.cards.map(c => cardElement(c)) : [`${event.count} unnamed`])]
    case 'call': return [`${by} calls ${callWords(event)}`]
    case 'play': return [`${by} plays `, cardElement(event.card), ` (trick ${event.trick})`]
    case 'quit': return [`The trick ${event.trick || ''} is turned and quitted`]
    case 'cut_pack': return [`${by} cuts the pack`]
    case 'declare': return [`${by} declares: ${declareWords(event)}`]
    case 'shuffle': return [`${by} shuffles`]
    case 'turn_trump': return [`${seatName(event.by)} turns up `, event.cards[0] ? cardElement(event.cards[0]) : 'the trump card']
    case 'expose': return [`${by}'s card `, event.card ? cardElement(event.card) : '', ` is exposed (${event.how})`]
    default: {
      const what = ['what', 'to', 'about', 'at', 'trump', 'option', 'act'].filter(f => event[f]).map(f => String(event[f]))
      return [`${by || 'A player'}: ${event.kind.replace(/_/g, ' ')}${what.length ? ' — ' + what.join(', ') : ''}`]
    }
  }
}

// A Bridge 1904 declaration (no auction): the trump named, or the declaration left or passed back.
function declareWords (event) {
  const said = {S: 'spades ♠', H: 'hearts ♥', D: 'diamonds ♦', C: 'clubs ♣', NT: 'no trumps', 'left-to-partner': 'left to partner',
    'passed-back': 'passed back'}
  return said[event.trump] || String(event.trump)
}

function callWords (event) {
  if (event.call !== 'bid') return event.call
  const names = {C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades', RS: 'royal spades', NT: 'no trumps'}
  const symbols = {...SYMBOL, RS: SYMBOL.S, NT: 'NT'}
  return `${event.level} ${names[event.denomination] || event.denomination} (${event.level}${symbols[event.denomination] || ''})`
}

// The record read and ruled on: the events, each seat's hand as dealt, the rulings and what they flag.
async function prepare () {
  const code = theCode()
  const [laws, book] = await Promise.all([lawsOf(code), explorer.code(code)])
  const situation = explorer.situation(theRecord())
  const record = situation.record
  const result = explorer.engine.ruling(code, situation)
  const flags = {} // event index -> the rulings that name it
  for (const ruling of result.rulings) {
    for (const step of ruling.trace) if (step.step === 'event') (flags[step.event] || (flags[step.event] = [])).push(ruling)
  }
  view = {code, laws, book, record, result, flags}
}

function irregular (rulings) {
  return rulings.some(r => !ORDINARY.has(r.outcome))
}

// The hands at a step: as dealt, less the cards played (and not taken back) before it.
function handsAt (step) {
  const held = Object.fromEntries(SEATS.map(s => [s, []]))
  for (const d of view.record.dealt) if (d.card && view.record.events[d.i].i < step) held[d.to].push(d.card)
  for (const p of view.record.plays) {
    if (p.i < step && !p.withdrawn) {
      const hand = held[p.by]
      if (hand.includes(p.card)) hand.splice(hand.indexOf(p.card), 1)
    }
  }
  return held
}

function diagram (step) {
  const held = handsAt(step)
  const dealer = view.record.dealer
  const plays = view.record.plays.filter(p => p.i < step && !p.withdrawn)
  const last = plays.length ? plays[plays.length - 1].trick : 0
  const quitted = view.record.events.some(e => e.kind === 'quit' && e.i < step && e.trick === last)
  const onTable = quitted ? [] : plays.filter(p => p.trick === last)
  return el('div', {class: 'lk-diagram', role: 'group', 'aria-label': 'The four hands'},
    SEATS.map(seat => {
      const box = handElement(held[seat], `${seatName(seat)}${seat === dealer ? ' (dealer)' : ''}`)
      box.classList.add(`lk-seat-${seat}`)
      return box
    }),
    el('div', {class: 'lk-diagram__table', role: 'group', 'aria-label': onTable.length ? `Trick ${last} on the table` : 'No trick on the table'},
      SEATS.map(seat => {
        const played = onTable.find(p => p.by === seat)
        return el('span', {class: `lk-at-${seat}`}, played ? cardElement(played.card) : el('span', {'aria-hidden': 'true', text: seat[0].toUpperCase()}))
      })))
}

function auction (step) {
  const calls = view.record.events.filter(e => e.kind === 'call' || e.kind === 'declare')
  if (!calls.length) return null
  const dealer = view.record.dealer || calls[0].by
  const columns = SEATS.map((_, i) => leftOf(dealer, i)) // the dealer first: he calls first
  const rows = []
  let row = []
  let col = 0
  for (const call of calls) {
    const at = columns.indexOf(call.by)
    while (col !== at) { row.push(null); col = (col + 1) % 4; if (col === 0) { rows.push(row); row = [] } }
    row.push(call)
    col = (col + 1) % 4
    if (col === 0) { rows.push(row); row = [] }
  }
  if (row.length) rows.push(row)
  return el('div', {class: 'lk-scroll', role: 'region', tabindex: 0, 'aria-label': 'The auction'},
    el('table', {class: 'lk-auction'}, el('caption', {text: 'The auction, round by round'}),
      el('thead', {}, el('tr', {}, el('th', {scope: 'col', text: 'Round'}), columns.map(s => el('th', {scope: 'col', text: seatName(s)})))),
      el('tbody', {}, rows.map((cells, r) => el('tr', {}, el('th', {scope: 'row', text: String(r + 1)}),
        cells.map(call => {
          const flagged = call && call.i < step && view.flags[call.i] && irregular(view.flags[call.i])
          return el('td', {class: flagged ? 'lk-flag' : ''},
            call ? (call.i < step ? (call.kind === 'call' ? callWords(call) : declareWords(call)) : '·') : '', flagged ? ' ⚑' : '')
        }))))))
}

function tricks (step) {
  const plays = view.record.plays.filter(p => !p.withdrawn)
  if (!plays.length) return null
  const numbers = [...new Set(plays.map(p => p.trick))]
  return el('div', {class: 'lk-scroll', role: 'region', tabindex: 0, 'aria-label': 'The play'},
    el('table', {class: 'lk-tricks'}, el('caption', {text: 'The play, trick by trick (the card led first, marked ▸)'}),
      el('thead', {}, el('tr', {}, el('th', {scope: 'col', text: 'Trick'}), SEATS.map(s => el('th', {scope: 'col', text: seatName(s)})))),
      el('tbody', {}, numbers.filter(n => plays.some(p => p.trick === n && p.i < step)).map(n => {
        const inTrick = plays.filter(p => p.trick === n && p.i < step)
        return el('tr', {}, el('th', {scope: 'row', text: String(n)}), SEATS.map(seat => {
          const played = inTrick.filter(p => p.by === seat)
          const flagged = played.some(p => view.flags[p.i] && irregular(view.flags[p.i]))
          return el('td', {class: flagged ? 'lk-flag' : ''},
            played.map(p => [p === inTrick[0] ? '▸' : '', cardElement(p.card)]), flagged ? el('span', {title: 'An irregularity', text: ' ⚑'}) : '')
        }))
      }))))
}

function eventsList (step) {
  const list = el('ol', {class: 'lk-events', tabindex: 0, 'aria-label': 'What happened, in order'})
  for (const event of view.record.events) {
    const flagged = view.flags[event.i]
    const item = el('li', {'data-event': event.i, class: event.i >= step ? 'lk-later' : '', 'aria-current': event.i === step - 1 ? 'step' : null},
      ...eventWords(event), flagged && irregular(flagged) ? el('span', {class: 'lk-flag', text: ' ⚑ irregularity'}) : '')
    list.append(item)
  }
  return list
}

function flagsAt (step) {
  const index = step - 1
  const here = index >= 0 ? view.flags[index] || [] : []
  const box = el('div', {class: 'lk-now', 'aria-live': 'polite'})
  if (index < 0) {
    box.append(el('p', {text: 'Before the first event: step forward to see the hand unfold.'}))
  } else {
    const event = view.record.events[index]
    box.append(el('p', {}, el('strong', {text: `Event ${index + 1} of ${view.record.events.length}: `}), ...eventWords(event)))
  }
  if (here.length) {
    const title = irregular(here) ? '⚑ An irregularity here' : 'The code rules here'
    box.append(el('section', {class: 'lk-irregularity', 'data-event': index},
      el('h3', {text: title}), el('ul', {class: 'lk-rulings'}, here.map(r => rulingElement(r, view.laws, view.book)))))
  }
  return box
}

// Every flagged event, as a button that steps to it.
function flagIndex () {
  const flagged = Object.keys(view.flags).map(Number).filter(i => irregular(view.flags[i])).sort((a, b) => a - b)
  if (!flagged.length) return el('p', {class: 'lk-ruling--none', text: 'No irregularity in this hand under this code.'})
  return el('p', {class: 'lk-buttons'}, el('span', {text: 'Irregularities:'}), flagged.map(i =>
    el('button', {type: 'button', class: 'md-button lk-small', 'data-goto': i + 1, text: `at event ${i + 1}`,
      onclick: () => go(i + 1)})))
}

const stage = el('div', {class: 'lk-stage'})
let stepButtons

function go (step) {
  const total = view.record.events.length
  state.e = Math.max(0, Math.min(total, step))
  draw()
}

function draw () {
  const step = state.e
  const total = view.record.events.length
  stepButtons.counter.textContent = `${step} of ${total} events`
  stepButtons.back.disabled = step === 0
  stepButtons.first.disabled = step === 0
  stepButtons.forward.disabled = step === total
  stepButtons.last.disabled = step === total
  const about = !state.s && hands[state.h] ? hands[state.h].description : ''
  stage.replaceChildren(
    about ? el('details', {class: 'lk-hand__about'}, el('summary', {text: 'What happens in this hand'}), el('p', {text: about})) : '',
    flagsAt(step),
    el('div', {class: 'lk-board'}, diagram(step), el('div', {class: 'lk-board__side'}, auction(step), tricks(step))),
    flagIndex(),
    el('details', {class: 'lk-all-events'}, el('summary', {text: 'Every event'}), eventsList(step)),
    el('details', {class: 'lk-whole'}, el('summary', {text: 'The code\'s rulings on the whole hand'}),
      el('ul', {class: 'lk-rulings'}, view.result.rulings.map(r => rulingElement(r, view.laws, view.book))),
      missingElement(view.result.missing_facts)))
  shownStep = step
  writeSoon(root, () => ({h: state.s ? null : state.h, code: state.code, e: shownStep, s: state.s}), ['s'])
  root.dataset.ready = `${view.code}:${step}`
}

async function load () {
  try {
    await prepare()
    go(state.e)
  } catch (error) {
    stage.replaceChildren(errorElement(error))
    root.dataset.ready = 'error'
  }
}

function onKey (event) {
  if (!view || event.altKey || event.ctrlKey || event.metaKey) return
  const target = event.target
  if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return
  // The arrows step from anywhere on the page; Home and End only from the hand's own controls,
  // so that elsewhere they still scroll the page.
  const inside = target && root.contains(target)
  if (event.key === 'ArrowRight') go(state.e + 1)
  else if (event.key === 'ArrowLeft') go(state.e - 1)
  else if (event.key === 'Home' && inside) go(0)
  else if (event.key === 'End' && inside) go(view.record.events.length)
  else return
  event.preventDefault()
}

async function start () {
  explorer = await open()
  const response = await fetch(DATA)
  if (!response.ok) throw new Error(`the hands could not be loaded (${response.status})`)
  hands = (await response.json()).hands
  if (!(state.h >= 0 && state.h < hands.length)) state.h = 0
  const chooser = select('Hand', [...hands.map((h, i) => [String(i), h.name]),
    ...(state.s ? [['record', 'The record below']] : [])], state.s ? 'record' : String(state.h), v => {
    if (v === 'record') return
    state = {...state, h: Number(v), s: null, code: '', e: 0}
    codeChooser.querySelector('select').value = theCode()
    textarea.value = JSON.stringify(theRecord())
    load()
  }, {class: 'lk-hand-choice'})
  const codeChooser = select('Code', CODES.map(c => [c.id, c.name]), theCode(), v => { state.code = v; load() })
  const button = (text, label, onclick) => el('button', {type: 'button', class: 'md-button', 'aria-label': label, text, onclick})
  stepButtons = {
    first: button('« Start', 'To the start', () => go(0)),
    back: button('◀ Back', 'One event back', () => go(state.e - 1)),
    forward: button('Next ▶', 'Next: one event on', () => go(state.e + 1)),
    last: button('End »', 'To the end', () => go(view.record.events.length)),
    counter: el('span', {class: 'lk-counter', role: 'status'}),
  }
  const textarea = el('textarea', {id: 'lk-hand-json', rows: 6, spellcheck: 'false'}, JSON.stringify(theRecord()))
  textarea.addEventListener('change', () => {
    try {
      state = {...state, s: JSON.parse(textarea.value), e: 0}
      load()
    } catch (error) {
      stage.replaceChildren(errorElement(error))
    }
  })
  root.replaceChildren(
    el('div', {class: 'lk-controls'}, chooser, codeChooser),
    el('div', {class: 'lk-stepper', role: 'toolbar', 'aria-label': 'Step through the hand (or use the arrow keys; Home and End here)'},
      stepButtons.first, stepButtons.back, stepButtons.forward, stepButtons.last, stepButtons.counter),
    stage,
    el('details', {class: 'lk-developer'}, el('summary', {text: 'The record (for developers)'}),
      el('label', {for: 'lk-hand-json', text: 'The record of the hand in JSON (as lawkit ruling reads it); paste another to step through it'}), textarea))
  document.addEventListener('keydown', onKey)
  if (state.error) stage.replaceChildren(errorElement(state.error))
  await load()
}

start().catch(error => root.replaceChildren(errorElement(error)))
