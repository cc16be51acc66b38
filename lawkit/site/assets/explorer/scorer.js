// The score sheet in the browser, as lawkit.rules.scoring keeps it: a hand (a short form or a
// record) put to a code's scoring rules with the state of the rubber before it, the entries its
// rulings put above and below the line, the game and the rubber won, hand after hand.
import {RulingError} from './engine.js'
import {FactError, SEATS, card, parseBid} from './record.js'
import {word} from './words.js'

export const SIDES = ['north-south', 'east-west']
export const LINES = ['below', 'above']
const STATE_FACTS = ['score_toward_game', 'games_won', 'rubber_game_points']
const SHORT_FORM = ['declaration', 'by', 'doubled', 'redoubled', 'tricks', 'honours', 'void', 'honours_called', 'dealer']
const HONOUR_RANKS = 'AKQJT'
// The views through which a code's rules read a declared trump (as scoring.DECLARATION_VIEWS).
const DECLARATION_VIEWS = new Set(['final_declaration', 'declaring_side', 'scored_hand', 'hand_result', 'honour_lines',
  'declaration_tricks', 'honour_holding'])

export class ScoreError extends Error {
  constructor (message, field = null) {
    super(message)
    this.field = field
  }
}

const zero = () => Object.fromEntries(SIDES.map(s => [s, 0]))
const other = side => side === SIDES[0] ? SIDES[1] : SIDES[0]
const copy = value => JSON.parse(JSON.stringify(value))

export function standing (toward = zero(), games = zero(), lines = {below: zero(), above: zero()}) {
  return {toward_game: toward, games, lines}
}

function started (state) {
  return [...Object.values(state.toward_game), ...Object.values(state.games),
    ...LINES.flatMap(l => Object.values(state.lines[l]))].some(Boolean)
}

export function isShortForm (data) {
  return data !== null && typeof data === 'object' && !Array.isArray(data) && !('events' in data) &&
    !('answers' in data) && ('declaration' in data || 'tricks' in data)
}

