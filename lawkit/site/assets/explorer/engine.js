// Rulings in the browser, as lawkit.rules.engine gives them: a situation (a record of the table and
// the answers to what it cannot show) put to one code's rules. The rules in play, precedence
// (beaten_by), the values, the ruling in players' words, the questions for what is missing, and
// the trace, from the explorer model (api/explorer/model.json) and a code's rulebook
// (api/explorer/<code>.json), exported by lawkit.rules.export.
import {Layers, compile, plain, same, sorted, toCel} from './cel.js'
import {RecordError, FactError, asCel, checkValue, describe, readAnswers, readRecord} from './record.js'
import {Views, ViewError} from './views.js'
import {say, sideName} from './words.js'

export class RulingError extends Error {
  constructor (message, {law = null, fact = null, kind = 'facts'} = {}) {
    super(message)
    this.law = law
    this.fact = fact
    this.kind = kind // facts (the situation is wrong), conflict (rules disagree), rule (a rule failed)
  }
}

const SIDES = ['north-south', 'east-west']
const isMapping = value => value !== null && typeof value === 'object' && !Array.isArray(value)

// A record's data as a key: its JSON, with what JSON would lose or merge (undefined, NaN, a
// BigInt) written apart, so two records read differently never share a key.
function key (data) {
  return JSON.stringify(data, (name, value) => {
    if (value === undefined || typeof value === 'bigint' || typeof value === 'function' ||
        (typeof value === 'number' && !Number.isFinite(value))) return `\u0000${typeof value}:${String(value)}`
    if (typeof value === 'string' && value.startsWith('\u0000')) return `\u0000${value}`
    return value
  })
}

// The last of one step's results, by key, the oldest forgotten first once they weigh more than a
// budget: a result weighs one and one more for each event of its record, so some two dozen full
// hands are kept, or many more small records (a rubber's hands, each under every code that scores,
// are a hundred situations of no event).
const BUDGET = 24 * 110
class Kept extends Map {
  constructor () {
    super()
    this.weights = new Map()
    this.weight = 0
  }

  set (name, value, events = 0) {
    this.drop(name)
    const weight = 1 + events
    while (this.size && this.weight + weight > BUDGET) this.drop(this.keys().next().value)
    this.weights.set(name, weight)
    this.weight += weight
    return super.set(name, value)
  }

  drop (name) {
    if (!this.has(name)) return
    this.weight -= this.weights.get(name)
    this.weights.delete(name)
    this.delete(name)
  }
}
const eventsOf = data => isMapping(data) && Array.isArray(data.events) ? data.events.length : 0
const minus = (names, known) => names.filter(n => !Object.hasOwn(known, n))
function holdsAll (known, names) {
  for (let i = 0; i < names.length; i++) if (!Object.hasOwn(known, names[i])) return false
  return true
}
// (a loop, not names.some with a function made for each of some fifty candidates a ruling)
function holdsAny (known, names, except = null) {
  for (let i = 0; i < names.length; i++) {
    if (Object.hasOwn(known, names[i]) && (except === null || !except.has(names[i]))) return true
  }
  return false
}

export class Engine {
  constructor (model) {
    this.model = model
    this.views = new Views(model)
    this.books = {}
    this.readByRules = new Set(model.read_by_rules)
    this.alwaysGiven = new Set(model.views.filter(v => v.when === null).map(v => v.name))
    this.viewTypes = Object.fromEntries(model.views.filter(v => v.type !== null).map(v => [v.name, v.type]))
    this.wantedSets = new Map()
    this.forget()
  }

