// The situation record, read and laid out for the views as lawkit.rules.record does (without
// positions: an error names the event). The vocabulary is the explorer model's `record`
// (laws/record.yaml: each kind's fields, and its event before its fields are read).
export const SEATS = ['north', 'east', 'south', 'west']
export const SUITS = ['S', 'H', 'D', 'C']
export const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2']

// The fifty-two cards, by suit and rank (a new list each time, of the same strings).
export function fullPack () {
  return PACK.slice()
}
const PACK = SUITS.flatMap(suit => RANKS.map(rank => rank + suit))
const PARTS = ['seats', 'dealer', 'previous_dealer', 'irregularities', 'events', 'answers']
const BID = /^([1-7])\s*(NT|RS|S|H|D|C)$/i
const CALLS = ['pass', 'double', 'redouble']
const CARD = /^(10|[AKQJT2-9])([SHDC])$/i

export class RecordError extends Error {
  constructor (message, event = null, fact = null) {
    super(message)
    this.event = event
    this.fact = fact
  }
}

export class FactError extends Error {
  constructor (path, message) {
    super(`fact '${path}': ${message}`)
    this.path = path
    this.detail = message
  }
}

function show (value) {
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value)
  return text.length <= 40 ? text : text.slice(0, 37) + '...'
}

export function parseBid (said) {
  const match = BID.exec(String(said).trim())
  return match ? [Number(match[1]), match[2].toUpperCase()] : null
}

export function card (value, path = 'card') {
  const match = typeof value === 'string' ? CARD.exec(value) : null
  if (!match) throw new FactError(path, `${show(value)} is not a card (rank then suit: AS, 10H or TH, QD, 2C)`)
  return (match[1] === '10' ? 'T' : match[1].toUpperCase()) + match[2].toUpperCase()
}

const isInt = value => typeof value === 'number' && Number.isInteger(value)
const isMapping = value => value !== null && typeof value === 'object' && !Array.isArray(value)

// ``value`` normalized for a type (the JSON of lawkit.corpus.facts.FactType), or FactError naming ``path``.
export function checkValue (type, value, path) {
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw new FactError(path, `expected true or false, not ${show(value)}`)
    return value
  }
  if (type === 'int') {
    if (!isInt(value)) throw new FactError(path, `expected a whole number, not ${show(value)}`)
    return value
  }
  if (type === 'string') {
    if (typeof value !== 'string') throw new FactError(path, `expected text, not ${show(value)}`)
    return value
  }
  if (type === 'card') return card(value, path)
  if (type.enum) {
    if (!type.enum.includes(value)) throw new FactError(path, `${show(value)} is not one of ${type.enum.join(', ')}`)
    return value
  }
  if (type.list) {
    if (!Array.isArray(value)) throw new FactError(path, `expected a list, not ${show(value)}`)
    return value.map((v, i) => checkValue(type.list, v, `${path}[${i}]`))
  }
  const names = Object.keys(type.record)
  if (!isMapping(value)) throw new FactError(path, `expected a record with ${names.join(', ')}, not ${show(value)}`)
  const unknown = Object.keys(value).filter(k => !names.includes(k))
  if (unknown.length) throw new FactError(`${path}.${unknown[0]}`, `unknown field; the fields are ${names.join(', ')}`)
  const missing = names.filter(n => !Object.hasOwn(value, n))
  if (missing.length) throw new FactError(path, `missing field '${missing[0]}'`)
  return Object.fromEntries(names.map(n => [n, checkValue(type.record[n], value[n], `${path}.${n}`)]))
}

// ``event 3 (play by west of KD)``: how an error (and a ruling's trace) names an event.
export function describe (events, index) {
  const event = events[index]
  let what = event.by ? [`by ${event.by}`] : []
  if (event.kind === 'deal') what = [`to ${event.to}`]
  if (event.card) what.push(`of ${event.card}`)
  if (event.kind === 'call') what.push(`(${event.bid})`)
  return `event ${index + 1} (${event.kind} ${what.join(' ')})`.replace(' )', ')')
}