// The answers each code's scoring rules read, from a short form (scoring.short_form_situation).
export function shortFormSituation (data, sideOf, where = '') {
  const prefix = where ? `${where}: ` : ''
  const fail = (name, message) => new ScoreError(`${prefix}${name}: ${message}`, name)
  const unknown = Object.keys(data).filter(k => !SHORT_FORM.includes(k))
  if (unknown.length) throw fail(unknown[0], `not a field of the short form (fields: ${SHORT_FORM.join(', ')})`)
  const bid = ['string', 'number'].includes(typeof data.declaration) ? parseBid(data.declaration) : null
  if (!bid) {
    throw fail('declaration', `${JSON.stringify(data.declaration)} is not a declaration: a level 1 to 7 and C, D, H, S, ` +
      'RS (royal spades) or NT, as 4H or 3NT (eight or more odd tricks cannot be bid)')
  }
  const [level, denomination] = bid
  const by = data.by
  if (!SEATS.includes(by)) throw fail('by', `${JSON.stringify(by)} is not a seat: the declarer is one of ${SEATS.join(', ')}`)
  const doubled = data.doubled ?? false
  const redoubled = data.redoubled ?? false
  for (const [name, value] of [['doubled', doubled], ['redoubled', redoubled]]) {
    if (typeof value !== 'boolean') throw fail(name, `${JSON.stringify(value)} is not true or false`)
  }
  if (redoubled && !doubled) throw fail('redoubled', 'a redouble needs a double: say doubled: true too')
  const side = sideOf[by]
  const tricks = data.tricks
  let won
  if (Number.isInteger(tricks)) {
    if (tricks < 0 || tricks > 13) throw fail('tricks', `${tricks} tricks: a side wins 0 to 13 (seven odd tricks at most)`)
    won = {[side]: tricks, [other(side)]: 13 - tricks}
  } else if (tricks && typeof tricks === 'object' && !Array.isArray(tricks)) {
    const keys = Object.keys(tricks)
    if (keys.length !== 2 || !SIDES.every(s => keys.includes(s)) || !SIDES.every(s => Number.isInteger(tricks[s]) && tricks[s] >= 0)) {
      throw fail('tricks', `${JSON.stringify(tricks)} is not a map of both sides (${SIDES.join(', ')}) to tricks won`)
    }
    const sum = tricks[SIDES[0]] + tricks[SIDES[1]]
    if (sum !== 13) throw fail('tricks', `the sides' tricks add up to ${sum}, not 13`)
    won = Object.fromEntries(SIDES.map(s => [s, tricks[s]]))
  } else {
    throw fail('tricks', `${JSON.stringify(tricks)} is not a number of tricks (the declaring side's) or a map of each side's`)
  }
  const trump = denomination === 'RS' ? 'S' : denomination
  const honours = data.honours || {}
  if (typeof honours !== 'object' || Array.isArray(honours) || !Object.keys(honours).every(s => SEATS.includes(s))) {
    throw fail('honours', `${JSON.stringify(honours)} is not a map of seats to the honours each was dealt`)
  }
  const held = Object.fromEntries(SEATS.map(s => [s, []]))
  const seen = {}
  for (const [seat, cards] of Object.entries(honours)) {
    for (const said of Array.isArray(cards) ? cards : [cards]) {
      let name
      try {
        name = card(said)
      } catch (error) {
        if (error instanceof FactError) throw fail('honours', `${seat}: ${error.detail}`)
        throw error
      }
      const [rank, suit] = name
      if ((trump === 'NT' && rank !== 'A') || (trump !== 'NT' && (suit !== trump || !HONOUR_RANKS.includes(rank)))) {
        const what = trump === 'NT' ? 'the aces' : `the ace, king, queen, knave and ten of ${word('A' + trump).slice(7)}`
        throw fail('honours', `${name} (${seat}) is not an honour at ${level}${denomination}: the honours are ${what}`)
      }
      if (Object.hasOwn(seen, name)) throw fail('honours', `${name} is given to ${seen[name]} and to ${seat}`)
      seen[name] = seat
      held[seat].push(name)
    }
  }
  const voids = data.void || []
  if (!Array.isArray(voids) || !voids.every(v => SEATS.includes(v))) {
    throw fail('void', `${JSON.stringify(voids)} is not a list of seats (the players dealt no trump)`)
  }
  if (trump === 'NT' && voids.length) throw fail('void', 'at no trumps no hand is void of trumps')
  for (const seat of voids) {
    if (held[seat].length) throw fail('void', `${seat} holds ${held[seat].join(', ')}, so is not void of trumps`)
  }
  const answers = {
    final_declaration: {level, denomination, by, doubled, redoubled},
    trump, times_doubled: redoubled ? 2 : (doubled ? 1 : 0), tricks_won: won,
    honours_held: held, chicane_hands: [...voids], void_in_trumps: [...voids],
  }
  if ('honours_called' in data) {
    const called = data.honours_called
    if (!Array.isArray(called) || !called.every(c => SIDES.includes(c))) {
      throw fail('honours_called', `${JSON.stringify(called)} is not a list of sides (${SIDES.join(', ')})`)
    }
    answers.honours_called_by = [...called]
  }
  if ('dealer' in data) {
    if (!SEATS.includes(data.dealer)) throw fail('dealer', `${JSON.stringify(data.dealer)} is not a seat: one of ${SEATS.join(', ')}`)
    // The dealer must declare first (1913 Law 42), so a final one spade of his is his original one.
    answers.dealers_original_one_spade = level === 1 && denomination === 'S' && by === data.dealer
  }
  // Without a dealer named, the declaring side dealt: in Bridge 1904 only the dealer's side names the trump.
  return {dealer: data.dealer ?? by, answers}
}

