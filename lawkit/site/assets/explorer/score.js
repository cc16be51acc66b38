// The scorer page (explorer/score/): the hands of a rubber entered in their short form, the score
// sheet of each code that scores, every entry with the ruling and the law that puts it there. The
// hands are in the address (share.js: #s=…, and code=… for one code).
import {open} from './explorer.js'
import {readState, writeSoon} from './share.js'
import {el, select, SEATS, seatName, SYMBOL, parseCard} from './cards.js'
import {lawsOf, rulingElement, missingElement, errorElement} from './rulings.js'
import {Scorer, SIDES, isShortForm} from './scorer.js'
import {parseBid} from './record.js'
import {sideName} from './words.js'

const root = document.getElementById('lk-score')
const CODES = JSON.parse(root.dataset.lkCodes)
const DENOMINATIONS = [['C', `${SYMBOL.C} clubs`], ['D', `${SYMBOL.D} diamonds`], ['H', `${SYMBOL.H} hearts`],
  ['S', `${SYMBOL.S} spades`], ['RS', `${SYMBOL.S} royal spades`], ['NT', 'no trumps']]
const EXAMPLE = [
  {declaration: '4H', by: 'north', tricks: 10, honours: {north: ['AH', 'KH', 'QH'], south: ['JH']}},
  {declaration: '3NT', by: 'east', tricks: 9, honours: {east: ['AS', 'AH', 'AD']}},
  {declaration: '2S', by: 'south', tricks: 11, honours: {south: ['AS', 'KS', 'QS', 'JS', 'TS']}, void: ['west']},
  {declaration: '1NT', by: 'north', tricks: 9, honours: {north: ['AS', 'AH'], south: ['AD']}},
]

// What the address says: the code and the hands (the example when it names none).
function addressed () {
  try {
    const read = readState(['s'])
    return {code: read.code || '', hands: (read.s && Array.isArray(read.s.hands)) ? read.s.hands : copy(EXAMPLE)}
  } catch (error) {
    return {code: '', hands: copy(EXAMPLE), error}
  }
}
let state = addressed()

function copy (value) { return JSON.parse(JSON.stringify(value)) }

let explorer, scorer
const form = el('form', {class: 'lk-score__hands', 'aria-label': 'The hands of the rubber', onsubmit: e => e.preventDefault()})
const results = el('div', {class: 'lk-score__sheets', 'aria-live': 'polite'})

function honoursText (cards) {
  return (Array.isArray(cards) ? cards : (cards ? [cards] : [])).join(' ')
}

// What a player types for a seat's honours: cards (AH KH, A♥) or ranks of the trump suit (A K Q).
function readHonours (text, trump) {
  const cards = []
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const spelled = token.replace('♠', 'S').replace('♥', 'H').replace('♦', 'D').replace('♣', 'C')
    const parsed = parseCard(spelled)
    if (parsed) cards.push(parsed.join(''))
    else if (/^(10|[AKQJT])$/i.test(spelled) && trump !== 'NT') cards.push((spelled === '10' ? 'T' : spelled.toUpperCase()) + trump)
    else cards.push(token) // the scorer says what is wrong with it
  }
  return cards
}

