// A ruling in players' words, as lawkit.rules.words says it: a rule's `says` sentence with its
// values filled in (a seat as East, a card as king of hearts, a list as A, B and C).
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g
const CARD = /^(10|[2-9TJQKA])([SHDC])$/
const RANKS = {A: 'ace', K: 'king', Q: 'queen', J: 'knave', T: 'ten', 10: 'ten', 9: 'nine', 8: 'eight', 7: 'seven',
  6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two'}
const SUITS = {S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs'}
export const SUIT_SYMBOLS = {S: '♠', H: '♥', D: '♦', C: '♣'} // as lawkit.rules.words writes them
const SEATS = new Set(['north', 'east', 'south', 'west'])
const SIDES = {'north-south': 'North and South', 'east-west': 'East and West'}

export function sideName (side) {
  return SIDES[side] || side
}

// One value (plain data) in words.
export function word (value) {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') {
    if (SEATS.has(value)) return value[0].toUpperCase() + value.slice(1)
    const card = CARD.exec(value)
    return card ? `${RANKS[card[1]]} of ${SUITS[card[2]]}` : value
  }
  if (Array.isArray(value)) {
    const said = value.map(word)
    if (!said.length) return 'none'
    return said.length === 1 ? said[0] : said.slice(0, -1).join(', ') + ' and ' + said[said.length - 1]
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value)
    if (keys.length && keys.every(k => k in SIDES)) {
      return Object.keys(SIDES).filter(k => k in value).map(k => `${sideName(k)} ${word(value[k])}`).join(' and ')
    }
    return keys.map(k => `${word(k)}: ${word(value[k])}`).join('; ')
  }
  if (value === null) return 'None'
  return String(value)
}

// The sentence with each {name} replaced by that value in words; its first letter a capital.
export function say (sentence, values) {
  const text = sentence.replace(PLACEHOLDER, (whole, name) => Object.hasOwn(values, name) ? word(values[name]) : whole)
  return text.slice(0, 1).toUpperCase() + text.slice(1)
}