export function summary (data, sideOf) {
  if (!isShortForm(data)) return 'a record of the table'
  const made = Number.isInteger(data.tricks) ? data.tricks : data.tricks[sideOf[data.by]]
  const doubling = data.redoubled ? ', redoubled' : (data.doubled ? ', doubled' : '')
  return `${String(data.declaration).toUpperCase()} by ${word(data.by)}${doubling}: ${made} tricks`
}

// Score hands and rubbers under a code with the explorer's engine.
export class Scorer {
  constructor (explorer) {
    this.explorer = explorer
    this.engine = explorer.engine
    this.sideOf = explorer.engine.model.constants.side_of
    this.read = new Map() // a hand's short form, by its place and its JSON -> its situation (short)
  }

  // The answers of a hand's short form (shortFormSituation), read once for every code that scores
  // it (the same hand is put to each code in turn); a short form that cannot be read says so each time.
  short (data, label) {
    const name = `${label}\u0000${JSON.stringify(data)}`
    let found = this.read.get(name)
    if (found === undefined) {
      found = shortFormSituation(data, this.sideOf, label)
      if (this.read.size >= 64) this.read.clear() // the last rubbers' hands, not every hand ever typed
      this.read.set(name, found)
    }
    return found
  }

  // Whether the code's rules score games and rubbers (Duplicate Whist scores deals).
  async playsRubbers (code) {
    return scoringOf(await this.explorer.code(code)).playsRubbers
  }

  async scores (code) {
    return scoringOf(await this.explorer.code(code)).rules.size > 0
  }

  // The sheet of a rubber: each hand's score, the standing after it, the rubber's winner and totals.
  async rubber (code, hands) {
    const book = await this.explorer.code(code)
    const sheet = {code, hands: [], standing: standing(), rubber: '', total: [],
      playsRubbers: scoringOf(book).playsRubbers}
    hands.forEach((data, index) => {
      const label = `hand ${index + 1}`
      if (sheet.rubber) {
        throw new ScoreError(`${label}: the rubber was won with hand ${sheet.hands.length}; start a new rubber for the hands after it`, 'hands')
      }
      const hand = this.hand(code, book, data, sheet.standing, index + 1, label)
      sheet.hands.push(hand)
      sheet.standing = hand.after
      if (hand.rubber) [sheet.rubber, sheet.total] = [hand.rubber, hand.total]
    })
    sheet.totals = sheet.rubber
      ? Object.fromEntries(SIDES.map(s => [s, sheet.total.reduce((sum, line) => sum + sheet.standing.lines[line][s], 0)]))
      : null
    return sheet
  }

