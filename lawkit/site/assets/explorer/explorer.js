// The explorer's evaluator, for a page of the site: the rules ruling in the browser, by the same
// definitions as the Python engine. ``open()`` loads the explorer model (the record's vocabulary,
// the views, the facts) from the site's api/explorer/ folder; a code's rulebook is loaded when
// that code is first asked. Nothing is fetched from anywhere but the site itself.
import {Engine, RulingError} from './engine.js'
import {plain} from './cel.js'

// The site's api/explorer/ folder, found from this module's own address (assets/lawkit/explorer/).
const API = new URL('../../../api/explorer/', import.meta.url)

async function json (name) {
  const response = await fetch(new URL(name, API))
  if (!response.ok) throw new Error(`the explorer could not load ${name} (${response.status})`)
  return response.json()
}

export class Explorer {
  constructor (model, index) {
    this.engine = new Engine(model)
    this.codes = index.codes // [{id, title, json}]
    this.loading = {}
  }

  // The code's rulebook, loaded (once) when first asked.
  async code (id) {
    if (this.engine.books[id]) return this.engine.books[id]
    const entry = this.codes.find(c => c.id === id)
    if (!entry) throw new RulingError(`no code '${id}'`)
    this.loading[id] ??= json(entry.json).then(data => this.engine.addCode(data))
    return this.loading[id]
  }

  // A situation (a record's data, as a situation file holds it) read and its views derived.
  situation (data) {
    return this.engine.situation(data)
  }

  // Every ruling of ``code`` on a situation, as plain data (lawkit.rules.engine.Result.as_json).
  async ruling (code, situation) {
    await this.code(code)
    return this.engine.ruling(code, situation)
  }

  // The same situation put to each code named (every code by default).
  async compare (situation, codes = this.codes.map(c => c.id)) {
    await Promise.all(codes.map(c => this.code(c)))
    situation = this.engine.situation(situation)
    return codes.map(code => this.engine.ruling(code, situation))
  }

  // What the record gives, view by view, as plain data (to show the table).
  views (situation) {
    return plain(this.engine.situation(situation).views)
  }
}

let opened = null

export function open () {
  opened ??= Promise.all([json('model.json'), json('index.json')]).then(([model, index]) => new Explorer(model, index))
  return opened
}