// The record a situation's data describes, checked and laid out (RecordError on the first problem).
// ``checkAnswer(name, value)`` checks and normalizes one answer.
export function readRecord (data, vocabulary, checkAnswer = null) {
  if (data === null || data === undefined) data = {}
  if (!isMapping(data)) {
    throw new RecordError('a situation is a mapping with seats, dealer, previous_dealer, irregularities, events and answers')
  }
  for (const key of Object.keys(data)) {
    if (!PARTS.includes(key)) throw new RecordError(`unknown part '${key}'; a situation has ${PARTS.join(', ')}`)
  }
  const seats = Object.fromEntries(SEATS.map(s => [s, '']))
  const rawSeats = data.seats || {}
  if (!isMapping(rawSeats)) throw new RecordError('seats is a mapping of seats to players\' names, e.g. {north: Ann}')
  const names = {}
  for (const [seat, name] of Object.entries(rawSeats)) {
    if (!SEATS.includes(seat)) throw new RecordError(`'${seat}' is not a seat; the seats are ${SEATS.join(', ')}`)
    if (typeof name !== 'string' || !name.trim()) throw new RecordError(`the player at ${seat} must be named by text`)
    if (Object.hasOwn(names, name)) throw new RecordError(`${name} cannot sit at both ${names[name]} and ${seat}`)
    seats[seat] = name
    names[name] = seat
  }
  const seatOf = value => {
    if (typeof value === 'string' && SEATS.includes(value.toLowerCase())) return value.toLowerCase()
    if (typeof value === 'string' && Object.hasOwn(names, value)) return names[value]
    const players = Object.keys(names)
    throw new RecordError(`'${value}' is not a seat at this table; the seats are ${SEATS.join(', ')}` +
      (players.length ? ` (players ${players.join(', ')})` : ''))
  }
  const dealer = data.dealer !== undefined && data.dealer !== null ? seatOf(data.dealer) : ''
  const previousDealer = data.previous_dealer !== undefined && data.previous_dealer !== null
    ? seatOf(data.previous_dealer) : ''
  const irregularities = data.irregularities || []
  if (!Array.isArray(irregularities)) throw new RecordError('irregularities is a list')
  for (const name of irregularities) {
    if (!Object.hasOwn(vocabulary.irregularities, name)) {
      throw new RecordError(`unknown irregularity '${name}'; the record can declare ` +
        Object.keys(vocabulary.irregularities).join(', '))
    }
  }
  const rawEvents = data.events || []
  if (!Array.isArray(rawEvents)) throw new RecordError('events is a list, each event a mapping with one key, its kind')
  const events = []
  const counts = {}
  const rounds = {}
  rawEvents.forEach((raw, index) => {
    if (!isMapping(raw) || Object.keys(raw).length !== 1) {
      throw new RecordError(`event ${index + 1}: an event is a mapping with one key, its kind ` +
        `(${Object.keys(vocabulary.events).join(', ')})`, index)
    }
    const [kindName, rawBody] = Object.entries(raw)[0]
    const kind = vocabulary.events[kindName]
    if (!kind) {
      throw new RecordError(`event ${index + 1}: unknown kind '${kindName}'; the kinds are ` +
        Object.keys(vocabulary.events).join(', '), index)
    }
    const body = rawBody === null || rawBody === undefined ? {} : rawBody
    if (!isMapping(body)) {
      throw new RecordError(`event ${index + 1}: a ${kindName} event's fields are a mapping ` +
        `(${Object.keys(kind.fields).join(', ')})`, index)
    }
    const {template, lists} = ownTemplate(vocabulary, kindName)
    const event = Object.assign({}, template)
    for (const name of lists) event[name] = []
    for (const [name, spec] of Object.entries(kind.fields)) {
      if (!Object.hasOwn(body, name)) {
        if (spec.required) throw new RecordError(`event ${index + 1}: a ${kindName} event needs '${name}' (${spec.description})`, index)
        continue
      }
      let value = body[name]
      if (spec.type === 'seat') {
        value = seatOf(value)
      } else {
        try {
          value = checkValue(spec.type, value, name)
        } catch (error) {
          if (error instanceof FactError) throw new RecordError(`event ${index + 1} (${kindName}): ${error.detail}`, index)
          throw error
        }
      }
      if (value !== null && value !== undefined) event[name] = value // a field given as null takes its default
    }
    for (const name of Object.keys(body)) {
      if (!Object.hasOwn(kind.fields, name)) {
        throw new RecordError(`event ${index + 1}: a ${kindName} event has no field '${name}'; its fields are ` +
          Object.keys(kind.fields).join(', '), index)
      }
    }
    if (kindName === 'cut') { // its round: how many cuts for this purpose its player made before it
      const key = `${event.purpose || ''}\u0000${event.by || ''}`
      event.round = rounds[key] = (Object.hasOwn(rounds, key) ? rounds[key] : -1) + 1
    }
    Object.assign(event, {i: index, n: counts[kindName] || 0, kind: kindName})
    counts[kindName] = (counts[kindName] || 0) + 1
    layOut(event, dealer, index)
    events.push(event)
  })
  const checked = readAnswers(data.answers, checkAnswer)
  const record = {seats, dealer, previousDealer, irregularities: [...irregularities], events, dealt: [], plays: [],
    answers: checked}
  dealAndPlay(record)
  checkConsistency(record)
  return record
}