  // A code's rulebook (its JSON, as api/explorer/<code>.json holds it), compiled once.
  addCode (data) {
    const book = data.rulebook
    const compiled = {
      code: data.code,
      order: Object.fromEntries(data.laws.map((id, i) => [id, i])),
      constants: toCel(Object.fromEntries(Object.entries(book.constants).map(([n, c]) => [n, c.value]))),
      constantLaws: Object.fromEntries(Object.entries(book.constants).map(([n, c]) => [n, c.law])),
      used: new Set(book.used_values),
      own: new Map(), // program -> whether it reads a name of this code's own (a constant, a rule's value)
      beatenBy: Object.fromEntries(book.rules.map(r => [r.key, r.beaten_by])),
      byFact: Object.create(null), // fact -> positions (a fact named like an Object method finds nothing)
      factless: [],
      rules: book.rules.map((rule, position) => ({
        ...rule,
        position,
        whenProgram: rule.when === null ? null : compile(rule.when),
        eventProgram: rule.event === null ? null : compile(rule.event),
        valuePrograms: Object.fromEntries(Object.entries(rule.values).map(([name, v]) =>
          [name, Object.hasOwn(v, 'cel') ? compile(v.cel) : null])),
        conditionFacts: rule.when === null ? rule.facts : rule.facts.filter(f => rule.condition_names.includes(f)),
        sortedConstants: [...rule.constants].sort(),
        sortedInputs: [...rule.inputs].sort(),
      })),
    }
    for (const rule of compiled.rules) {
      for (const fact of rule.facts) (compiled.byFact[fact] || (compiled.byFact[fact] = [])).push(rule.position)
      if (!rule.facts.length) compiled.factless.push(rule.position)
    }
    compiled.byKey = Object.fromEntries(compiled.rules.map(r => [r.key, r]))
    // The views this code's rules read (their facts that are views and what their events read, as model.read_by_rules has them
    // for every code, and any other view their CEL names that some rule's facts reach): a situation
    // derived for this code's rules alone binds each name they read as one for every code does.
    const everyCode = this.views.closure(this.readByRules)
    compiled.views = new Set()
    for (const rule of compiled.rules) {
      for (const name of [...rule.facts, ...rule.event_facts]) if (this.readByRules.has(name)) compiled.views.add(name)
      for (const program of [rule.whenProgram, rule.eventProgram, ...Object.values(rule.valuePrograms)]) {
        if (program !== null) for (const name of program.names) if (everyCode.has(name)) compiled.views.add(name)
      }
    }
    this.books[data.code] = compiled
    this.wantedSets.clear() // what a set of codes reads may have changed
    return compiled
  }

  // -- situations --------------------------------------------------------------------------

  // The situation a record describes: read, checked, its views derived: every view with
  // views: 'all' (to show the table, as Engine.situation does by default), or only those some
  // rule of some code reads with views: 'rules' (with ``codes``, a list of loaded codes: only those
  // their rules read; the situation is then ruled on by those codes alone, and each rules it as on
  // a situation for every code: a page asking one code derives some 130 of a full hand's ~300
  // views). Each step's work is kept for the next input (a page
  // rules one record under every code, and an input often changes only part of it): the situation
  // by the whole data; the record read by its data less the answers (checked apart); the views by
  // the data less answers and irregularities (which say only what the record may hold, and leave
  // the record laid out as it is) with the answers that stand in for a view.
  situation (data, {views = 'all', codes = null} = {}) {
    if (data instanceof Situation) return data
    if (views === 'rules' && codes !== null) views = this.forCodes(codes)
    if (!isMapping(data)) return this.read(data, views, null)
    // Each part's key made once (a full hand's events are most of it), the steps' keys of them.
    const keys = Object.entries(data).map(([name, value]) => [name, `${name}\u0001${key(value)}`])
    const whole = `${views}\u0000${keys.map(k => k[1]).join('\u0002')}`
    let found = this.kept.situations.get(whole)
    if (!found) this.kept.situations.set(whole, found = this.read(data, views, keys), eventsOf(data))
    return found
  }

  // Every step's work forgotten (benchmarks/explorer.py measures the work itself with it).
  forget () {
    this.kept = {situations: new Kept(), records: new Kept(), views: new Kept(), rulings: new Kept()}
    this.derived = this.views.memory() // each view's last derivation (Views.derive)
    this.lastOutcomes = new WeakMap() // a rule's expression -> its last outcome and what it read (Engine.outcome)
  }

  // The situation of ``data`` read anew, as a story never seen is, and the work kept for the
  // reader's inputs left as it was: nothing of it used, nothing added, nothing pushed out. Its
  // rulings are kept in it alone (Explorer.warmUp practises on it).
  fresh (data, options) {
    const {kept, derived, lastOutcomes} = this
    this.forget()
    try {
      return this.situation(data, options)
    } finally {
      this.kept = kept
      this.derived = derived
      this.lastOutcomes = lastOutcomes
    }
  }

