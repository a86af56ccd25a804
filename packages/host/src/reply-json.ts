/**
 * The JSON text of a reply body, kept for bodies that can never change. A cached answer is served
 * again and again as the same deep-frozen object, and serialising it was about 2.5 µs of every hit.
 */
import { isDeepFrozen } from '@sluice/core';

export interface ReplyJson {
  readonly text: string;
  readonly bytes: number;
}

const known = new WeakMap<object, ReplyJson>();

export function replyJson(body: unknown): ReplyJson {
  const object = typeof body === 'object' && body !== null ? body : undefined;
  const kept = object && known.get(object);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(body);
  const json = { text, bytes: Buffer.byteLength(text) };
  if (object !== undefined && isDeepFrozen(object) && isPlainData(object)) known.set(object, json);
  return json;
}

/**
 * Frozen is not enough for a fixed text: a getter, a toJSON function or a Date (whose time can be set
 * while frozen) can change what JSON.stringify writes. Plain objects, arrays and primitives cannot.
 */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function' && typeof value !== 'symbol';
  const prototype = Object.getPrototypeOf(value) as unknown;
  const plain = Array.isArray(value) ? prototype === Array.prototype : prototype === Object.prototype || prototype === null;
  if (!plain) return false;
  for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value))) {
    if (!('value' in descriptor) || !isPlainData(descriptor.value)) return false;
  }
  return true;
}
