/** Typed per-plugin state on an exchange: a plugin creates one key and only it reads the slot. */

export interface SlotKey<T> {
  readonly name: string;
  readonly init: () => T;
}

/**
 * Creates the key of a plugin's slot.
 * @example
 * const EXACT = createSlot('exact-cache', () => ({ key: undefined as string | undefined }));
 * exchange.slot(EXACT).key = 'v1:…';
 */
export function createSlot<T>(name: string, init: () => T): SlotKey<T> {
  return Object.freeze({ name, init });
}