  read (data, views, keys) {
    const {answers, ...parts} = isMapping(data) ? data : {}
    const keyOf = (...left) => keys.filter(k => !left.includes(k[0])).map(k => k[1]).join('\u0002')
    const partsKey = keys === null ? null : keyOf('answers')
    let record
    try {
      let laidOut = partsKey === null ? null : this.kept.records.get(partsKey)
      if (!laidOut) {
        laidOut = readRecord(isMapping(data) ? parts : data, this.model.record)
        if (partsKey !== null) this.kept.records.set(partsKey, laidOut, eventsOf(data))
      }
      record = {...laidOut, answers: readAnswers(answers, (name, value) => this.checkAnswer(name, value))}
    } catch (error) {
      if (error instanceof RecordError) throw new RulingError(error.message, {fact: error.fact})
      throw error
    }
    const answered = {}
    for (const [name, value] of Object.entries(record.answers)) {
      if (Object.hasOwn(this.viewTypes, name)) answered[name] = value
    }
    const viewsKey = partsKey === null ? null : `${views}\u0000${keyOf('answers', 'irregularities')}\u0000${key(answered)}`
    let given = viewsKey === null ? undefined : this.kept.views.get(viewsKey)
    if (!given) {
      try {
        const wanted = views === 'all' ? null : this.wanted(Object.keys(record.answers), views)
        given = this.views.derive(asCel(record, this.model.record), wanted, toCel(answered), this.derived)
      } catch (error) {
        if (error instanceof ViewError) throw new RulingError(`${error.message} (on this record; the view is in views.yaml)`, {kind: 'rule'})
        throw error
      }
      if (viewsKey !== null) this.kept.views.set(viewsKey, given, eventsOf(data))
    }
    for (const name of Object.keys(record.answers)) {
      if (Object.hasOwn(given, name)) {
        throw new RulingError(`'${name}' is answered, but the record gives it already; leave the answer out, or ` +
          'change the record', {fact: name})
      }
    }
    // Its rulings depend on the views, the answers and the events laid out, not on what the record
    // declares it may hold: shared by the situations that differ only in that.
    let rulings = viewsKey === null ? new Map() : this.kept.rulings.get(`${viewsKey}\u0000${key(record.answers)}`)
    if (!rulings) this.kept.rulings.set(`${viewsKey}\u0000${key(record.answers)}`, rulings = new Map(), eventsOf(data))
    const situation = new Situation(record, given, toCel(record.answers), rulings, codesOf(views))
    situation.lastOutcomes = this.lastOutcomes // its rulings' (a story read anew by Engine.fresh: its own)
    return situation
  }

  // What views: 'rules' with ``codes`` derives, as a name (the kept work's keys hold it): 'rules:'
  // and the codes.
  forCodes (codes) {
    const sorted = [...new Set(codes)].sort()
    if (!sorted.length) throw new RulingError('no code asked')
    for (const code of sorted) if (!this.books[code]) throw new RulingError(`no code '${code}' loaded`)
    return `rules:${sorted.join(',')}`
  }

  // The views the rules read (of every code, or of the codes ``views`` names: Engine.forCodes) and
  // those answered, one Set for each set of answers' names (so that Views.closure finds what they
  // read without sorting some 240 names for every record).
  wanted (answered, views = 'rules') {
    const name = `${views}\u0001${[...answered].sort().join('\u0000')}`
    let found = this.wantedSets.get(name)
    if (!found) {
      const codes = codesOf(views)
      const read = codes === null ? [...this.readByRules] : codes.flatMap(code => [...this.books[code].views])
      this.wantedSets.set(name, found = new Set([...read, ...answered]))
    }
    return found
  }

  checkAnswer (name, value) {
    const fact = this.model.facts[name]
    const type = fact ? fact.type : this.viewTypes[name]
    if (type === undefined) {
      const view = this.views.byName[name]
      if (view) {
        throw new RecordError(`'${name}' (${view.description}) is derived from the record and cannot be answered; ` +
          'add what happened to the events instead', null, name)
      }
      throw new RecordError(`unknown question '${name}'`, null, name)
    }
    try {
      return checkValue(type, value, name)
    } catch (error) {
      if (error instanceof FactError) throw new RecordError(error.message, null, error.path)
      throw error
    }
  }

