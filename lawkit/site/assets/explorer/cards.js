// Cards, seats and packs for the explorer's table pages: a card as players write it (KH, 10S)
// shown with its suit symbol, the seats in the order of dealing, a pack shuffled at random.
import {SEATS, SUITS, RANKS, card, fullPack} from './record.js'
import {word, SUIT_SYMBOLS} from './words.js'

export {SEATS, SUITS, RANKS, fullPack}
export const SYMBOL = SUIT_SYMBOLS
const RED = new Set(['H', 'D'])

// A card in the record's spelling (AS, 10H or TH): [rank, suit] with ten as T, or null.
export function parseCard (text) {
  try {
    const name = card(text)
    return [name[0], name[1]]
  } catch (error) {
    return null
  }
}

export function rankText (rank) {
  return rank === 'T' ? '10' : rank
}

// The cards in a random order (the browser's cryptographic randomness, unbiased).
// Every draw is asked of the browser at once (a draw each cost the cut page two milliseconds an
// input), and a draw rejected to keep it unbiased (rarely) drawn again alone.
export function shuffled (cards) {
  const out = [...cards]
  const draws = crypto.getRandomValues(new Uint32Array(Math.max(out.length, 1)))
  for (let i = out.length - 1; i > 0; i--) {
    const limit = 2 ** 32 - (2 ** 32 % (i + 1))
    let draw = draws[i]
    while (draw >= limit) draw = crypto.getRandomValues(new Uint32Array(1))[0]
    const j = draw % (i + 1)
    const card = out[i] // (not a swap by destructuring: a list made for each card before V8 compiles this)
    out[i] = out[j]
    out[j] = card
  }
  return out
}

// The seat on the left of ``seat`` (the deal and the auction go to the left), ``steps`` times.
export function leftOf (seat, steps = 1) {
  return SEATS[(SEATS.indexOf(seat) + steps) % 4]
}

export function seatName (seat) {
  return word(seat)
}

// A card as a small element: its rank and suit symbol, red for hearts and diamonds, its name in words
// for assistive technology ("king of hearts").
// Each card's element is made once and copied (a page draws some sixty cards an input).
export function cardElement (card, {big = false} = {}) {
  return madeCard(card, big).cloneNode(true)
}
const madeCards = new Map()
function madeCard (card, big) {
  const name = `${big ? 'big ' : ''}${card}`
  let made = madeCards.get(name)
  if (made === undefined) madeCards.set(name, made = makeCard(card, big))
  return made
}

// ``element`` (a card element) made to show ``card`` in place: a card put in place of another is a
// new element, and the cut page laid out its whole grid of candidates again for each (2.4 ms an input).
export function showCard (element, card, {big = false} = {}) {
  const made = madeCard(card, big)
  if (element.className !== made.className) element.className = made.className
  setText(element, made.textContent)
  for (const name of ['role', 'aria-label']) {
    const value = made.getAttribute(name)
    if (value === null) element.removeAttribute(name)
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value)
  }
  return element
}

// ``element``'s text changed in place: its one text node's data, when it has one (a new text node is
// a new layout object and a style recalculation of its element for the browser).
export function setText (element, text) {
  const node = element.firstChild
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.data !== text) node.data = text
  } else {
    element.textContent = text
  }
}

function makeCard (card, big) {
  const element = document.createElement('span')
  const parsed = parseCard(card)
  if (!parsed) {
    element.className = `lk-card${big ? ' lk-card--big' : ''} lk-card--unknown`
    element.textContent = card || '?'
    return element
  }
  const [rank, suit] = parsed
  element.className = `lk-card${RED.has(suit) ? ' lk-card--red' : ''}${big ? ' lk-card--big' : ''}`
  element.setAttribute('role', 'img')
  element.setAttribute('aria-label', word(rank + suit))
  element.textContent = `${rankText(rank)}${SYMBOL[suit]}`
  return element
}

// A hand by suits, each suit's cards from the ace down: {S: ['A', 'T'], H: [...], ...}.
export function bySuit (cards) {
  const out = Object.fromEntries(SUITS.map(s => [s, []]))
  for (const card of cards) {
    const parsed = parseCard(card)
    if (parsed) out[parsed[1]].push(parsed[0])
  }
  for (const suit of SUITS) out[suit].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b))
  return out
}

// One seat's hand as a bridge diagram prints it: a line per suit, the symbol then the ranks.
export function handElement (cards, label) {
  const box = document.createElement('div')
  box.className = 'lk-hand'
  const title = document.createElement('p')
  title.className = 'lk-hand__seat'
  title.textContent = label
  box.append(title)
  const suits = bySuit(cards)
  const list = document.createElement('ul')
  list.className = 'lk-hand__suits'
  for (const suit of SUITS) {
    const line = document.createElement('li')
    const symbol = document.createElement('span')
    symbol.className = `lk-suit${RED.has(suit) ? ' lk-card--red' : ''}`
    symbol.textContent = SYMBOL[suit]
    symbol.setAttribute('aria-label', word('A' + suit).replace(/^ace of /, '') + ':')
    symbol.setAttribute('role', 'img')
    line.append(symbol, ' ', suits[suit].length ? suits[suit].map(rankText).join(' ') : '—')
    list.append(line)
  }
  box.append(list)
  return box
}

// A small element helper: a tag with a class and children (strings become text, never markup).
export function el (tag, attributes = {}, ...children) {
  const element = document.createElement(tag)
  for (const name in attributes) {
    const value = attributes[name]
    if (value === null || value === undefined || value === false) continue
    if (name === 'class') element.className = value
    else if (name === 'text') element.textContent = value
    else if (name.startsWith('on')) element.addEventListener(name.slice(2), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  // one call for them all; a list made only when some child is a list or nothing
  let plain = true
  for (let i = 0; i < children.length && plain; i++) {
    const child = children[i]
    plain = !(Array.isArray(child) || child === null || child === undefined || child === false)
  }
  if (plain) {
    if (children.length) element.append(...children)
  } else {
    const kept = []
    gather(children, kept)
    if (kept.length) element.append(...kept)
  }
  return element
}

// The children, nested lists flattened, nothing (null, undefined, false) left out.
function gather (children, into) {
  for (const child of children) {
    if (Array.isArray(child)) gather(child, into)
    else if (child !== null && child !== undefined && child !== false) into.push(child)
  }
}

// A labelled select: [value, text] options, the current value chosen.
export function select (label, options, value, onChange, attributes = {}) {
  const id = `lk-${Math.random().toString(36).slice(2, 9)}`
  const box = el('span', {class: 'lk-field'}, el('label', {for: id, text: label}))
  const control = el('select', {id, ...attributes, onchange: event => onChange(event.target.value)},
    options.map(([v, text]) => el('option', {value: v, text, selected: v === value})))
  box.append(control)
  return box
}

// A select of the fifty-two cards (and "none"), with the symbols.
export function cardSelect (label, value, onChange, attributes = {}) {
  const options = [['', '—'], ...fullPack().map(c => [c, `${rankText(c[0])}${SYMBOL[c[1]]} (${word(c)})`])]
  return select(label, options, value || '', onChange, attributes)
}
