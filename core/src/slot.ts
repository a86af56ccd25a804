/** Typed per-plugin state on an exchange: a plugin creates one key and only it reads the slot. */

/**
 * The key of a plugin's slot (`createSlot`): `init` makes the slot's value the first time an
 * exchange is asked for it. Keep the key private to the plugin.
 * @example
 * const TIMING: SlotKey<{ guardMs: number }> = createSlot('latency-probe', () => ({ guardMs: 0 }));
 */
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