  // -- rulings -----------------------------------------------------------------------------

  // Every ruling ``code`` gives on ``situation`` (a Situation, or a record's data), as
  // lawkit.rules.engine.Result.as_json gives it (without the trace's `at`: no positions here).
  // A situation is ruled on once by each code (the situation kept for the same data, its rulings
  // with it), and the result frozen, since every later asker shares it.
  ruling (code, situation) {
    const book = this.books[code]
    if (!book) throw new RulingError(`no code '${code}' loaded`)
    // a record's data: the views of every loaded code's rules (as a page asking all it loaded has them)
    situation = this.situation(situation, {views: 'rules', codes: Object.keys(this.books)})
    if (situation.codes !== null && !situation.codes.includes(code)) {
      throw new RulingError(`this situation has the views of the rules of ${situation.codes.join(', ')}, not of ${code}'s: ` +
        'ask for it with the codes to rule it')
    }
    let result = situation.rulings.get(book)
    if (!result) situation.rulings.set(book, result = frozen(this.rule(book, situation)))
    return result
  }

  rule (book, situation) {
    const code = book.code
    const facts = situation.facts
    // The ruling's own context: the code's constants, the views' constants, this situation.
    const context = new Layers(facts, book.constants, this.views.constants)
    const result = {code, rulings: [], missing_facts: [], considered: []}
    const produced = {}
    const applied = {}
    const missing = {}
    const candidates = this.candidates(book, facts)
    for (let c = 0; c < candidates.length; c++) {
      const rule = candidates[c]
      if (!holdsAll(facts, rule.facts) || !holdsAll(produced, rule.inputs)) {
        // Only a rule in play (some of its facts or values known) is reported or asks for facts
        // (most candidates of a record lack some fact and are not: nothing is made for them).
        if (holdsAny(facts, rule.conditionFacts, this.alwaysGiven) || holdsAny(produced, rule.inputs)) {
          const absent = minus(rule.facts, facts).sort()
          const waiting = minus(rule.inputs, produced)
          if (!waiting.length && this.cannotHold(rule, context, absent, book, situation)) {
            result.considered.push(considered(rule, 'cannot-hold', {unknown_facts: absent}))
            continue
          }
          for (const fact of absent) (missing[fact] || (missing[fact] = [])).push(rule.key)
          result.considered.push(considered(rule, 'incomplete', {missing_facts: absent, missing_values: waiting.sort()}))
        }
        continue
      }
      if (rule.whenProgram !== null && !this.condition(book, rule, context, situation)) {
        result.considered.push(considered(rule, 'did-not-hold'))
        continue
      }
      const winners = (book.beatenBy[rule.key] || []).filter(w => Object.hasOwn(applied, w)).map(w => applied[w])
      if (winners.length) {
        for (const winner of winners) winner.trace.push({step: 'overrides', rule: rule.key, law: rule.law})
        result.considered.push(considered(rule, 'overridden', {by: winners.map(w => w.rule)}))
        continue
      }
      const ruling = this.apply(book, rule, context, produced, situation)
      applied[rule.key] = ruling
      result.rulings.push(ruling)
    }
    this.checkConflicts(result.rulings)
    result.rulings.sort((a, b) => (book.order[a.law] || 0) - (book.order[b.law] || 0))
    result.missing_facts = Object.keys(missing).sort().map(name => this.question(name, missing[name], facts))
    return result
  }

  // The rules that use a fact of the situation (or no fact at all), in evaluation order.
  candidates (book, facts) {
    // by position: read in order, nothing to sort (the book's own marks, cleared for each ruling)
    const marked = book.marks ??= new Uint8Array(book.rules.length)
    marked.fill(0)
    const factless = book.factless
    for (let i = 0; i < factless.length; i++) marked[factless[i]] = 1
    for (const fact in facts) {
      const positions = book.byFact[fact]
      if (positions !== undefined) for (let i = 0; i < positions.length; i++) marked[positions[i]] = 1
    }
    const found = []
    for (let p = 0; p < marked.length; p++) if (marked[p]) found.push(book.rules[p])
    return found
  }

