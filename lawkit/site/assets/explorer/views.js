// The views (laws/views.yaml): what the laws speak of, derived from the laid-out record by the
// same CEL definitions as lawkit.rules.views, in their order (a view reads only views before it).
import {compile, sorted, toCel} from './cel.js'

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
  derive (record, wanted = null, answered = {}) {
    const available = {...this.constants, ...toCel(record)}
    const needed = wanted === null ? null : this.closure(wanted)
    const given = {}
    for (const view of this.list) {
      if (needed !== null && !needed.has(view.name)) continue
      let held = true
      if (view.whenProgram !== null) {
        held = run(view, view.whenProgram, available)
        if (typeof held !== 'boolean') throw new ViewError(`view '${view.name}': 'when' gave ${held}, not true or false`, view.name)
      }
      if (!held) {
        available[view.name] = null
        if (Object.hasOwn(answered, view.name)) available[view.name] = answered[view.name]
        continue
      }
      const value = view.alias !== null ? available[view.alias] : run(view, view.valueProgram, available)
      available[view.name] = given[view.name] = sorted(value ?? null)
    }
    return given
  }
}

function run (view, program, context) {
  try {
    return program.run(context)
  } catch (error) {
    throw new ViewError(`view '${view.name}': ${error.message} while evaluating \`${program.source}\``, view.name)
  }
}