function handRow (hand, index) {
  const number = index + 1
  const box = el('fieldset', {class: 'lk-score__hand', 'data-hand': number})
  box.append(el('legend', {text: `Hand ${number}`}))
  if (!isShortForm(hand)) {
    box.append(el('p', {text: 'A record of the table (change it in the hands as data, below).'}))
  } else {
    // The declaration's parts as they are when a control changes (not when the form was drawn).
    const parts = () => {
      const [level, denomination] = parseBid(String(hand.declaration || '')) || [1, 'NT']
      return {level: String(level), denomination, trump: denomination === 'RS' ? 'S' : denomination}
    }
    const {level, denomination} = parts()
    const set = (name, value) => { if (value === undefined) delete hand[name]; else hand[name] = value; update() }
    box.append(
      select('Level', [1, 2, 3, 4, 5, 6, 7].map(n => [String(n), String(n)]), level, v => set('declaration', v + parts().denomination)),
      select('Declaration', DENOMINATIONS, denomination, v => set('declaration', parts().level + v)),
      select('By', SEATS.map(s => [s, seatName(s)]), hand.by, v => set('by', v)),
      el('span', {class: 'lk-field'}, el('label', {for: `lk-tricks-${number}`, text: "Declarer's side's tricks"}),
        el('input', {id: `lk-tricks-${number}`, type: 'number', min: 0, max: 13, value: Number.isInteger(hand.tricks) ? hand.tricks : '',
          onchange: e => set('tricks', e.target.value === '' ? undefined : Number(e.target.value))})),
      el('span', {class: 'lk-field lk-field--check'},
        el('input', {id: `lk-doubled-${number}`, type: 'checkbox', checked: !!hand.doubled, onchange: e => set('doubled', e.target.checked || undefined)}),
        el('label', {for: `lk-doubled-${number}`, text: 'Doubled'})),
      el('span', {class: 'lk-field lk-field--check'},
        el('input', {id: `lk-redoubled-${number}`, type: 'checkbox', checked: !!hand.redoubled, onchange: e => set('redoubled', e.target.checked || undefined)}),
        el('label', {for: `lk-redoubled-${number}`, text: 'Redoubled'})))
    const honours = el('div', {class: 'lk-score__honours'})
    for (const seat of SEATS) {
      const id = `lk-honours-${number}-${seat}`
      honours.append(el('span', {class: 'lk-field'},
        el('label', {for: id, text: `${seatName(seat)}'s honours`}),
        el('input', {id, type: 'text', inputmode: 'text', autocomplete: 'off', size: 9, placeholder: 'e.g. A K',
          value: honoursText((hand.honours || {})[seat]),
          onchange: e => {
            const cards = readHonours(e.target.value, parts().trump)
            const all = {...(hand.honours || {})}
            if (cards.length) all[seat] = cards; else delete all[seat]
            set('honours', Object.keys(all).length ? all : undefined)
          }})))
    }
    const voids = el('span', {class: 'lk-field lk-field--voids'}, el('span', {text: 'No trump dealt (chicane):'}),
      SEATS.map(seat => {
        const id = `lk-void-${number}-${seat}`
        return el('span', {class: 'lk-field--check'},
          el('input', {id, type: 'checkbox', checked: (hand.void || []).includes(seat), onchange: e => {
            const chosen = SEATS.filter(s => s === seat ? e.target.checked : (hand.void || []).includes(s))
            set('void', chosen.length ? chosen : undefined)
          }}), el('label', {for: id, text: seatName(seat)}))
      }))
    box.append(honours, voids)
  }
  box.append(el('button', {type: 'button', class: 'md-button lk-small', 'aria-label': `Remove hand ${number}`, text: 'Remove',
    onclick: () => { state.hands.splice(index, 1); drawForm(); update() }}))
  return box
}

function drawForm () {
  form.replaceChildren(...state.hands.map(handRow),
    el('p', {class: 'lk-buttons'},
      el('button', {type: 'button', class: 'md-button', text: 'Add a hand', onclick: () => {
        state.hands.push({declaration: '1NT', by: 'south', tricks: 7}); drawForm(); update()
      }}),
      el('button', {type: 'button', class: 'md-button', text: 'The example rubber', onclick: () => {
        state.hands = copy(EXAMPLE); drawForm(); update()
      }})),
    el('details', {class: 'lk-developer'}, el('summary', {text: 'The hands as data (for developers)'}),
      el('label', {for: 'lk-score-json', text: 'The hands, in JSON (the short form of lawkit score, or records)'}),
      el('textarea', {id: 'lk-score-json', rows: 6, spellcheck: 'false', onchange: e => {
        try {
          const hands = JSON.parse(e.target.value)
          state.hands = Array.isArray(hands) ? hands : hands.hands
          drawForm(); update()
        } catch (error) {
          results.replaceChildren(errorElement(error))
        }
      }}, JSON.stringify(state.hands))))
}

const numbers = (points = {}) => SIDES.map(s => points[s] || 0)

// The hand's line with its declaration as players write it: 4♥, 3 NT, 2 royal ♠.
function said (summary) {
  return summary.replace(/^([1-7])(NT|RS|[CDHS])\b/, (whole, level, d) =>
    d === 'NT' ? `${level} NT` : d === 'RS' ? `${level} royal ${SYMBOL.S}` : `${level}${SYMBOL[d]}`)
}

// The sheets' head row, made once; each code's rows as last drawn, each with what it shows.
let HEAD = null
const rowsDrawn = {}