  // Whether the condition is false whatever the facts it lacks turn out to be: `&&` and `||`
  // absorb an unbound name when the other side decides, so false here is false for every answer.
  // An operand of a top-level `&&` that reads none of the absent facts and is false decides it
  // first: `&&` is false when any operand is, so the error of an absent name need not be made and
  // absorbed (each costs V8 microseconds, and a full hand asks this of some eighty rules).
  cannotHold (rule, context, absent = [], book = null, situation = null) {
    if (rule.whenProgram === null) return false
    for (const part of rule.whenProgram.conjuncts) {
      if (absent.some(name => part.names.has(name))) continue
      // an operand that fails alone may be absorbed in the whole: the whole decides, below
      if (this.outcome(book, part, context, situation).value === false) return true
    }
    return this.outcome(book, rule.whenProgram, context, situation).value === false
  }

  // An expression's value on a situation (a condition's, or a rule's value's): {value} or {error}.
  // Every code's rules read the same situation's facts and the views' constants, and many codes ask
  // the same expression (editions of one code above all), so an expression reading nothing else
  // (none of this code's constants, nor a value its rules give) is evaluated once for the situation
  // and its outcome shared. One reading no answered name either is shared by every situation of the
  // same views (the same object: Engine.read keeps it), which differ only in their answers: the
  // scorer's hands, each asked under every code with the rubber's state before it, are as many
  // situations of one short form's views.
  outcome (book, program, context, situation) {
    let own = book === null || situation === null || book.own.get(program)
    if (own === undefined) {
      own = [...program.names].some(name => Object.hasOwn(book.constants, name) || book.used.has(name))
      book.own.set(program, own)
    }
    const shared = own ? null : situation.answered && holdsAny(situation.answers, namesOf(program)) ? situation.conditions
      : situation.ofViews
    let found = shared === null ? undefined : shared.get(program.source)
    if (found === undefined) {
      found = evaluated(program, context, situation === null ? null : situation.lastOutcomes)
      if (shared !== null) shared.set(program.source, found)
    }
    return found
  }

  condition (book, rule, context, situation) {
    const found = this.outcome(book, rule.whenProgram, context, situation)
    if (Object.hasOwn(found, 'error')) throw failed(rule, rule.whenProgram, found.error)
    const held = found.value
    if (typeof held !== 'boolean') {
      throw new RulingError(`${rule.key}: 'when' gave ${held}, not true or false`, {law: rule.law, kind: 'rule'})
    }
    return held
  }

  apply (book, rule, context, produced, situation) {
    const values = {}
    for (const [name, value] of Object.entries(rule.values)) {
      if (!Object.hasOwn(value, 'cel')) {
        values[name] = toCel(value.literal)
        continue
      }
      // a value is an expression like a condition, shared as one (Engine.outcome), sorted once
      const program = rule.valuePrograms[name]
      const found = this.outcome(book, program, context, situation)
      if (Object.hasOwn(found, 'error')) throw failed(rule, program, found.error)
      values[name] = found.sorted ??= sorted(found.value)
    }
    const cites = [rule.law]
    const trace = []
    if (rule.when !== null) trace.push({step: 'condition', expr: rule.when, held: true})
    for (const name of rule.sortedConstants) {
      trace.push({step: 'constant', name, law: book.constantLaws[name]})
      cites.push(book.constantLaws[name])
    }
    for (const name of rule.sortedInputs) {
      trace.push({step: 'value', name, from: produced[name][1].key})
      cites.push(...this.citesOf(book, produced[name][1], produced))
    }
    for (const [name, value] of Object.entries(values)) {
      if (!book.used.has(name)) continue // an output of this ruling only
      if (Object.hasOwn(produced, name) && !same(produced[name][0], value)) {
        const other = produced[name][1]
        throw new RulingError(`${rule.key} and ${other.key} both apply and give '${name}' different values; say which ` +
          "takes precedence with 'overrides' or 'unless'", {law: rule.law, kind: 'conflict'})
      }
      produced[name] = [value, rule]
    }
    if (rule.eventProgram !== null && rule.event_facts.every(f => Object.hasOwn(situation.facts, f))) {
      trace.push(...this.events(rule, plain(evaluate(rule, rule.eventProgram, context)), situation.record))
    }
    for (const [name, value] of Object.entries(values)) if (book.used.has(name)) context.set(name, value)
    const plainValues = plain(values)
    const ruling = {law: rule.law, rule: rule.key, outcome: rule.outcome,
      says: rule.says ? say(rule.says, plainValues) : null,
      values: plainValues, cites: [...new Set(cites)], trace}
    if (rule.score) ruling.score = score(rule, plainValues, plain(this.views.constants.side_of || {}))
    return ruling
  }