  hand (code, book, data, before, number, label) {
    const short = isShortForm(data)
    const situation = short ? this.short(data, label) : data
    if (short && situation.answers.trump === 'NT' && !scoringOf(book).declares) {
      // Whist's trump is the card turned up: no hand of it is played at no trumps.
      return {number, summary: summary(data, this.sideOf), entries: [], says: [], game: '', rubber: '', total: [], after: before,
        missing: [{fact: 'trump', question: 'This code has no no-trump hand (its trump is the card turned up): the hand cannot be scored under it', needed_by: []}]}
    }
    if (situation === null || typeof situation !== 'object' || Array.isArray(situation)) {
      throw new ScoreError(`${label}: not a hand: a short form (declaration, by, tricks, ...) or a record (dealer, events, answers)`)
    }
    const answers = {...(situation.answers || {})}
    for (const name of STATE_FACTS) {
      if (!(name in answers) || !(name in this.engine.model.facts)) continue
      try {
        answers[name] = this.engine.checkAnswer(name, answers[name])
      } catch (error) {
        throw new ScoreError(`${label}: ${error.message}`, name)
      }
      const low = Object.entries(answers[name]).filter(([, p]) => p < 0).map(([s, p]) => `${s} ${p}`)
      if (low.length || (name === 'games_won' && Object.values(answers[name]).some(g => g > 1))) {
        throw new ScoreError(`${label}: ${name}: ${low.join(', ') || JSON.stringify(answers[name])} is not a state of a rubber ` +
          '(no side has fewer than nothing, nor two games before a hand)', name)
      }
    }
    if (number === 1 && !started(before)) {
      // The first hand may say where the rubber stood before it: the sheet starts from there.
      const take = (name, fallback) => {
        const value = Object.hasOwn(answers, name) ? answers[name] : fallback
        delete answers[name]
        return copy(value)
      }
      before = standing(take('score_toward_game', before.toward_game), take('games_won', before.games),
        {below: copy(before.lines.below), above: take('rubber_game_points', before.lines.above)})
    }
    for (const name of [...STATE_FACTS, 'rubber_score']) {
      if (name in answers) {
        throw new ScoreError(`${label}: answers ${name}, which the score sheet keeps (only the first hand may say where ` +
          'the rubber stood): leave it out', name)
      }
    }
    const state = {score_toward_game: before.toward_game, games_won: before.games, rubber_game_points: before.lines.above}
    let result = this.ruling(code, situation, {...answers, ...state}, label)
    if (result.missing_facts.some(m => m.fact === 'rubber_score')) {
      // The rule that makes up the rubber asks for its totals with this hand's points before the bonus.
      const totals = Object.fromEntries(SIDES.map(s => [s, LINES.reduce((sum, l) => sum + before.lines[l][s], 0)]))
      for (const [entry, bonus] of entries(result)) if (!bonus) totals[entry.side] += entry.points
      result = this.ruling(code, situation, {...answers, ...state, rubber_score: totals}, label)
    }
    const hand = {number, summary: summary(data, this.sideOf), entries: [], says: [], game: '', rubber: '', total: [], missing: []}
    const after = standing(copy(before.toward_game), copy(before.games), copy(before.lines))
    const scoring = scoringOf(book).rules
    for (const [entry] of entries(result)) {
      hand.entries.push(entry)
      after.lines[entry.line][entry.side] += entry.points
      if (entry.line === 'below') after.toward_game[entry.side] += entry.points
    }
    for (const ruling of result.rulings) {
      if (!ruling.score) continue
      hand.says.push(ruling)
      if (ruling.score.game) hand.game = ruling.score.game
      if (ruling.score.rubber) hand.rubber = ruling.score.rubber
      if ('total' in ruling.score) hand.total = ruling.score.total
    }
    if (hand.game) {
      after.games[hand.game] += 1
      after.toward_game = zero() // a new game begins from nothing
    }
    hand.missing = result.missing_facts.filter(m => m.needed_by.some(r => scoring.has(r)))
    hand.after = after
    return hand
  }

  ruling (code, situation, answers, label) {
    const data = {}
    for (const [key, value] of Object.entries(situation)) if (key !== 'answers') data[key] = value
    data.answers = answers
    try {
      return this.engine.ruling(code, data)
    } catch (error) {
      if (error instanceof RulingError) throw new ScoreError(`${label}: ${error.message}`, error.fact)
      throw error
    }
  }
}

// What a code's rulebook says of its scoring, read once for each rulebook (a sheet asks it of every
// hand): its scoring rules' keys, whether it scores rubbers, whether its rules read a declared trump.
const scorings = new WeakMap()
function scoringOf (book) {
  let found = scorings.get(book)
  if (found === undefined) {
    scorings.set(book, found = {
      rules: new Set(book.rules.filter(r => r.score).map(r => r.key)),
      playsRubbers: book.rules.some(r => r.score && 'rubber' in r.score),
      declares: book.rules.some(r => r.facts.some(f => DECLARATION_VIEWS.has(f))),
    })
  }
  return found
}

// A hand's entries on the sheet, each with whether it is the rubber's bonus (given with the total).
function entries (result) {
  const out = []
  for (const ruling of result.rulings) {
    if (!ruling.score) continue
    for (const line of LINES) {
      for (const [side, points] of Object.entries(ruling.score[line] || {})) {
        out.push([{line, side, points, law: ruling.law, rule: ruling.rule, says: ruling.says}, 'total' in ruling.score])
      }
    }
  }
  return out
}