// A situation's answers, each checked and normalized by ``checkAnswer(name, value)``.
export function readAnswers (answers, checkAnswer = null) {
  answers ||= {}
  if (!isMapping(answers)) throw new RecordError('answers is a mapping of questions\' facts to what happened')
  const checked = {}
  for (const [name, value] of Object.entries(answers)) checked[name] = checkAnswer ? checkAnswer(name, value) : value
  return checked
}

// A whole hand as a table plays it, the same every time: a pack in a fixed order dealt one card at
// a time from the dealer's left, a bid of one no trump and three passes, and thirteen tricks, each
// player following suit when he can and the trick's winner leading to the next. The explorer
// practises on it in idle time (Explorer.warmUp): every part of the record, and no irregularity.
export function sampleHand () {
  const pack = fullPack()
  for (let i = pack.length - 1, seed = 7; i > 0; i--) { // a fixed shuffle (a linear congruential sequence)
    seed = (seed * 1103515245 + 12345) % 2147483648
    const j = seed % (i + 1);
    [pack[i], pack[j]] = [pack[j], pack[i]]
  }
  const dealer = 'south'
  const after = seat => SEATS[(SEATS.indexOf(seat) + 1) % 4]
  const hands = Object.fromEntries(SEATS.map(s => [s, []]))
  const events = []
  let to = after(dealer)
  for (const dealt of pack) {
    events.push({deal: {to, card: dealt}})
    hands[to].push(dealt)
    to = after(to)
  }
  let by = dealer
  for (const bid of ['1NT', 'pass', 'pass', 'pass']) {
    events.push({call: {by, bid}})
    by = after(by)
  }
  let leader = after(dealer)
  const rank = c => RANKS.indexOf(c[0])
  for (let trick = 0; trick < 13; trick++) {
    let seat = leader
    let led = null
    let best = null
    for (let k = 0; k < 4; k++, seat = after(seat)) {
      const hand = hands[seat]
      const following = led === null ? [] : hand.filter(c => c[1] === led)
      const played = (following.length ? following : hand)[0]
      hand.splice(hand.indexOf(played), 1)
      if (led === null) led = played[1]
      if (played[1] === led && (best === null || rank(played) < rank(best[1]))) best = [seat, played]
      events.push({play: {by: seat, card: played}})
    }
    leader = best[0]
  }
  return {dealer, events}
}

// A kind's event before its fields are read: its own fields at their defaults. (Python's event has
// every field of every kind; only its kind's are read, and an object of some forty names made by
// spreading cost V8 a hundred times more than one of a few.)
const templates = new WeakMap()
function ownTemplate (vocabulary, kindName) {
  let own = templates.get(vocabulary)
  if (!own) templates.set(vocabulary, own = {})
  if (!own[kindName]) {
    const {template, lists} = vocabulary.templates[kindName]
    const names = Object.keys(vocabulary.events[kindName].fields)
    own[kindName] = {template: Object.fromEntries(names.map(n => [n, template[n]])),
      lists: lists.filter(n => names.includes(n))}
  }
  return own[kindName]
}

