// CEL for the explorer: @marcbachmann/cel-js (copied into the site beside this file by lawkit's
// plugin), set up to give what lawkit's Python CEL gives on what the rules use. Whole numbers are
// BigInt inside CEL; `toCel` makes them so, `plain` turns a result back into JSON-ready data.
import {Environment} from './cel-js/index.js'
import {OPERATORS} from './cel-js/operators.js'

// Python's CEL lets the two branches of `? :` differ in type (`found ? {'by': c.by} : null`, as
// the views write "this, or nothing"); cel-js's checker refuses such an expression. Where it
// would, the branches are taken as dyn, so either value comes through as it is.
const ternary = OPERATORS['?:']
const checkTernary = ternary.check
ternary.check = function (chk, ast, ctx) {
  try {
    return checkTernary.call(this, chk, ast, ctx)
  } catch (error) {
    if (!/Ternary branches must have the same type/.test(error && error.message)) throw error
    return chk.dynType
  }
}

const environment = new Environment({
  unlistedVariablesAreDyn: true, // the context decides what a name holds, as in Python
  homogeneousAggregateLiterals: false, // {'player': 'North', 'n': 1} mixes types, as rules' values do
})
// Python's CEL answers false for == between values of two types (a seat and a number), cel-js
// "no such overload": the evaluator gives false, as a rule comparing a view that may hold either
// would expect. (Registering one order registers the other, and != with it.)
const TYPES = ['int', 'string', 'bool', 'list', 'map']
TYPES.forEach((a, i) => TYPES.slice(i + 1).forEach(b => environment.registerOperator(`${a} == ${b}`, () => false)))

// An error of evaluation, by kind (as tests/cel/expressions.yaml names them): key (a missing map
// key or field), index (out of range), type (no such overload), or other.
export class CelError extends Error {
  constructor (message, kind) {
    super(message)
    this.kind = kind
  }
}

export function errorKind (message) {
  if (/index out of bounds/.test(message)) return 'index'
  if (/No such key/.test(message)) return 'key'
  if (/no such overload|no matching overload/i.test(message)) return 'type'
  if (/Unknown variable/.test(message)) return 'unbound'
  return 'other'
}

// A compiled expression: run(context) gives its value (CEL form) or throws a CelError.
export function compile (source) {
  const program = environment.parse(source)
  let parts = null
  let names = null
  return {
    source,
    // Every identifier it reads (and its comprehensions' own variables), when first asked.
    get names () {
      if (names === null) names = namesOf(program.ast)
      return names
    },
    // The operands of a top-level chain of `&&` (none when the expression is not one), each
    // compiled from its own text with the names it reads, when first asked.
    get conjuncts () {
      if (parts === null) {
        const found = []
        const gather = node => {
          if (node.op === '&&') node.args.forEach(gather)
          else found.push(node)
        }
        gather(program.ast)
        const texts = topLevelAnds(source)
        // The parser's nodes do not always span their closing parentheses: the text is split at
        // each `&&` outside brackets and quotes, and used only when it gives the parser's operands.
        try {
          parts = found.length < 2 || texts.length !== found.length ? [] : texts.map(compile)
        } catch (error) {
          parts = [] // a piece that does not parse alone (a comment holding '&&'): the whole decides
        }
      }
      return parts
    },
    ast: program.ast,
    // No stack is collected for an error made while it runs: the library makes one for each
    // unbound name, missing key or absorbed failure (a quantifier or `&&` going on past an error:
    // some cut records make hundreds), and only its message is read.
    run (context) {
      const limit = Error.stackTraceLimit
      Error.stackTraceLimit = 0
      try {
        return program(context)
      } catch (error) {
        if (error instanceof CelError) throw error // a name Layers does not bind (unbound)
        const message = String(error && error.message || error).split('\n')[0]
        throw new CelError(message, errorKind(message))
      } finally {
        Error.stackTraceLimit = limit
      }
    },
  }
}

// ``source`` split at each `&&` outside parentheses, brackets, braces and string literals.
function topLevelAnds (source) {
  const found = []
  let depth = 0
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '"' || c === "'") {
      const quote = source.startsWith(c.repeat(3), i) ? c.repeat(3) : c
      const raw = i > 0 && /[rR]/.test(source[i - 1])
      i += quote.length
      while (i < source.length && !source.startsWith(quote, i)) i += !raw && source[i] === '\\' ? 2 : 1
      i += quote.length - 1
    } else if ('([{'.includes(c)) {
      depth += 1
    } else if (')]}'.includes(c)) {
      depth -= 1
    } else if (depth === 0 && c === '&' && source[i + 1] === '&') {
      found.push(source.slice(start, i).trim())
      start = i + 2
      i += 1
    }
  }
  found.push(source.slice(start).trim())
  return found
}

// Every identifier in a parsed expression (a comprehension's own variables among them: more than
// the context names it reads, never fewer).
function namesOf (node, found = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) namesOf(item, found)
  } else if (node !== null && typeof node === 'object' && typeof node.op === 'string') {
    if (node.op === 'id') found.add(node.args)
    else namesOf(node.args, found)
  } else if (node !== null && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
    for (const item of Object.values(node)) namesOf(item, found)
  }
  return found
}