async function sheetElement (code) {
  const name = CODES.find(c => c.id === code).name
  const section = el('section', {class: 'lk-sheet', 'data-code': code, 'aria-label': `The score under ${name}`})
  section.append(el('h2', {text: name}))
  let sheet
  try {
    sheet = await scorer.rubber(code, state.hands)
  } catch (error) {
    section.append(errorElement(error))
    return section
  }
  const [laws, book] = await Promise.all([lawsOf(code), explorer.code(code)])
  const head = (HEAD ??= el('tr', {}, ['Hand', 'Below: N–S', 'Below: E–W', 'Above: N–S', 'Above: E–W', 'Game'].map(t =>
    el('th', {scope: 'col', text: t})))).cloneNode(true)
  const body = el('tbody')
  const drawn = rowsDrawn[code] || []
  const rows = rowsDrawn[code] = []
  for (const hand of sheet.hands) {
    const lines = {below: {}, above: {}}
    for (const e of hand.entries) lines[e.line][e.side] = (lines[e.line][e.side] || 0) + e.points
    const below = JSON.stringify(lines.below)
    const above = JSON.stringify(lines.above)
    // A hand's row as it was drawn last time, copied (a change to one hand leaves the others' rows as they were)
    const name = [hand.number, hand.summary, below, above, hand.game, hand.rubber].join('\u0000')
    const last = drawn[rows.length]
    let row
    if (last !== undefined && last.name === name) {
      row = last.row.cloneNode(true)
    } else {
      const [bns, bew] = numbers(lines.below)
      const [ans, aew] = numbers(lines.above)
      row = el('tr', {'data-hand': hand.number, 'data-below': below, 'data-above': above, 'data-game': hand.game, 'data-rubber': hand.rubber},
        el('th', {scope: 'row', text: `${hand.number}. ${said(hand.summary)}`}),
        [bns, bew, ans, aew].map(n => el('td', {text: n ? String(n) : '–'})),
        el('td', {text: hand.rubber ? `${sideName(hand.rubber)}: game and rubber` : (hand.game ? `${sideName(hand.game)}` : '')}))
    }
    rows.push({name, row})
    body.append(row)
  }
  const table = el('table', {class: 'lk-sheet__table'}, el('caption', {text: `The score sheet under ${name}`}), el('thead', {}, head), body)
  section.append(el('div', {class: 'lk-scroll', tabindex: 0, role: 'region', 'aria-label': `The score sheet under ${name}`}, table))
  const standing = sheet.standing
  const total = el('p', {class: 'lk-sheet__total', 'data-rubber': sheet.rubber, 'data-totals': sheet.totals ? JSON.stringify(sheet.totals) : ''})
  if (!sheet.playsRubbers) {
    total.textContent = `The deals: North and South ${standing.lines.below['north-south']}, East and West ` +
      `${standing.lines.below['east-west']}. (The code scores each deal; it does not make up a rubber.)`
  } else if (sheet.rubber) {
    const t = sheet.totals
    const added = sheet.total.map(l => `${l} the line`).join(' and ')
    total.textContent = `The rubber to ${sideName(sheet.rubber)}: ${added}, North and South ${t['north-south']}, ` +
      `East and West ${t['east-west']}; ${sideName(sheet.rubber)} win by ${t[sheet.rubber] - t[sheet.rubber === SIDES[0] ? SIDES[1] : SIDES[0]]} points.`
  } else {
    total.textContent = `The rubber is not finished: games North and South ${standing.games['north-south']}, East and West ` +
      `${standing.games['east-west']}; toward the game North and South ${standing.toward_game['north-south']}, East and West ${standing.toward_game['east-west']}.`
  }
  section.append(total)
  // The folded "why" is filled once the sheet is drawn (after the frame that shows it, see update),
  // or at once when it is opened before: the sheet's answer does not wait for text folded away.
  const why = el('details', {class: 'lk-sheet__why'}, el('summary', {text: 'Why: each entry and its law'}))
  let filled = false
  const fill = () => {
    if (filled) return
    filled = true
    for (const hand of sheet.hands) {
      why.append(el('p', {class: 'lk-sheet__hand', text: `Hand ${hand.number}: ${said(hand.summary)}`}))
      why.append(hand.says.length ? el('ul', {class: 'lk-rulings'}, hand.says.map(r => rulingElement(r, laws, book)))
        : el('p', {text: 'Nothing scored.'}))
      const missing = missingElement(hand.missing)
      if (missing) why.append(missing)
    }
  }
  why.addEventListener('toggle', fill)
  section.fill = fill
  section.append(why)
  return section
}

let drawing = 0
async function update () {
  writeSoon(root, () => ({code: state.code, s: {hands: state.hands}}), ['s'])
  const json = document.getElementById('lk-score-json')
  if (json && document.activeElement !== json) json.value = JSON.stringify(state.hands)
  const ticket = ++drawing
  const scoring = []
  for (const code of CODES.map(c => c.id)) if (await scorer.scores(code)) scoring.push(code)
  const codes = state.code ? [state.code] : scoring
  const sections = []
  for (const code of codes) sections.push(await sheetElement(code))
  if (ticket !== drawing) return // a later change is being drawn
  results.replaceChildren(...sections)
  root.dataset.ready = String(ticket)
  requestAnimationFrame(() => setTimeout(() => { // the sheets drawn: their folded "why" filled
    for (const section of sections) section.fill?.()
  }, 0))
}

async function start () {
  explorer = await open()
  scorer = new Scorer(explorer)
  const scoring = []
  for (const code of CODES.map(c => c.id)) if (await scorer.scores(code)) scoring.push(code)
  const chooser = select('Code', [['', 'Every code that scores'], ...scoring.map(c => [c, CODES.find(x => x.id === c).name])],
    state.code, v => { state.code = v; update() })
  root.replaceChildren(el('div', {class: 'lk-controls'}, chooser), form, results)
  drawForm()
  if (state.error) results.append(errorElement(state.error))
  await update()
  // Another address opened in this page (a shared link followed, back or forward): its rubber
  // scored, as if the page had been opened at it (the page's own writes replace the address and
  // make no hashchange).
  window.addEventListener('hashchange', async () => {
    state = addressed()
    chooser.querySelector('select').value = state.code
    drawForm()
    await update()
    if (state.error) results.append(errorElement(state.error))
  })
}

start().catch(error => root.replaceChildren(errorElement(error)))
