// The views (laws/views.yaml): what the laws speak of, derived from the laid-out record by the
// same CEL definitions as lawkit.rules.views, in their order (a view reads only views before it).
import {compile, identical, sorted, toCel} from './cel.js'

export class ViewError extends Error {
  constructor (message, view) {
    super(message)
    this.view = view
  }
}

export class Views {
  constructor (model) {
    this.constants = toCel(model.constants)
    this.list = model.views.map(v => ({...v,
      whenProgram: v.when === null ? null : compile(v.when),
      valueProgram: v.alias === null ? compile(v.value) : null}))
    this.byName = Object.fromEntries(this.list.map(v => [v.name, v]))
    this.closures = new Map()
    this.closureOf = new WeakMap()
    this.ids = new Map()
    this.list.forEach((view, position) => { view.position = position })
    for (const view of this.list) view.id = this.idOf(view.name)
    this.constantIds = Object.keys(this.constants).map(name => [this.idOf(name), this.constants[name]])
    this.shadowsConstant = this.list.some(view => Object.hasOwn(this.constants, view.name))
  }

  // Where derive keeps the last derivation of each view and the last data of each part of the
  // record it read (the engine keeps one with its other kept work, and forgets it with that).
  memory () {
    return {views: new Array(this.list.length), parts: new Map()} // views: by position in the list
  }

  // A number for each name a view reads, so that derive compares what a view read with an array's
  // items rather than looking each name up in the context of some 400 names.
  idOf (name) {
    let id = this.ids.get(name)
    if (id === undefined) this.ids.set(name, id = this.ids.size)
    return id
  }

  // ``wanted`` and every view they read, directly or through another (a Set of names), found once
  // for each set of names asked.
  closure (wanted) {
    let found = this.closureOf.get(wanted) // the same Set asked again (Engine.wanted)
    if (found) return found
    const name = [...wanted].sort().join('\u0000')
    found = this.closures.get(name)
    if (!found) {
      found = this.reading(wanted)
      found.byPosition = Uint8Array.from(this.list, view => found.has(view.name) ? 1 : 0)
      this.closures.set(name, found)
    }
    this.closureOf.set(wanted, found)
    return found
  }

  reading (wanted) {
    const found = new Set()
    const stack = [...wanted].filter(name => Object.hasOwn(this.byName, name))
    while (stack.length) {
      const name = stack.pop()
      if (!found.has(name)) {
        found.add(name)
        stack.push(...this.byName[name].reads)
      }
    }
    return found
  }

  // Every view the record gives, by name, in CEL form (views not given are left out). With
  // ``wanted`` only those and what they read; ``answered`` stands in for a view the record lacks.
  // With a ``memory`` (Views.memory), a view is derived again only when some name it reads holds
  // other data than the last time: CEL is pure, so the same data read give the same view. The steps
  // of a page read records that differ in a few parts (the cut: the same cards cut again, then the
  // partners' cuts), and most views read none of them. A part of the record, an answer or a view
  // that comes out the same as the last time is the last time's object, so that this is asked with ===.
  derive (record, wanted = null, answered = {}, memory = null) {
    // With a memory, the context of the last derivation is written over (the same names, mostly the
    // same objects) rather than some 400 names added to a new one; a view not wanted is unbound.
    // (Not when a view is named as a part of the record or a constant: unbinding it would lose those.)
    const names = Object.keys(record)
    const again = memory !== null && memory.available !== undefined && identical(memory.names, names) &&
      !names.some(name => Object.hasOwn(this.byName, name)) && !this.shadowsConstant
    const available = again ? memory.available : {...this.constants}
    const values = again ? memory.values : [] // by idOf: what available holds under each name a view reads
    if (memory !== null && !again) {
      for (const [id, value] of this.constantIds) values[id] = value
      Object.assign(memory, {available, values, names})
    }
    for (const name of names) {
      const value = available[name] = part(memory, name, record[name])
      if (memory !== null) values[this.idOf(name)] = value
    }
    const needed = wanted === null ? null : this.closure(wanted).byPosition
    const given = {}
    const list = this.list
    for (let v = 0; v < list.length; v++) { // (indexed: no iterator's step made for each of some 300 views)
      const view = list[v]
      if (needed !== null && !needed[view.position]) {
        if (again && available[view.name] !== undefined) available[view.name] = values[view.id] = undefined
        continue
      }
      const last = memory === null ? undefined : memory.views[view.position]
      const reads = memory === null ? null : view.readIds ??= [...new Set([
        ...(view.whenProgram === null ? [] : view.whenProgram.names),
        ...(view.alias === null ? view.valueProgram.names : [view.alias])])].map(name => this.idOf(name))
      let held
      let value
      let same = last !== undefined
      for (let i = 0; same && i < reads.length; i++) same = Object.is(values[reads[i]], last.reads[i])
      if (same) {
        held = last.held
        value = last.value
      } else {
        held = true
        if (view.whenProgram !== null) {
          held = run(view, view.whenProgram, available)
          if (typeof held !== 'boolean') throw new ViewError(`view '${view.name}': 'when' gave ${held}, not true or false`, view.name)
        }
        if (held) {
          value = sorted((view.alias !== null ? available[view.alias] : run(view, view.valueProgram, available)) ?? null)
          if (last !== undefined && last.held && identical(last.value, value)) value = last.value
        }
        if (memory !== null) memory.views[view.position] = {reads: reads.map(id => values[id]), held, value}
      }
      if (!held) {
        available[view.name] = values[view.id] =
          Object.hasOwn(answered, view.name) ? part(memory, `\u0000${view.name}`, answered[view.name]) : null
        continue
      }
      available[view.name] = values[view.id] = given[view.name] = value
    }
    return given
  }
}

// A part of the record (or an answer) in CEL form: with a memory, the last time's object if the
// plain data are the same (the part not made again), else made and kept.
function part (memory, name, plainValue) {
  if (memory === null) return toCel(plainValue)
  const last = memory.parts.get(name)
  if (last !== undefined && identical(last.plain, plainValue)) return last.value
  const value = toCel(plainValue)
  memory.parts.set(name, {plain: plainValue, value})
  return value
}

function run (view, program, context) {
  try {
    return program.run(context)
  } catch (error) {
    throw new ViewError(`view '${view.name}': ${error.message} while evaluating \`${program.source}\``, view.name)
  }
}
