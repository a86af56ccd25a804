/** Freezes a value and everything it holds, so shared state cannot be changed by a plugin. */

/**
 * Values frozen all the way down by `deepFreeze`, in two generations. Freezing one again costs a
 * lookup, which matters because a request shared by repeats of one body is handed to a new exchange
 * each time. A WeakSet's table keeps the size it once reached after its values are collected, so one
 * set for the life of the process kept the high-water mark of all the objects frozen between two
 * collections (33 MB after 1,100 requests of 1,200 objects each, found by fuzzing the gateway's
 * memory). A new generation starts every {@link GENERATION_MARKS} marks and the one before is dropped
 * whole; a value whose mark went with it is walked once more: slower, never wrong.
 */
const GENERATION_MARKS = 1 << 16;
let current = new WeakSet<object>();
let previous = new WeakSet<object>();
let marks = 0;

function marked(value: object): boolean {
  return current.has(value) || previous.has(value);
}

function mark(value: object): void {
  if (marks === GENERATION_MARKS) {
    previous = current;
    current = new WeakSet<object>();
    marks = 0;
  }
  current.add(value);
  marks += 1;
}

/**
 * Freezes a value and everything it holds, and returns it: what is shared between plugins and exchanges
 * (a plugin's options, the request as the client sent it) must not be changed by one under another. A
 * value frozen before costs one lookup, so freezing on every hand-over is cheap.
 * @example
 * const shared = deepFreeze({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || marked(value)) return value;
  const reached = new Set<object>();
  freezeAll(value, reached);
  // Recorded once the whole walk succeeded, so a value is never marked while part of it is unfrozen;
  // the value itself last, so that it is in the newest generation however many objects it holds.
  for (const object of reached) if (object !== value) mark(object);
  mark(value);
  return value;
}

/** Goes on into children that are already frozen, since a frozen object may still hold mutable ones. */
function freezeAll(value: object, reached: Set<object>): void {
  if (reached.has(value) || marked(value)) return;
  reached.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object') freezeAll(child as object, reached);
  }
}

/**
 * Whether `deepFreeze` froze this value all the way down (and still remembers doing so): a frozen value
 * cannot change, so what was computed from it (its JSON text) can be kept and reused. `false` only
 * means it is not known, never that the value is mutable.
 * @example
 * if (isDeepFrozen(body)) cache.set(body, JSON.stringify(body));
 */
export function isDeepFrozen(value: object): boolean {
  return marked(value);
}