// Kind-specific layout: a call split into its parts, a deal's cards as a list.
function layOut (event, dealer, index) {
  const kind = event.kind
  if (kind === 'call') {
    const said = String(event.bid).trim()
    const bid = parseBid(said)
    if (bid) {
      Object.assign(event, {call: 'bid', level: bid[0], denomination: bid[1]})
    } else if (CALLS.includes(said.toLowerCase())) {
      Object.assign(event, {call: said.toLowerCase(), level: 0, denomination: ''})
    } else {
      throw new RecordError(`event ${index + 1} (call): '${said}' is not a call; a call is a bid (a level 1 to 7 ` +
        'and C, D, H, S, RS or NT, e.g. 1H, 2NT, 3RS), pass, double or redouble', index)
    }
  } else {
    if (!Object.hasOwn(event, 'call')) event.call = ''
    if (!Object.hasOwn(event, 'level')) event.level = 0
    if (!Object.hasOwn(event, 'denomination')) event.denomination = ''
  }
  if (kind === 'deal') {
    const cards = event.cards.length ? [...event.cards] : (event.card ? [event.card] : [])
    const count = event.count || Math.max(cards.length, 1)
    if (cards.length && count !== cards.length) {
      throw new RecordError(`event ${index + 1} (deal): count ${count} but ${cards.length} cards named`, index)
    }
    if (event.card && event.cards.length) {
      throw new RecordError(`event ${index + 1} (deal): name the card with 'card' or the cards with 'cards', not both`, index)
    }
    event.cards = cards
    event.count = count
    event.by = event.by || dealer
  }
  if (kind === 'cut' || kind === 'turn_trump') {
    if (kind === 'cut' && event.card && (event.cards || []).length) {
      throw new RecordError(`event ${index + 1} (cut): name the card with 'card' or the cards with 'cards', not both`, index)
    }
    event.cards = (event.cards || []).length ? [...event.cards] : (event.card ? [event.card] : [])
    if (kind === 'turn_trump') event.by = event.by || dealer
  }
}

// Each card dealt its own entry; each card played its trick.
function dealAndPlay (record) {
  for (const event of record.events) {
    if (event.kind !== 'deal') continue
    const cards = event.cards.length ? event.cards : Array(event.count).fill('')
    for (const dealtCard of cards) {
      const previous = record.dealt.length ? record.dealt[record.dealt.length - 1].to : ''
      record.dealt.push({i: event.i, k: record.dealt.length, motion: event.n, motion_size: event.count,
        previous_to: previous, to: event.to, card: dealtCard, face_up: event.face_up, by: event.by,
        other_pack: event.other_pack})
    }
  }
  let trick = 1
  let inTrick = 0
  let lastGiven = 0
  let places = -1
  const plays = record.plays
  for (const event of record.events) {
    if (event.kind === 'quit') {
      if (!event.trick && plays.length) event.trick = plays[plays.length - 1].trick
      continue
    }
    if (event.kind === 'withdraw') {
      let taken = null
      for (let k = plays.length - 1; k >= 0; k--) {
        const p = plays[k]
        if (p.by === event.by && p.card === event.card && !p.withdrawn) { taken = p; break }
      }
      if (taken === null) {
        throw new RecordError(`${describe(record.events, event.i)}: ${event.by} takes back ${event.card}, which ` +
          'he has not played (or took back already)', event.i)
      }
      taken.withdrawn = true
      if (taken.trick === trick && inTrick > 0) inTrick -= 1
      continue
    }
    if (event.kind !== 'play') continue
    event.withdrawn = false
    const given = event.trick
    if (given) {
      if (given < Math.max(lastGiven, plays.length ? trick : 1) || given < 1) {
        throw new RecordError(`${describe(record.events, event.i)}: trick ${given} out of order (tricks are numbered ` +
          'from 1, in the order they are played; a record may leave tricks out but not go back to one)', event.i)
      }
      if (given !== trick) { trick = given; inTrick = 0 }
      lastGiven = given
    } else if (inTrick === 4) {
      trick += 1
      inTrick = 0
    }
    event.trick = trick
    let before = null
    for (let k = plays.length - 1; k >= 0; k--) if (!plays[k].withdrawn) { before = plays[k]; break }
    event.before = before !== null && before.trick === trick ? before.n : -1
    if (!plays.length || plays[plays.length - 1].trick !== trick) places += 1
    event.place = places
    inTrick += 1
    plays.push(event)
  }
}