  events (rule, found, record) {
    const indexes = Array.isArray(found) ? found : [found]
    return indexes.map(index => {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= record.events.length) {
        throw new RulingError(`${rule.key}: 'event' gave ${JSON.stringify(index)}, not the index of an event of the ` +
          `record (0 to ${record.events.length - 1})`, {law: rule.law, kind: 'rule'})
      }
      const event = record.events[index]
      return {step: 'event', event: index, kind: event.kind, by: event.by || null, what: described(record.events, index)}
    })
  }

  citesOf (book, rule, produced) {
    const cites = [rule.law, ...rule.sortedConstants.map(c => book.constantLaws[c])]
    for (const name of rule.sortedInputs) cites.push(...this.citesOf(book, produced[name][1], produced))
    return cites
  }

  checkConflicts (rulings) {
    const excludes = this.model.excludes
    rulings.forEach((first, i) => {
      for (const second of rulings.slice(i + 1)) {
        if ((excludes[first.outcome] || []).includes(second.outcome) || (excludes[second.outcome] || []).includes(first.outcome)) {
          throw new RulingError(`${first.rule} (${first.outcome}) and ${second.rule} (${second.outcome}) both apply and ` +
            "conflict; say which takes precedence with 'overrides' or 'unless'", {law: first.law, kind: 'conflict'})
        }
      }
    })
  }

  // What to ask for a name the situation lacks: a fact's question, or the part of the record a view needs.
  question (name, rules, given) {
    const fact = this.model.facts[name]
    if (fact) return {fact: name, question: fact.question, type: fact.type, needed_by: rules}
    const view = this.views.byName[name]
    const question = this.viewQuestion(name, given, new Set()) || `The record does not show this: ${view.description}`
    return {fact: name, question, type: this.viewTypes[name] ?? null, from_record: true, needed_by: rules}
  }

  viewQuestion (name, given, seen) {
    const view = this.views.byName[name]
    if (view.question) return view.question
    seen.add(name)
    for (const read of [...view.reads].sort()) {
      if (!Object.hasOwn(given, read) && !seen.has(read)) {
        const found = this.viewQuestion(read, given, seen)
        if (found) return found
      }
    }
    return null
  }
}

// The codes a name of derived views (Engine.forCodes: 'rules:' and the codes) was made for; null
// for 'all' and 'rules' (every code's).
function codesOf (views) {
  return views.startsWith('rules:') ? views.slice('rules:'.length).split(',') : null
}

export class Situation {
  constructor (record, views, answers, rulings = new Map(), codes = null) {
    this.record = record
    this.codes = codes // whose rules it was derived for (null: every code's)
    this.views = views // name -> value (CEL form), the views the record gives
    this.answers = answers // name -> value (CEL form), checked
    // (the views' own object when nothing is answered: nothing writes to either)
    this.facts = Object.keys(answers).length ? {...views, ...answers} : views
    this.rulings = rulings // each code's rulebook -> its result on this situation
    this.answered = Object.keys(answers).length > 0
    // an expression reading only the facts -> its outcome (Engine.outcome): one reading an answer
    // here, one reading only views in the views' own, shared by the situations of those views
    this.conditions = new Map()
    this.ofViews = outcomesOf(views)
  }
}

const viewOutcomes = new WeakMap() // a situation's views (the object) -> the outcomes of expressions reading only them
function outcomesOf (views) {
  let found = viewOutcomes.get(views)
  if (found === undefined) viewOutcomes.set(views, found = new Map())
  return found
}

