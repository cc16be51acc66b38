// A ruling in players' words on a page of the explorer: what the code says (the rule's sentence
// with its values in words), the law it cites as a link to the law on its code page that shows the
// law's text on hover or focus (lawkit.js's previews), and what the code still needs to know.
// The laws of a code (name, place, preview) are in api/explorer/<code>.laws.json (lawkit/site/now.py),
// loaded with the code.
import {el} from './cards.js'

const ROOT = new URL('../../../', import.meta.url) // the site's root, from assets/lawkit/explorer/
const loaded = {}

// The laws a code's rules cite, by citation id ({name, url, preview}); their previews handed to lawkit.js.
export function lawsOf (code) {
  loaded[code] ??= fetch(new URL(`api/explorer/${code}.laws.json`, ROOT)).then(response => {
    if (!response.ok) throw new Error(`the laws of ${code} could not be loaded (${response.status})`)
    return response.json()
  }).then(data => {
    if (window.lawkitPreviews) window.lawkitPreviews.add(data.laws)
    // each link's address made once (a page draws a code's links again on every input)
    return Object.fromEntries(Object.entries(data.laws).map(([id, law]) => [id,
      {name: law.name, url: law.href, href: new URL(law.href, ROOT).href, preview: law}]))
  })
  return loaded[code]
}

// A link to a law that shows its preview (as the code pages' links do): each law's made once and
// copied (a page's rulings cite the same few laws again and again: a cut's answer some hundred times).
export function lawLink (id, laws) {
  let made = links.get(laws)
  if (made === undefined) links.set(laws, made = new Map())
  let link = made.get(id)
  if (link === undefined) {
    const law = laws[id]
    made.set(id, link = law ? el('a', {class: 'lk-ref', href: law.href, 'data-law': id, text: law.name}) : el('span', {text: id}))
  }
  return link.cloneNode(true)
}
const links = new WeakMap() // a code's laws (lawsOf) -> each law's link

// The ruling's sentence: its `says`, or else what the rule does (its description).
export function sentence (ruling, book) {
  if (ruling.says) return ruling.says
  const rule = book && book.byKey[ruling.rule]
  return rule ? rule.description : ruling.outcome
}

// A ruling's values as JSON, made once for each ruling (the engine's results are frozen and shared:
// a page that asks whether it showed a ruling already, and then shows it, writes it once).
export function valuesText (ruling) {
  let text = valuesTexts.get(ruling)
  if (text === undefined) valuesTexts.set(ruling, text = JSON.stringify(ruling.values))
  return text
}
const valuesTexts = new WeakMap()

// One ruling as a list item: the sentence, then its law (and the other laws it rests on).
export function rulingElement (ruling, laws, book, attributes = {}) {
  const others = ruling.cites.filter(id => id !== ruling.law)
  return el('li', {class: 'lk-ruling', 'data-rule': ruling.rule, 'data-law': ruling.law, 'data-outcome': ruling.outcome,
    'data-values': valuesText(ruling), ...attributes},
    el('span', {class: 'lk-ruling__says', text: sentence(ruling, book)}), ' ',
    el('span', {class: 'lk-ruling__law'}, '(', lawLink(ruling.law, laws),
      others.length ? ['; with ', ...others.flatMap((id, i) => [i ? ', ' : '', lawLink(id, laws)])] : [], ')'))
}

// A list of rulings (empty: a sentence saying the code rules nothing here).
export function rulingsElement (rulings, laws, book, none = 'The code gives no ruling on this.') {
  if (!rulings.length) return el('p', {class: 'lk-ruling--none', text: none})
  return el('ul', {class: 'lk-rulings'}, rulings.map(r => rulingElement(r, laws, book)))
}

// What the code's rules need and the record cannot show, as questions.
export function missingElement (missing) {
  if (!missing.length) return null
  return el('div', {class: 'lk-missing'}, el('p', {text: 'The code also asks:'}),
    el('ul', {}, missing.map(m => el('li', {'data-fact': m.fact, text: m.question}))))
}

// A failure to rule (a record the rules cannot read) said plainly, where the answer would be.
export function errorElement (error) {
  return el('p', {class: 'lk-error', role: 'alert', text: `This cannot be ruled on: ${error.message}`})
}