function checkConsistency (record) {
  const declared = new Set(record.irregularities)
  const holder = {}
  for (const entry of record.dealt) {
    const dealtCard = entry.card
    if (!dealtCard) continue
    if (Object.hasOwn(holder, dealtCard) && !declared.has('card-dealt-twice')) {
      const [seat, first] = holder[dealtCard]
      throw new RecordError(`${describe(record.events, entry.i)}: ${dealtCard} was dealt already, to ${seat} ` +
        `(${describe(record.events, first)}); if the pack really held it twice, say so with irregularities: ` +
        '[card-dealt-twice]', entry.i)
    }
    if (!Object.hasOwn(holder, dealtCard)) holder[dealtCard] = [entry.to, entry.i]
  }
  const named = Object.fromEntries(SEATS.map(seat => [seat, record.dealt.filter(d => d.to === seat).map(d => d.card)]))
  const fullyNamed = new Set(SEATS.filter(seat => named[seat].length && named[seat].every(Boolean)))
  const played = {}
  const perTrick = {}
  for (const play of record.plays) {
    const {card: playedCard, by: seat, i: index} = play
    if (Object.hasOwn(played, playedCard) && !declared.has('card-dealt-twice') &&
        !record.events[played[playedCard]].withdrawn) {
      throw new RecordError(`${describe(record.events, index)}: ${playedCard} was played already ` +
        `(${describe(record.events, played[playedCard])})`, index)
    }
    played[playedCard] = index
    if (fullyNamed.has(seat) && !named[seat].includes(playedCard) && !declared.has('card-not-held')) {
      const whereItIs = Object.hasOwn(holder, playedCard) ? `; it was dealt to ${holder[playedCard][0]}` : ''
      throw new RecordError(`${describe(record.events, index)}: ${seat} did not hold ${playedCard}${whereItIs}; if the ` +
        'record means it, say so with irregularities: [card-not-held]', index)
    }
    if (play.withdrawn) continue
    const trick = perTrick[play.trick] || (perTrick[play.trick] = [])
    if (trick.some(p => p.by === seat) && !declared.has('seat-plays-twice') && !declared.has('five-card-trick')) {
      throw new RecordError(`${describe(record.events, index)}: ${seat} has played to trick ${play.trick} already; ` +
        'if the record means it, say so with irregularities: [seat-plays-twice] (or [five-card-trick])', index)
    }
    trick.push(play)
    if (trick.length > 4 && !declared.has('five-card-trick')) {
      throw new RecordError(`${describe(record.events, index)}: a fifth card played to trick ${play.trick}; if the ` +
        'record means it, say so with irregularities: [five-card-trick]', index)
    }
  }
}

const EXTRA = {call: ['call', 'level', 'denomination'], play: ['trick', 'place', 'withdrawn', 'before'], cut: ['round']}

// Each kind of event of the vocabulary: its name, its part of the record as the views read it, and
// the names of its fields there (read once for the vocabulary: a page lays out records on every input).
const kinds = new WeakMap()
function kindsOf (vocabulary) {
  let found = kinds.get(vocabulary)
  if (found === undefined) {
    kinds.set(vocabulary, found = Object.entries(vocabulary.events).map(([kindName, kind]) =>
      [kindName, `${kindName}_events`, ['i', 'n', ...Object.keys(kind.fields), ...(EXTRA[kindName] || [])]]))
  }
  return found
}

