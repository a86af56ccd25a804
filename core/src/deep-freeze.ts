/** Freezes a value and everything it holds, so shared state cannot be changed by a plugin. */

/**
 * Values frozen all the way down by `deepFreeze`. Freezing one again costs a lookup, which matters
 * because a request shared by repeats of one body is handed to a new exchange each time.
 */
const frozenThrough = new WeakSet<object>();

export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || frozenThrough.has(value)) return value;
  const reached = new Set<object>();
  freezeAll(value, reached);
  // Recorded once the whole walk succeeded, so a value is never marked while part of it is unfrozen.
  for (const object of reached) frozenThrough.add(object);
  return value;
}

/** Goes on into children that are already frozen, since a frozen object may still hold mutable ones. */
function freezeAll(value: object, reached: Set<object>): void {
  if (reached.has(value) || frozenThrough.has(value)) return;
  reached.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object') freezeAll(child as object, reached);
  }
}

/** Whether `deepFreeze` froze this value all the way down. */
export function isDeepFrozen(value: object): boolean {
  return frozenThrough.has(value);
}