// An expression's outcome in ``context`` (Engine.outcome): the last time's (in ``lastOutcomes``)
// when every name it reads holds the same object as then (CEL is pure; Views.derive gives a view
// that comes out the same as the last time's object). A tie's record is the cut before it with a
// few cuts more, ruled again by each code: the expressions that read only the views the new cuts
// leave as they were (the first round's cut, the code's constants) are not evaluated again.
function evaluated (program, context, lastOutcomes) {
  const names = namesOf(program)
  const last = lastOutcomes === null ? undefined : lastOutcomes.get(program)
  if (last !== undefined) {
    let same = true
    for (let i = 0; same && i < names.length; i++) same = Object.is(context.lookup(names[i]), last.reads[i])
    if (same) return last.found
  }
  let found
  try {
    found = {value: program.run(context)}
  } catch (error) {
    found = {error}
  }
  const reads = new Array(names.length)
  for (let i = 0; i < names.length; i++) reads[i] = context.lookup(names[i])
  if (lastOutcomes !== null) lastOutcomes.set(program, {reads, found})
  return found
}

// The names an expression reads, as a list made once (holdsAny and evaluated walk it by index).
const namesOf = program => program.nameList ??= [...program.names]

// An event of a laid-out record in words (record.describe), said once for the record's events:
// every code's rulings on a situation point at the same events (a cut's each point at every cut).
const descriptions = new WeakMap()
function described (events, index) {
  let said = descriptions.get(events)
  if (said === undefined) descriptions.set(events, said = [])
  return said[index] ??= describe(events, index)
}

function frozen (value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    // (no list of the values made for each object: a ruling's result is some hundred of them)
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) frozen(value[i])
    else for (const name in value) frozen(value[name])
    Object.freeze(value)
  }
  return value
}

function considered (rule, status, details = {}) {
  const out = {rule: rule.key, law: rule.law, status}
  for (const [key, value] of Object.entries(details)) {
    if (value && !(Array.isArray(value) && !value.length)) out[key] = value
  }
  return out
}

function factsOf (rule) {
  const names = [...new Set([...rule.facts, ...rule.inputs])].sort()
  return names.length ? 'the facts ' + names.map(n => `'${n}'`).join(', ') : "the rule's constants"
}

function evaluate (rule, program, context) {
  try {
    return program.run(context)
  } catch (error) {
    throw failed(rule, program, error)
  }
}

function failed (rule, program, error) {
  return new RulingError(`${rule.key}: ${error.message} in ${factsOf(rule)} while evaluating \`${program.source}\``,
    {law: rule.law, kind: 'rule'})
}

// The score sheet's entries a ruling gives, each checked: points are whole numbers, sides are sides.
function score (rule, values, sideOf) {
  const fail = what => new RulingError(`${rule.key}: 'score' ${what}`, {law: rule.law, kind: 'rule'})
  const side = line => {
    const value = values[rule.score[line]]
    const seats = Array.isArray(value) ? value : [value]
    if (seats.length && seats.every(s => Object.hasOwn(sideOf, s)) && new Set(seats.map(s => sideOf[s])).size === 1) {
      return sideOf[seats[0]]
    }
    if (!['', ...SIDES].includes(value)) {
      throw fail(`${line} is ${JSON.stringify(value)} (the value '${rule.score[line]}'), not a side (${SIDES.join(', ')}) or ''`)
    }
    return value
  }
  const out = {}
  for (const line of ['below', 'above']) {
    if (!Object.hasOwn(rule.score, line)) continue
    let points = values[rule.score[line]]
    if (typeof points === 'number') {
      if (!Object.hasOwn(rule.score, 'to')) throw fail(`${line} is a number of points (${points}) but 'to' names no side to give them to`)
      const to = side('to')
      points = to ? {[to]: points} : {}
    }
    if (points === null || typeof points !== 'object' || Array.isArray(points) ||
        !Object.entries(points).every(([k, v]) => SIDES.includes(k) && typeof v === 'number')) {
      throw fail(`${line} is ${JSON.stringify(points)} (the value '${rule.score[line]}'), not points or a map of each side to its points`)
    }
    out[line] = Object.fromEntries(Object.entries(points).filter(([, v]) => v))
  }
  for (const line of ['game', 'rubber']) if (Object.hasOwn(rule.score, line)) out[line] = side(line)
  if (Object.hasOwn(rule.score, 'total')) out.total = rule.score.total
  return out
}

export {sideName}