// The record as the views read it (lawkit.rules.record.Record.as_cel), plain data.
export function asCel (record, vocabulary) {
  const {events, dealt, plays} = record
  const laidOut = {
    record_seats: record.seats, record_dealer: record.dealer, record_previous_dealer: record.previousDealer,
    events: events.map(e => ({i: e.i, n: e.n, kind: e.kind, by: e.by || ''})),
    cards_dealt: dealt,
    played_at: {},
  }
  const ofKind = {}
  for (const e of events) (ofKind[e.kind] || (ofKind[e.kind] = [])).push(e)
  for (const [kindName, part, names] of kindsOf(vocabulary)) {
    const found = ofKind[kindName]
    laidOut[part] = found === undefined ? [] : found.map(e => Object.fromEntries(names.map(n => [n, e[n]])))
  }
  // The cuts for each purpose apart, and each candidate's first cut for the table (as record.py).
  const cuts = laidOut.cut_events || []
  laidOut.table_cut_events = cuts.filter(e => e.purpose === 'table')
  laidOut.cutting_out_cut_events = cuts.filter(e => e.purpose === 'cutting-out')
  laidOut.first_table_cuts = laidOut.table_cut_events.filter(e => e.round === 0).map(e => ({player: e.by, cards: e.cards}))
  const counted = plays.filter(p => !p.withdrawn)
  for (const play of counted) if (!Object.hasOwn(laidOut.played_at, play.card)) laidOut.played_at[play.card] = play.trick
  const calls = events.filter(e => e.kind === 'call' || e.kind === 'declare').map(e => e.i)
  Object.assign(laidOut, {
    first_deal: dealt.length ? dealt[0].i : -1, last_deal: dealt.length ? dealt[dealt.length - 1].i : -1,
    first_call: calls.length ? calls[0] : -1, first_play: plays.length ? plays[0].i : -1,
  })
  laidOut.dealt_count = Object.fromEntries(SEATS.map(seat => [seat, dealt.filter(d => d.to === seat).length]))
  laidOut.dealt_cards = Object.fromEntries(SEATS.map(seat => [seat, dealt.filter(d => d.to === seat && d.card).map(d => d.card)]))
  const named = dealt.filter(d => d.card).map(d => d.card)
  const times = {}
  for (const c of named) times[c] = (times[c] || 0) + 1
  laidOut.cards_named_twice = named.filter(c => times[c] > 1)
  const groups = []
  for (const play of laidOut.play_events || []) {
    if (play.withdrawn) continue
    if (!groups.length || groups[groups.length - 1][0].trick !== play.trick) groups.push([])
    groups[groups.length - 1].push(play)
  }
  laidOut.plays_by_trick = groups
  laidOut.trick_list = groups.map(g => ({number: g[0].trick, leader: g[0].by, led: g[0].card.slice(-1), cards: g}))
  const firstPlayed = laidOut.played_at
  laidOut.hands_at_tricks = groups.map(g => Object.fromEntries(SEATS.map(seat => [seat,
    laidOut.dealt_cards[seat].filter(c => !Object.hasOwn(firstPlayed, c) || firstPlayed[c] >= g[0].trick)])))
  laidOut.play_numbers = (laidOut.play_events || []).map((_, k) => k)
  // What each call and event needs of those before it, in one pass (as record.py: issue 15).
  const callEvents = laidOut.call_events || []
  laidOut.call_numbers = callEvents.map((_, k) => k)
  const latest = {bid: -1, double: -1, redouble: -1, not_pass: -1}
  const own = {}
  laidOut.calls_before = callEvents.map(call => {
    const before = {...latest, own: Object.hasOwn(own, call.by) ? own[call.by] : -1}
    if (['bid', 'double', 'redouble'].includes(call.call)) latest[call.call] = call.n
    if (call.call !== 'pass') latest.not_pass = call.n
    own[call.by] = call.n
    return before
  })
  laidOut.play_before = []
  laidOut.seat_play_before = Object.fromEntries(SEATS.map(seat => [seat, []]))
  let lastPlay = -1
  const lastOfSeat = Object.fromEntries(SEATS.map(seat => [seat, -1]))
  for (const event of events) {
    laidOut.play_before.push(lastPlay)
    for (const seat of SEATS) laidOut.seat_play_before[seat].push(lastOfSeat[seat])
    if (event.kind === 'play') lastPlay = lastOfSeat[event.by] = event.n
  }
  const trickFirst = {}
  for (const play of laidOut.play_events || []) if (!Object.hasOwn(trickFirst, play.trick)) trickFirst[play.trick] = play.n
  laidOut.trick_first_play = (laidOut.play_events || []).map(p => trickFirst[p.trick])
  laidOut.trick_places = groups.map((_, k) => k)
  laidOut.deal_size = dealt.length
  laidOut.play_count = counted.length
  laidOut.event_count = events.length
  laidOut.dealt_plain = dealt.map(d => ({to: d.to, card: d.card, face_up: d.face_up}))
  laidOut.dealt_event_indexes = dealt.map(d => d.i)
  laidOut.last_card_dealt = dealt.length ? dealt[dealt.length - 1].card : ''
  laidOut.last_motion = dealt.length ? dealt[dealt.length - 1].motion : -1
  laidOut.last_trick_by_seat = Object.fromEntries(SEATS.map(seat =>
    [seat, Math.max(0, ...counted.filter(p => p.by === seat).map(p => p.trick))]))
  laidOut.played_index = {}
  for (const play of counted) if (!Object.hasOwn(laidOut.played_index, play.card)) laidOut.played_index[play.card] = play.i
  return laidOut
}
