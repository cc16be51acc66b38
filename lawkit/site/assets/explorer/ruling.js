// A ruling shown to a reader: what must happen now in players' words, the law it cites as a link
// with its preview (lawkit.js), the law's text at hand, and a "why" that walks the ruling's trace in
// words. The rule's name and CEL are there for developers only (class lk-dev, shown on request).
// ``info`` is a code's api/explorer/<code>.laws.json: {laws: {id: {name, code, heading, text, href}},
// rules: {key: description}, constants: {name: description}, outcomes: {name: description}}.
import {word} from './words.js'

export function element (tag, className, text) {
  const made = document.createElement(tag)
  if (className) made.className = className
  if (text !== undefined && text !== null) made.textContent = text
  return made
}

const lawOf = key => key.split('#')[0]
const named = name => name.replace(/_/g, ' ')

// A link to a law on its code page, which shows the law's preview on hover and focus.
export function lawLink (id, info, root) {
  const law = info.laws[id]
  if (!law) return element('span', null, id)
  const link = element('a', 'lk-ref', law.name)
  link.href = new URL(law.href, root).href
  link.dataset.law = id
  return link
}

// One event of the record in words: "deal to East: queen of spades, face up".
export function eventWords (event, vocabulary) {
  const [kind, body] = Object.entries(event)[0] || ['event', {}]
  const fields = (vocabulary.events[kind] || {fields: {}}).fields
  const parts = []
  let head = named(kind)
  for (const [name, value] of Object.entries(body || {})) {
    const type = (fields[name] || {}).type
    if (value === false || value === null || value === '' || (Array.isArray(value) && !value.length)) continue
    if (['by', 'to'].includes(name) && (type === 'seat' || type === 'string')) {
      head += ` ${name} ${word(value)}`
    } else if (value === true) {
      parts.push(named(name))
    } else if (type === 'card' || (type && type.list === 'card')) {
      parts.push(word(value))
    } else {
      parts.push(`${named(name)} ${word(value)}`)
    }
  }
  return head + (parts.length ? ': ' + parts.join(', ') : '')
}

// The trace in words, one item a step.
function why (ruling, info, root, events, vocabulary) {
  const list = element('ol', 'lk-why')
  const item = (...nodes) => {
    const li = element('li')
    for (const node of nodes) li.append(node)
    list.append(li)
    return li
  }
  for (const step of ruling.trace) {
    if (step.step === 'condition') {
      // The editors' account of the rule says why it applies; the condition itself is CEL, for developers.
      const said = info.rules[ruling.rule]
      const li = item(said ? `It applies: ${said}` : 'What this rule asks for holds in this story.')
      li.append(' ', element('code', 'lk-dev', step.expr))
    } else if (step.step === 'constant') {
      const said = (info.constants[step.name] || named(step.name)).replace(/^[A-Z](?=[a-z])/, c => c.toLowerCase())
      item(`It uses ${said.replace(/\.$/, '')}, as `, lawLink(step.law, info, root), ' sets it.')
    } else if (step.step === 'value') {
      item(`It takes ${named(step.name)} from the ruling under `, lawLink(lawOf(step.from), info, root), '.')
    } else if (step.step === 'overrides') {
      const said = info.rules[step.rule]
      item('It takes precedence over ', lawLink(step.law, info, root), said ? ` (${said.replace(/\.$/, '')}).` : '.')
    } else if (step.step === 'event') {
      const event = events[step.event]
      item(`Because of event ${step.event + 1}: ${event ? eventWords(event, vocabulary) : step.what}.`)
    }
  }
  return list
}

// What the ruling says: the rule's sentence, or its outcome and values in words.
export function saying (ruling, info) {
  if (ruling.says) return ruling.says
  const outcome = info.outcomes[ruling.outcome] || named(ruling.outcome)
  const values = Object.entries(ruling.values).map(([name, value]) => `${named(name)}: ${word(value)}`)
  return outcome.slice(0, 1).toUpperCase() + outcome.slice(1).replace(/\.$/, '') + (values.length ? ` (${values.join('; ')})` : '') + '.'
}

// The ruling as a list item (``events``: the record's events as written, for the "why").
export function rulingItem (ruling, info, {root, events = [], vocabulary = {events: {}}} = {}) {
  const li = element('li', 'lk-ruling-card')
  li.dataset.rule = ruling.rule
  li.dataset.law = ruling.law
  li.append(element('p', 'lk-ruling-card__says', saying(ruling, info)))
  const cites = element('p', 'lk-ruling-card__law')
  cites.append(lawLink(ruling.law, info, root))
  const others = ruling.cites.filter(id => id !== ruling.law)
  if (others.length) {
    cites.append('; with ')
    others.forEach((id, i) => cites.append(...(i ? [', '] : []), lawLink(id, info, root)))
  }
  cites.append(' ', element('span', 'lk-dev', `${ruling.rule} → ${ruling.outcome}`))
  li.append(cites)
  const law = info.laws[ruling.law]
  if (law) {
    const text = element('details', 'lk-ruling-card__text lk-plain')
    text.append(element('summary', null, `What ${law.name} says`))
    if (law.heading) text.append(element('p', 'lk-ruling-card__heading', law.heading))
    for (const paragraph of law.text) text.append(element('p', null, paragraph.replace(/_([^_]+)_/g, '$1')))
    li.append(text)
  }
  const reasons = element('details', 'lk-ruling-card__why lk-plain')
  reasons.append(element('summary', null, 'Why'), why(ruling, info, root, events, vocabulary))
  li.append(reasons)
  return li
}
