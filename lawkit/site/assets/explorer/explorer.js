// The explorer's evaluator, for a page of the site: the rules ruling in the browser, by the same
// definitions as the Python engine. ``open()`` loads the explorer model (the record's vocabulary,
// the views, the facts) from the site's api/explorer/ folder; a code's rulebook is loaded when
// that code is first asked. Nothing is fetched from anywhere but the site itself.
import {Engine, RulingError} from './engine.js'
import {plain} from './cel.js'
import {sampleHand} from './record.js'

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

  // Practice while the reader reads: a whole hand (record.sampleHand) and the page's own records
  // (``records()``, asked at each round) read anew and ruled under every code loaded, a step (one
  // record's views, or one code's rulings) at a time in the browser's idle time. V8 compiles the
  // evaluator's paths only after some dozens of rulings, the first ones several times slower: the
  // reader's next input finds them compiled. After LEAST rounds it stops once a round has not been
  // faster than the best for PATIENCE rounds (what is compiled is compiled), and at most after
  // ROUNDS rounds or BUDGET ms of work; it starts again, as new, when a code is loaded after it
  // ended. Asked again while it runs, it takes the new ``records``. Nothing the page's inputs kept
  // is used or pushed out (Engine.fresh). A step starts only when the idle time left holds it (as
  // long as it took last), so neither the frame that shows an answer nor an input waits for one,
  // but for a step that took longer than it did last time.
  warmUp (records = () => []) {
    const codes = Object.keys(this.engine.books).sort().join()
    if (this.warming && (this.warming.running || this.warming.codes === codes)) {
      this.warming.records = records
      return
    }
    const practice = this.warming = {records, codes, running: true, rounds: 0, spent: 0, best: Infinity, since: 0}
    let steps = []
    let round = 0
    const plan = () => {
      const engine = this.engine
      const loaded = Object.keys(engine.books).sort()
      practice.codes = loaded.join()
      const out = []
      let own = []
      try {
        own = practice.records()
      } catch (error) {
        // the page's records cannot be had now: the sample hand alone this round
      }
      for (const [n, data] of [sampleHand(), ...own].entries()) {
        let situation = null
        out.push([`views ${n}`, () => { situation = loaded.length ? engine.fresh(data, {views: 'rules', codes: loaded}) : null }])
        for (const code of loaded) out.push([`${code} ${n}`, () => { if (situation) engine.ruling(code, situation) }])
      }
      return out
    }
    const took = new Map() // each step's time the last time it ran
    const step = deadline => {
      for (;;) {
        if (!steps.length) {
          if (practice.rounds) {
            if (round < practice.best * 0.9) { practice.best = round; practice.since = 0 } else practice.since += 1
          }
          if ((practice.rounds >= LEAST && practice.since >= PATIENCE) || practice.rounds >= ROUNDS || practice.spent >= BUDGET) {
            practice.running = false
            return
          }
          steps = plan()
          round = 0
          practice.rounds += 1
        }
        const [name, work] = steps[0]
        if (!deadline.didTimeout && deadline.timeRemaining() < Math.min(took.get(name) ?? LONGEST, LONGEST)) break
        steps.shift()
        const start = performance.now()
        try {
          work()
        } catch (error) {
          // a record the rules cannot read, or rule on (the page says so when it is asked): its
          // situation left unmade, its codes' steps do nothing
        }
        const spent = performance.now() - start
        took.set(name, spent)
        round += spent
        practice.spent += spent
        if (deadline.didTimeout) break
      }
      idle(step)
    }
    idle(step)
  }
}

const LONGEST = 45 // ms: a step not yet timed, or longer, waits for an idle period of the longest (50 ms)
const LEAST = 40 // rounds, however steady the first are (V8 tiers up over some dozens of hands)
const PATIENCE = 10
const ROUNDS = 120
const BUDGET = 3000
// When the browser is idle (a browser without requestIdleCallback: a little later, one step).
const idle = typeof requestIdleCallback === 'function' ? fn => requestIdleCallback(fn)
  : fn => setTimeout(() => fn({timeRemaining: () => 0, didTimeout: true}), 50)

let opened = null

export function open () {
  opened ??= Promise.all([json('model.json'), json('index.json')]).then(([model, index]) => new Explorer(model, index))
  return opened
}
