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
  }

  // Where derive keeps the last derivation of each view and the last data of each part of the
  // record it read (the engine keeps one with its other kept work, and forgets it with that).
  memory () {
    return {views: new Map(), parts: new Map()}
  }

  // ``wanted`` and every view they read, directly or through another (a Set of names), found once
  // for each set of names asked.
  closure (wanted) {
    const name = [...wanted].sort().join('\u0000')
    let found = this.closures.get(name)
    if (!found) this.closures.set(name, found = this.reading(wanted))
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
    const available = {...this.constants}
    const laidOut = toCel(record)
    for (const name of Object.keys(laidOut)) available[name] = kept(memory, name, laidOut[name])
    const needed = wanted === null ? null : this.closure(wanted)
    const given = {}
    for (const view of this.list) {
      if (needed !== null && !needed.has(view.name)) continue
      const reads = view.readNames ??= [...new Set([
        ...(view.whenProgram === null ? [] : view.whenProgram.names),
        ...(view.alias === null ? view.valueProgram.names : [view.alias])])]
      const last = memory === null ? undefined : memory.views.get(view.name)
      let held
      let value
      if (last !== undefined && reads.every((name, i) => available[name] === last.reads[i])) {
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
        if (memory !== null) memory.views.set(view.name, {reads: reads.map(name => available[name]), held, value})
      }
      if (!held) {
        available[view.name] = null
        if (Object.hasOwn(answered, view.name)) available[view.name] = kept(memory, `\u0000${view.name}`, answered[view.name])
        continue
      }
      available[view.name] = given[view.name] = value
    }
    return given
  }
}

// ``value``, or the object ``memory`` kept under ``name`` if it holds the same data; ``value`` kept.
function kept (memory, name, value) {
  if (memory === null) return value
  const last = memory.parts.get(name)
  if (last !== undefined && identical(last, value)) return last
  memory.parts.set(name, value)
  return value
}

function run (view, program, context) {
  try {
    return program.run(context)
  } catch (error) {
    throw new ViewError(`view '${view.name}': ${error.message} while evaluating \`${program.source}\``, view.name)
  }
}
