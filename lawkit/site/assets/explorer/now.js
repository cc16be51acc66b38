// "What happens now?" (explorer/): the reader tells the story in the record's own terms (the kinds
// of event and their fields come from the explorer model's vocabulary, laws/record.yaml), answers
// the questions the rules still need, one at a time (the engine's missing facts, the one most rules
// need first), and reads each code's ruling in players' words (ruling.js). The whole state is in the
// address's fragment (share.js): #code=…&s=<the record>&k=<the kind being described>&dev=1.
import {open} from './explorer.js'
import {readState, writeSoon} from './share.js'
import {SEATS, RANKS, card as readCard} from './record.js'
import {word, SUIT_SYMBOLS as SUITS} from './words.js'
import {element, eventWords, rulingItem} from './ruling.js'

const ALL = 'all'
const named = name => name.replace(/[_-]/g, ' ')
// A kind's description up to its first aside, so the list of kinds stays narrow (the whole is shown below it).
const brief = text => text.split(/ \(| - |[.:;]/)[0]
const capital = text => text.slice(0, 1).toUpperCase() + text.slice(1)

const box = document.getElementById('lk-now')
const root = new URL(box.dataset.lkRoot, location.href)
const infoUrl = new URL('api/explorer/', root)
let explorer = null
let state = {}
const info = {} // code -> its laws.json
const previewed = new Set() // the codes whose laws the page's previews have
let serial = 0 // ids for the controls

function uid (what) {
  serial += 1
  return `lk-now-${what}-${serial}`
}

// The control with its label (after it, for a checkbox) and its description, said by a screen reader.
function labelled (control, text, hint, check = false) {
  const wrap = element('div', check ? 'lk-now__field lk-now__field--check' : 'lk-now__field')
  control.id ||= uid('field')
  const label = element('label', null, text)
  label.htmlFor = control.id
  if (check) wrap.append(control, label)
  else wrap.append(label, control)
  if (hint) {
    const said = element('span', 'lk-now__hint', hint)
    said.id = uid('hint')
    control.setAttribute('aria-describedby', said.id)
    wrap.append(said)
  }
  return wrap
}

function select (options, value = '') {
  const made = element('select')
  for (const [key, text] of options) {
    const option = element('option', null, text)
    option.value = key
    made.append(option)
  }
  made.value = value
  return made
}

function button (text, onClick, className = 'md-button lk-now__button') {
  const made = element('button', className, text)
  made.type = 'button'
  made.addEventListener('click', onClick)
  return made
}

const seatOptions = blank => [['', blank], ...SEATS.map(s => [s, capital(s)])]
const cardOptions = () => [['', 'none said'], ...Object.keys(SUITS).flatMap(suit => RANKS.map(rank =>
  [rank + suit, `${rank === 'T' ? '10' : rank}${SUITS[suit]} (${word(rank + suit)})`]))]

// A control for a value of ``type`` (a field's or a question's type, as model.json writes types):
// {node, read()} where read() gives the value (undefined when left empty) or throws saying why.
function input (type, label, hint) {
  if (type === 'bool') {
    const check = element('input')
    check.type = 'checkbox'
    return {node: labelled(check, label, hint, true), read: () => check.checked || undefined, control: check}
  }
  if (type === 'seat') {
    const control = select(seatOptions('not said'))
    return {node: labelled(control, label, hint), read: () => control.value || undefined, control}
  }
  if (type === 'card') {
    const control = select(cardOptions())
    return {node: labelled(control, label, hint), read: () => control.value || undefined, control}
  }
  if (type.enum) {
    const control = select([['', 'not said'], ...type.enum.map(v => [v, named(v)])])
    return {node: labelled(control, label, hint), read: () => control.value || undefined, control}
  }
  const control = element('input')
  if (type === 'int') {
    control.type = 'number'
    control.step = '1'
    control.inputMode = 'numeric'
    const read = () => {
      if (control.value === '') return undefined
      const n = Number(control.value)
      if (!Number.isInteger(n)) throw new Error(`${label}: a whole number`)
      return n
    }
    return {node: labelled(control, label, hint), read, control}
  }
  control.type = 'text'
  if (type.list) {
    control.placeholder = type.list === 'card' ? 'e.g. QS, 10H' : 'separated by commas'
    const read = () => {
      const items = control.value.split(',').map(v => v.trim()).filter(Boolean)
      if (!items.length) return undefined
      if (type.list === 'int') return items.map(v => { const n = Number(v); if (!Number.isInteger(n)) throw new Error(`${label}: '${v}' is not a whole number`); return n })
      if (type.list === 'card') return items.map(v => { try { return readCard(v) } catch (e) { throw new Error(`${label}: ${e.detail}`) } })
      return items
    }
    return {node: labelled(control, label, hint), read, control}
  }
  if (type === 'string') return {node: labelled(control, label, hint), read: () => control.value.trim() || undefined, control}
  if (type.record && Object.values(type.record).every(t => (typeof t === 'string' && t !== 'bool') || t.enum)) {
    // A record of plain values (points for each side, …): one control a field.
    const group = element('fieldset', 'lk-now__record')
    group.append(element('legend', null, label))
    const made = Object.entries(type.record).map(([name, t]) => [name, input(t, capital(named(name)))])
    for (const [, one] of made) group.append(one.node)
    const read = () => {
      const value = Object.fromEntries(made.map(([name, one]) => [name, one.read()]))
      const left = made.filter(([name]) => value[name] === undefined).map(([name]) => named(name))
      if (left.length === made.length) return undefined
      if (left.length) throw new Error(`${label}: say ${left.join(' and ')} too`)
      return value
    }
    return {node: group, read, control: made[0][1].control}
  }
  // A record of values (points per side, …): written as JSON.
  control.placeholder = 'as JSON'
  const read = () => {
    if (!control.value.trim()) return undefined
    try { return JSON.parse(control.value) } catch (e) { throw new Error(`${label}: not JSON (${e.message})`) }
  }
  return {node: labelled(control, label, hint), read, control}
}

// -- the page's parts ----------------------------------------------------------------------

const parts = {}

function build () {
  box.textContent = ''
  const vocabulary = explorer.engine.model.record
  const form = element('form', 'lk-now__form')
  form.addEventListener('submit', event => event.preventDefault())
  form.setAttribute('aria-label', 'The story')

  // Which code rules.
  parts.code = select([[ALL, 'Every code, side by side'], ...explorer.codes.map(c => [c.id, c.short_title || c.title])])
  parts.code.addEventListener('change', () => { state.code = parts.code.value; update() })
  const codeRow = labelled(parts.code, 'Under the laws of')
  codeRow.classList.add('lk-now__code')

  // The table.
  const table = element('fieldset', 'lk-now__table')
  table.append(element('legend', null, 'The table'))
  parts.dealer = select(seatOptions('not said'))
  parts.dealer.addEventListener('change', () => { setPart('dealer', parts.dealer.value); update() })
  parts.previous = select(seatOptions('not said'))
  parts.previous.addEventListener('change', () => { setPart('previous_dealer', parts.previous.value); update() })
  table.append(labelled(parts.dealer, 'Dealer'), labelled(parts.previous, 'Who dealt the hand before'))
  const odd = element('details', 'lk-now__irregular lk-plain')
  odd.append(element('summary', null, 'When the record itself is impossible'))
  parts.irregular = {}
  for (const [name, description] of Object.entries(vocabulary.irregularities)) {
    const made = input('bool', named(name), description)
    made.control.addEventListener('change', () => {
      const now = new Set(story().irregularities || [])
      made.control.checked ? now.add(name) : now.delete(name)
      setPart('irregularities', [...now])
      update()
    })
    parts.irregular[name] = made.control
    odd.append(made.node)
  }
  table.append(odd)

  // The events so far.
  const happened = element('section', 'lk-now__events')
  happened.setAttribute('aria-labelledby', 'lk-now-events-title')
  const happenedTitle = element('h2', null, 'What happened')
  happenedTitle.id = 'lk-now-events-title'
  parts.events = element('ol', 'lk-now__event-list')
  parts.clear = button('Start a new story', () => {
    state.s = {}
    update()
    parts.kind.focus() // the button hides with the story it cleared
  })
  happened.append(happenedTitle, parts.events, parts.clear)

  // The next event.
  const next = element('fieldset', 'lk-now__add')
  next.append(element('legend', null, 'Then what happened?'))
  parts.kind = select([['', 'Choose the kind of event…'], ...Object.entries(vocabulary.events).map(([k, v]) =>
    [k, `${capital(named(k))}: ${brief(v.description)}`])])
  parts.kind.addEventListener('change', () => { state.k = parts.kind.value; fields(); save() })
  parts.fields = element('div', 'lk-now__fields')
  parts.addError = element('p', 'lk-now__error')
  parts.addError.setAttribute('role', 'alert')
  parts.add = button('Add this event', addEvent, 'md-button md-button--primary')
  next.append(labelled(parts.kind, 'Kind of event'), parts.fields, parts.addError, parts.add)

  // The questions.
  parts.questions = element('section', 'lk-now__questions')
  parts.questions.setAttribute('aria-labelledby', 'lk-now-questions-title')

  // The developers' view: the CEL, the rules' names, the record as data.
  parts.dev = input('bool', 'Show the rules\' names, their CEL and the record as data (for developers)')
  parts.dev.control.addEventListener('change', () => {
    state.dev = parts.dev.control.checked ? '1' : ''
    box.classList.toggle('lk-now--dev', state.dev === '1') // nothing to rule again: shown or hidden
    parts.data.textContent = state.dev === '1' ? JSON.stringify(story(), null, 1) : ''
    save()
  })
  parts.data = element('pre', 'lk-dev lk-now__data')
  parts.data.tabIndex = 0

  form.append(codeRow, table, happened, next)
  parts.answer = element('section', 'lk-now__answer')
  parts.answer.setAttribute('aria-labelledby', 'lk-now-answer-title')
  // What changed is said in a line (a status), not by reading out the whole answer again.
  parts.status = element('p', 'lk-now__status')
  parts.status.setAttribute('role', 'status')
  box.append(form, parts.status, parts.questions, parts.answer, parts.dev.node, parts.data)
}

function story () {
  if (!state.s || typeof state.s !== 'object' || Array.isArray(state.s)) state.s = {}
  return state.s
}

function setPart (name, value) {
  const record = story()
  if (value === '' || value === undefined || (Array.isArray(value) && !value.length)) delete record[name]
  else record[name] = value
}

// The fields of the chosen kind of event, each labelled with its name and described.
let reading = []
function fields () {
  parts.fields.textContent = ''
  parts.addError.textContent = ''
  reading = []
  const kind = explorer.engine.model.record.events[state.k]
  parts.add.disabled = !kind
  if (!kind) return
  parts.fields.append(element('p', 'lk-now__hint', kind.description))
  for (const [name, field] of Object.entries(kind.fields)) {
    const hint = field.description + (field.values ? ' ' + Object.entries(field.values).map(([v, d]) => `${named(v)}: ${d}`).join('; ') + '.' : '')
    const made = input(field.type, named(name) + (field.required ? ' (required)' : ''), hint)
    if (field.required && made.control) made.control.required = true
    reading.push([name, made])
    parts.fields.append(made.node)
  }
}

function addEvent () {
  const body = {}
  try {
    for (const [name, made] of reading) {
      const value = made.read()
      if (value !== undefined) body[name] = value
    }
    const record = {...story(), events: [...(story().events || []), {[state.k]: body}]}
    // said at the form when the record cannot be (the situation kept for the answer's codes, if loaded)
    const codes = chosen().filter(code => explorer.engine.books[code])
    explorer.engine.situation(record, codes.length ? {views: 'rules', codes} : {views: 'rules'})
    state.s = record
  } catch (error) {
    parts.addError.textContent = `This event cannot be added: ${error.message}`
    return
  }
  fields()
  update()
  parts.kind.focus()
}

// The events shown (a full hand has a hundred), each with its item: the items of the events still
// first in the story are kept, so an event told at the end, or the last one taken back, adds or
// removes one item instead of making the list again (a story read from the address is all new).
let eventsShown = null
function showEvents () {
  const events = story().events || []
  const vocabulary = explorer.engine.model.record
  parts.clear.hidden = !told()
  if (eventsShown !== null && eventsShown.list === story().events && story().events !== undefined) return
  let kept = 0
  if (eventsShown !== null) {
    while (kept < events.length && kept < eventsShown.events.length && events[kept] === eventsShown.events[kept]) kept += 1
  }
  if (kept === 0) parts.events.textContent = ''
  const items = kept === 0 ? [] : eventsShown.items.slice(0, kept)
  if (eventsShown !== null) for (const item of eventsShown.items.slice(kept)) item.remove()
  eventsShown = {list: story().events, events: [...events], items}
  if (!events.length) parts.events.append(element('li', 'lk-now__none', 'Nothing yet: add the first event below.'))
  events.slice(kept).forEach((event, at) => {
    const index = kept + at
    const li = element('li', null, capital(eventWords(event, vocabulary)) + ' ')
    li.append(button(`Remove`, () => {
      story().events = story().events.filter((_, i) => i !== index)
      if (!story().events.length) delete story().events
      update()
      parts.kind.focus()
    }, 'lk-now__remove'))
    li.lastChild.setAttribute('aria-label', `Remove event ${index + 1}`)
    parts.events.append(li)
    items.push(li)
  })
}

// -- the answer ----------------------------------------------------------------------------

const codeName = id => { const c = explorer.codes.find(c => c.id === id); return c ? c.short_title || c.title : id }
const told = () => Object.keys(story()).length > 0
// The codes to rule: none before the story begins (so no rulebook loads before it is needed).
const ruling = () => told() ? chosen() : []
const chosen = () => (state.code && state.code !== ALL && explorer.codes.some(c => c.id === state.code)
  ? [state.code] : explorer.codes.map(c => c.id))

async function load (code) {
  if (!info[code]) {
    const [, laws] = await Promise.all([explorer.code(code), fetch(new URL(`${code}.laws.json`, infoUrl)).then(r => {
      if (!r.ok) throw new Error(`the laws of ${code} could not be loaded (${r.status})`)
      return r.json()
    })])
    info[code] = laws
  }
  return info[code]
}

function shared () {
  return {code: state.code || ALL, s: told() ? story() : null, k: state.k, dev: state.dev}
}

// The address follows the state just after the answer is shown (share.js).
const save = () => writeSoon(box, shared)

// Answer, at once when the codes' rules are loaded, and put the state in the address.
function update () {
  save()
  const codes = ruling()
  const waiting = codes.filter(c => !info[c])
  if (waiting.length) {
    parts.status.textContent = `Loading the rules of ${waiting.length === 1 ? codeName(waiting[0]) : waiting.length + ' codes'}…`
    return Promise.all(waiting.map(load)).then(() => { parts.status.textContent = ''; show() }, error => {
      parts.status.textContent = `The rules could not be loaded: ${error.message}. Reload the page to try again.`
    })
  }
  show()
  return Promise.resolve()
}

function show () {
  const codes = ruling()
  if (codes.some(c => !info[c])) return
  box.classList.toggle('lk-now--dev', state.dev === '1')
  parts.dev.control.checked = state.dev === '1'
  parts.code.value = state.code || ALL
  parts.dealer.value = story().dealer || ''
  parts.previous.value = story().previous_dealer || ''
  for (const [name, control] of Object.entries(parts.irregular)) control.checked = (story().irregularities || []).includes(name)
  parts.data.textContent = state.dev === '1' ? JSON.stringify(story(), null, 1) : ''
  showEvents()
  let results = null
  let failed = null
  try {
    // Read once for the codes asked (the views their rules read), and its views derived again only
    // when the story or the codes changed (the engine keeps its work: a code asked before finds it).
    const situation = explorer.engine.situation(story(), {views: 'rules', codes})
    results = codes.map(code => {
      try {
        return explorer.engine.ruling(code, situation)
      } catch (error) {
        return {code, error: error.message}
      }
    })
  } catch (error) {
    failed = error.message
  }
  for (const code of codes) {
    if (!window.lawkitPreviews || previewed.has(code)) continue
    window.lawkitPreviews.add(info[code].laws) // each code's laws given to the previews once
    previewed.add(code)
  }
  showQuestions(results || [])
  showAnswer(results, failed, codes)
  // Written only when it says something else: the same words written again cost the frame that
  // shows the answer some three milliseconds of layout and paint on a full hand's page.
  const said = summary(results, failed)
  if (parts.status.textContent !== said) parts.status.textContent = said
  box.dataset.answered = String(Number(box.dataset.answered || 0) + 1) // each answer shown: the tests wait on it
  explorer.warmUp(() => told() ? [story()] : []) // the next answers, to a story never seen, sooner
}

// What an answer answers: the fact's question, or the view's (a part of the record answered).
function askedFor (name) {
  const engine = explorer.engine
  const fact = engine.model.facts[name]
  if (fact) return fact.question
  const view = engine.views.byName[name]
  return view ? engine.viewQuestion(name, {}, new Set()) || capital(view.description) : capital(named(name))
}

// Whether a part of the answer shows what it showed: the same results (the engine gives the same
// result again for the same story and code) and the same of the rest it shows.
function unchanged (shown, results, ...rest) {
  const now = [...results, ...rest]
  if (shown.length === now.length && shown.every((item, i) => item === now[i])) return true
  shown.splice(0, shown.length, ...now)
  return false
}

// The next question: of every question some code's rules still need, the one most rules need.
// Drawn again only when what it shows changed: the questions each code asks (a new story, or every
// kept work forgotten, gives new results that often ask the same), the answers, the codes.
const questionsShown = []
function showQuestions (results) {
  const asking = JSON.stringify(results.map(result => [result.code, result.missing_facts || []]))
  if (unchanged(questionsShown, [], asking, JSON.stringify(story().answers || {}), told(), chosen().join())) return
  const asked = {}
  for (const result of results) {
    for (const missing of result.missing_facts || []) {
      const entry = asked[missing.fact] ||= {...missing, needed_by: [], codes: []}
      entry.needed_by.push(...missing.needed_by)
      entry.codes.push(result.code)
    }
  }
  const open = Object.values(asked).sort((a, b) => b.needed_by.length - a.needed_by.length || a.fact.localeCompare(b.fact))
  const answerable = open.filter(q => q.type !== null)
  const fromRecord = open.filter(q => q.type === null)
  const section = parts.questions
  section.textContent = ''
  const title = element('h2', null, 'The laws ask')
  title.id = 'lk-now-questions-title'
  section.append(title)
  const answers = story().answers || {}
  if (!answerable.length && !fromRecord.length) {
    section.append(element('p', 'lk-now__none', told()
      ? 'Nothing more: the laws have what they need from this story.' : 'Tell the story first.'))
  }
  if (answerable.length) {
    const question = answerable[0]
    const ask = element('fieldset', 'lk-now__question')
    ask.dataset.fact = question.fact
    ask.append(element('legend', null, question.question))
    const codes = question.codes.length === chosen().length && chosen().length > 1 ? 'every code' : question.codes.map(c => codeName(c)).join(', ')
    ask.append(element('p', 'lk-now__hint', `Asked by ${question.needed_by.length} rule${question.needed_by.length === 1 ? '' : 's'} of ${codes}` +
      (answerable.length > 1 ? `; ${answerable.length - 1} more question${answerable.length > 2 ? 's' : ''} after this one.` : '.')))
    ask.append(element('code', 'lk-dev', question.fact))
    const error = element('p', 'lk-now__error')
    error.setAttribute('role', 'alert')
    const give = value => {
      try {
        explorer.engine.checkAnswer(question.fact, value)
      } catch (problem) {
        error.textContent = problem.message
        return
      }
      story().answers = {...answers, [question.fact]: value}
      update()
      const next = parts.questions.querySelector('.lk-now__question button, .lk-now__question select, .lk-now__question input')
      ;(next || parts.kind).focus()
    }
    if (question.type === 'bool') {
      const row = element('div', 'lk-now__buttons')
      row.append(button('Yes', () => give(true), 'md-button md-button--primary'), button('No', () => give(false)))
      ask.append(row)
    } else {
      const made = input(question.type, 'Answer')
      ask.append(made.node, button('Answer', () => {
        let value
        try { value = made.read() } catch (problem) { error.textContent = problem.message; return }
        if (value === undefined) { error.textContent = 'Give an answer first.'; return }
        give(value)
      }, 'md-button md-button--primary'))
    }
    ask.append(error)
    section.append(ask)
  }
  if (fromRecord.length) {
    const list = element('ul', 'lk-now__from-record')
    for (const question of new Set(fromRecord.map(q => q.question))) list.append(element('li', null, question))
    section.append(element('p', null, 'The story does not show yet (tell it among the events):'), list)
  }
  if (Object.keys(answers).length) {
    const given = element('ul', 'lk-now__answers')
    for (const [fact, value] of Object.entries(answers)) {
      const question = askedFor(fact)
      const li = element('li', null, `${question} ${capital(word(value))}. `)
      const back = button('Take back', () => {
        delete story().answers[fact]
        if (!Object.keys(story().answers).length) delete story().answers
        update()
        parts.kind.focus()
      }, 'lk-now__remove')
      back.setAttribute('aria-label', `Take back the answer to: ${question}`)
      li.append(back)
      given.append(li)
    }
    section.append(element('p', null, 'Answered:'), given)
  }
}

function summary (results, failed) {
  if (failed) return 'This story cannot be ruled on; the answer says why.'
  if (!results.length) return ''
  const count = results.reduce((n, r) => n + (r.rulings ? r.rulings.length : 0), 0)
  const asked = parts.questions.querySelector('.lk-now__question')
  const where = results.length === 1 ? `under ${codeName(results[0].code)}` : `under ${results.length} codes`
  return `${count} ruling${count === 1 ? '' : 's'} ${where}` + (asked ? '; the laws ask a question.' : '.')
}

// What a code's panel shows, as a key: its rulings (with the events their "why" tells) or its
// error, and whether it asks a question. A new result that shows the same keeps the panel as it is.
function panelKey (result, events) {
  if (result.error) return JSON.stringify([result.code, result.error])
  const told = result.rulings.flatMap(r => r.trace.filter(s => s.step === 'event').map(s => events[s.event] ?? null))
  return JSON.stringify([result.code, result.rulings, result.missing_facts.length > 0, told])
}

const answerShown = []
const panels = new Map() // code -> [what it shows (panelKey), its panel]: drawn again only when that changed
let grid = null // the codes' panels shown, while the section shows them: a changed panel is replaced in it
function showAnswer (results, failed, codes) {
  const events = story().events || []
  const keys = (results || []).map(result => panelKey(result, events))
  const layout = codes.length > 1 ? 'lk-now__codes lk-now__codes--compared' : 'lk-now__codes'
  if (unchanged(answerShown, keys, failed, codes.join(), chosen().join())) return
  const made = results === null || failed || !codes.length ? [] : results.map((result, index) => {
    const kept = panels.get(result.code)
    if (kept && kept[0] === keys[index]) return kept[1]
    const panel = codePanel(result, events)
    panels.set(result.code, [keys[index], panel])
    return panel
  })
  if (grid !== null && made.length && grid.className === layout && grid.parentNode === parts.answer) {
    // The same codes side by side: only the panels drawn anew go in, the others left where they are.
    made.forEach((panel, index) => {
      const there = grid.children[index]
      if (there !== panel) there ? there.replaceWith(panel) : grid.append(panel)
    })
    while (grid.children.length > made.length) grid.lastChild.remove()
    return
  }
  const section = parts.answer
  section.textContent = ''
  grid = null
  const title = element('h2', null, 'What happens now')
  title.id = 'lk-now-answer-title'
  section.append(title)
  if (failed) {
    const said = element('p', 'lk-now__error', `This story cannot be ruled on: ${failed}`)
    said.setAttribute('role', 'alert')
    section.append(said)
    return
  }
  if (!codes.length) {
    const which = chosen().length > 1 ? 'every code, side by side' : codeName(chosen()[0])
    section.append(element('p', 'lk-now__none', `Tell what happened, and the rulings of ${which} appear here.`))
    return
  }
  grid = element('div', layout)
  grid.append(...made)
  section.append(grid)
}

function codePanel (result, events) {
  const panel = element('section', 'lk-now__code-answer')
  panel.dataset.code = result.code
  const id = uid('code')
  const heading = element('h3', null, codeName(result.code))
  heading.id = id
  panel.setAttribute('aria-labelledby', id)
  panel.append(heading)
  if (result.error) {
    panel.append(element('p', 'lk-now__error', `The rules disagree or fail here: ${result.error}`))
  } else if (!result.rulings.length) {
    panel.append(element('p', 'lk-now__none', result.missing_facts.length
      ? 'No ruling yet: the laws of this code ask a question above.' : 'No law of this code speaks to this story.'))
  } else {
    const list = element('ul', 'lk-now__rulings')
    const vocabulary = explorer.engine.model.record
    for (const ruling of result.rulings) list.append(rulingItem(ruling, info[result.code], {root, events, vocabulary}))
    panel.append(list)
  }
  return panel
}

// -- start ---------------------------------------------------------------------------------

function readAddress () {
  try {
    state = readState(['s'])
  } catch (error) {
    state = {}
    return error.message
  }
  return null
}

async function start () {
  const problem = readAddress()
  explorer = await open()
  build()
  parts.kind.value = explorer.engine.model.record.events[state.k] ? state.k : ''
  fields()
  await update()
  if (problem) parts.status.textContent = `${problem}: the story starts anew.`
  window.addEventListener('hashchange', () => {
    const said = readAddress()
    parts.kind.value = explorer.engine.model.record.events[state.k] ? state.k : ''
    fields()
    update().then(() => { if (said) parts.status.textContent = `${said}: the story starts anew.` })
  })
  box.dataset.ready = 'true'
}

start().catch(error => {
  box.textContent = ''
  const said = element('p', 'lk-now__error', `The explorer could not start: ${error.message}`)
  said.setAttribute('role', 'alert')
  box.append(said)
})
