// The explorer's whole state in the page's address, so that a link opens the same answer.
// The state is the address's fragment read as URL parameters: ``#code=auction-bridge-1912&s=…``.
// A parameter holding data (a situation record, a deal) is compact JSON in base64url, written the
// same way by Python (lawkit.site.explorer.state_fragment) for the laws' "try this law" links.
// Nothing here reaches the network: the fragment never leaves the browser.

export function encode (value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

// The value ``encode`` wrote; a damaged parameter is an Error saying so (never a half-read state).
export function decode (text) {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - base64.length % 4) % 4)), c => c.charCodeAt(0))
    return JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(bytes))
  } catch (error) {
    throw new Error(`the address's state could not be read (${error.message})`)
  }
}

// The fragment's parameters: plain ones as strings, the names in ``data`` decoded with ``decode``.
export function readState (data = ['s'], hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const state = {}
  for (const [name, value] of params) state[name] = data.includes(name) ? decode(value) : value
  return state
}

// The address's fragment for ``state`` (the names in ``data`` encoded), put in place without a new
// history entry, so the back button leaves the page instead of undoing each keystroke.
export function writeState (state, data = ['s']) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(state)) {
    if (value === undefined || value === null || value === '') continue
    params.set(name, data.includes(name) ? encode(value) : String(value))
  }
  const fragment = params.toString()
  // The same address again (the same story ruled under the same code) is left as it is: replacing a
  // full hand's address costs the browser milliseconds.
  if (!fragment || location.hash !== `#${fragment}`) {
    history.replaceState(history.state, '', fragment ? `#${fragment}` : location.pathname + location.search)
  }
  return fragment
}

// The address written once the reader pauses: QUIET ms after the last answer (each new answer puts
// it off), and at once when the page is hidden or left. ``state()`` is read then, so the last state
// wins. Replacing the address takes the page a millisecond and the browser's own process some more,
// on the same cores as the next answer: written after every answer, a reader drawing the cards
// again and again had each answer drawn some 3 ms later (cut page, answers back to back: drawn
// median 13-14 -> 11 ms, p95 23 -> 16-20). ``box.dataset.saving`` says a write is waiting (the
// tests wait for the address).
const QUIET = 150
const waiting = new Map() // box -> its write, waiting
export function writeSoon (box, state, data = ['s']) {
  inlineIcon()
  const last = waiting.get(box)
  if (last) clearTimeout(last.timer)
  else box.dataset.saving = 'true'
  const write = () => {
    clearTimeout(write.timer)
    if (waiting.get(box) !== write) return
    waiting.delete(box)
    // An address opened meanwhile (a link followed, back or forward) is the reader's: the page's
    // hashchange reads it, and writes after its own answer.
    if (location.hash === write.address) writeState(state(), data)
    delete box.dataset.saving
  }
  write.address = location.hash
  write.timer = setTimeout(write, QUIET)
  waiting.set(box, write)
}

// Every write waiting, made now: the page hidden (another tab, the window shut) or left.
function writeWaiting () {
  for (const write of [...waiting.values()]) write()
}
addEventListener('pagehide', writeWaiting)
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') writeWaiting() })

// Chromium downloads the page's icon again after every change of its address in a profile that keeps
// no icons (a private window; Playwright's pages): about a millisecond of the page's main thread
// after each answer. The same icon as a data: address is not fetched again (the network log shows no
// request), so the page's icon is made one, once, from the copy the browser has.
let inlined = false
function inlineIcon () {
  const link = document.querySelector('link[rel~="icon"]')
  if (inlined || !link || link.href.startsWith('data:')) return
  inlined = true
  fetch(link.href).then(response => response.ok ? response.blob() : null).then(blob => {
    if (!blob) return
    const reader = new FileReader()
    reader.onload = () => { link.href = reader.result }
    reader.readAsDataURL(blob)
  }).catch(() => {}) // the icon as it was
}