// A context in layers: the names bound by this evaluation (``set``), then each layer in turn (plain
// objects, read, never copied: a ruling's context is the situation's facts and the code's
// constants, a few hundred names that copying for every ruling cost more than the rules). cel-js
// reads a Map's names with get() as it evaluates, and a name Layers does not bind fails there with
// the error cel-js would make ('Unknown variable: NAME', kind unbound), made once for each name
// and thrown again: a rule asked of a situation that lacks one of its facts fails (or is absorbed
// by `&&`, `||` or a quantifier, which take any Error) without the library making an error each
// time, and an error costs ~12 µs in Chromium, ~170 µs while an inspector (Playwright) is attached.
export class Layers extends Map {
  constructor (...layers) {
    super()
    this.layers = layers
  }

  get (name) {
    const value = this.lookup(name)
    if (value === undefined) throw unbound(name)
    return value
  }

  has (name) {
    return this.lookup(name) !== undefined
  }

  lookup (name) {
    if (super.has(name)) return super.get(name)
    // (indexed: no iterator made for each name read, some thousands an answer of the cut page)
    const layers = this.layers
    for (let i = 0; i < layers.length; i++) if (Object.hasOwn(layers[i], name)) return layers[i][name]
    return undefined
  }
}

const unboundErrors = new Map()
function unbound (name) {
  let error = unboundErrors.get(name)
  if (error === undefined) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0 // shared by every failure of the name: no one place to point at
    try {
      error = new CelError(`Unknown variable: ${name}`, 'unbound')
    } finally {
      Error.stackTraceLimit = limit
    }
    unboundErrors.set(name, Object.freeze(error))
  }
  return error
}

// Plain data (numbers are whole numbers) as CEL reads it: every number a BigInt.
export function toCel (value) {
  if (typeof value === 'number') return BigInt(value)
  if (Array.isArray(value)) return value.map(toCel)
  if (value !== null && typeof value === 'object') {
    const out = {}
    for (const key of Object.keys(value)) out[key] = toCel(value[key])
    return out
  }
  return value
}

// A CEL value with its maps' keys in sorted order (as lawkit.rules._cel.plain leaves a view or a
// value, so what reads it next meets the keys in the same order), still in CEL form. A list or map
// already so is given back as it is, not copied (a full hand's views are lists of a hundred maps,
// most of them the record's own, read and sorted once).
export function sorted (value) {
  if (Array.isArray(value)) {
    let out = null
    for (let i = 0; i < value.length; i++) {
      const item = sorted(value[i])
      if (out === null && item !== value[i]) out = value.slice(0, i)
      if (out !== null) out.push(item)
    }
    return out === null ? value : out
  }
  let copy = false
  if (value instanceof Map) {
    value = Object.fromEntries(value)
    copy = true
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    // A map already sorted, its values too, is given back without a list made of its keys (most
    // values are, and they are many: each of a cut's cards is one).
    if (!copy) {
      let last = null
      for (const name in value) {
        if ((last !== null && last > name) || sorted(value[name]) !== value[name]) {
          copy = true
          break
        }
        last = name
      }
      if (!copy) return value
    }
    const keys = Object.keys(value).sort() // (by UTF-16 code units, as < compares strings)
    const out = {}
    for (let i = 0; i < keys.length; i++) out[keys[i]] = sorted(value[keys[i]])
    return out
  }
  return value
}

// A CEL value as JSON-ready data: BigInt as Number, maps with sorted keys.
export function plain (value) {
  if (typeof value === 'bigint') return Number(value)
  if (Array.isArray(value)) return value.map(plain)
  if (value instanceof Map) value = Object.fromEntries(value)
  if (value !== null && typeof value === 'object') {
    const out = {}
    for (const key of Object.keys(value).sort()) out[key] = plain(value[key])
    return out
  }
  return value
}

// Deep equality of two plain (or CEL) values, as Python's == on plain data.
export function same (a, b) {
  const number = x => typeof x === 'bigint' || typeof x === 'number'
  if (number(a) || number(b)) return number(a) && number(b) && BigInt(a) === BigInt(b)
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]))
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a)
    return ka.length === Object.keys(b).length && ka.every(k => Object.hasOwn(b, k) && same(a[k], b[k]))
  }
  return a === b
}

// Whether two CEL values are the same data in the same form: the same types (a BigInt is not a
// number), lists item by item, maps with the same keys in the same order (a comprehension over a
// map meets its keys in order, so two maps ordered apart are not interchangeable). Anything else
// than plain lists and maps (bytes, a library's own type) only when it is the very same object.
export function identical (a, b) {
  if (Object.is(a, b)) return true // (a double's -0 is not 0: 1 / -0.0 is -infinity)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!identical(a[i], b[i])) return false
    return true
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || !identical(a[ka[i]], b[kb[i]])) return false
  return true
}
