/**
 * Takes the gateway's own provider key out of text the provider wrote before it reaches a client or a log.
 * Providers quote a wrong key back, whole or as a masked quote (OpenAI: "Incorrect API key provided:
 * sk-abc*****************xyz"); the client of the gateway must learn neither the key nor a piece of it.
 */
import { isPlaceholderKey } from './provider-base-url.js';

/**
 * What a key, or a piece or a masked quote of it, is replaced with.
 * @example
 * new KeyRedaction([apiKey]).text(`bad key ${apiKey}`) === `bad key ${REDACTED_KEY}`; // true
 */
export const REDACTED_KEY = '[redacted]';

const MAX_DEPTH = 64;

/** The shortest run of a key's characters that counts as a piece of it. */
const MIN_PIECE = 8;
/** Shorter keys than this are not searched for at all: they would match ordinary words. */
const MIN_SHORT_KEY = 4;

/**
 * Redacts the keys it is made with from strings and from parsed JSON.
 * @example
 * const redaction = new KeyRedaction(['sk-abcdefghijklmnop1234']);
 * redaction.text('Incorrect API key provided: sk-abcdefghijklmnop1234.'); // 'Incorrect API key provided: [redacted].'
 * redaction.text('Incorrect API key provided: sk-abc********1234.');       // 'Incorrect API key provided: [redacted].'
 */
export class KeyRedaction {
  readonly #keys: readonly string[];
  /**
   * Any piece of MIN_PIECE characters of any key: where a run may start. One regular expression searches a
   * MiB in about 25 ms, six times faster than looking each position up in a set.
   */
  readonly #pieceStart: RegExp | undefined;

  constructor(keys: readonly (string | undefined)[]) {
    this.#keys = keys.filter((key): key is string => !isPlaceholderKey(key)).map((key) => key.trim());
    const pieces = new Set<string>();
    for (const key of this.#keys) {
      // A key shorter than a piece is searched for whole (a test key, a local server's).
      if (key.length < MIN_PIECE && key.length >= MIN_SHORT_KEY) pieces.add(key);
      for (let i = 0; i + MIN_PIECE <= key.length; i += 1) pieces.add(key.slice(i, i + MIN_PIECE));
    }
    this.#pieceStart = pieces.size === 0 ? undefined : new RegExp([...pieces].map(escapeRegExp).join('|'), 'g');
  }

  /** Whether there is any key to redact. */
  get active(): boolean {
    return this.#keys.length > 0;
  }

  /** `text` with each key, each piece of at least 8 of its characters and each masked quote of it replaced. */
  text(text: string): string {
    if (!this.active) return text;
    return this.#pieceRuns(this.#maskedQuotes(text));
  }

  /**
   * A parsed JSON value with every string in it (names included) redacted; the value itself is not changed.
   * Anything nested deeper than 64 levels becomes `null`.
   */
  json(value: unknown, depth = 0): unknown {
    if (!this.active) return value;
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null) return value;
    // Deeper than any error body: left out rather than passed on unsearched.
    if (depth >= MAX_DEPTH) return null;
    if (Array.isArray(value)) return value.map((item) => this.json(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [this.text(name), this.json(item, depth + 1)]),
    );
  }

  /** Replaces the longest runs of text that are a substring of a key, from MIN_PIECE characters up. */
  #pieceRuns(text: string): string {
    const finder = this.#pieceStart;
    if (finder === undefined || text.length < MIN_PIECE) return text;
    let out = '';
    let copied = 0;
    finder.lastIndex = 0;
    for (let found = finder.exec(text); found !== null; found = finder.exec(text)) {
      const start = found.index;
      let end = start + found[0].length;
      while (end < text.length && this.#keys.some((key) => key.includes(text.slice(start, end + 1)))) end += 1;
      out += `${text.slice(copied, start)}${REDACTED_KEY}`;
      copied = end;
      finder.lastIndex = end;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /**
   * A masked quote: the run of characters before a mask that ends like a key begins, the mask, and the run
   * after it that begins like the key ends. Only those visible ends are replaced, so a quote glued to other
   * words or to another quote is found as well.
   */
  #maskedQuotes(text: string): string {
    const ranges: [number, number][] = [];
    for (const mask of text.matchAll(MASK)) {
      const start = mask.index;
      const end = start + mask[0].length;
      const head = text.slice(wordStartBefore(text, start, 64), start);
      const tail = WORD_AFTER.exec(text.slice(end, end + 64))?.[0] ?? '';
      let best: [number, number] | undefined;
      for (const key of this.#keys) {
        const shown = [keyStartIn(key, head), keyEndIn(key, tail)] as const;
        const total = shown[0] + shown[1];
        // A bare "..." in prose is not a quote: the visible ends must say which key it is.
        if (total >= 4 && Math.max(...shown) >= 2 && total > (best === undefined ? 0 : best[0] + best[1])) best = [...shown];
      }
      if (best !== undefined) ranges.push([start - best[0], end + best[1]]);
    }
    if (ranges.length === 0) return text;
    let out = '';
    let copied = 0;
    for (const [from, to] of ranges) {
      if (from >= copied) out += `${text.slice(copied, from)}${REDACTED_KEY}`;
      copied = Math.max(copied, to);
    }
    return out + text.slice(copied);
  }
}

/** What hides the middle of a quoted key: a run of `*` or `•`, or an ellipsis. */
const MASK = /\*{3,}|•{3,}|\.{3}|…/g;
const WORD_AFTER = /^[\w-]*/;

/**
 * Where the run of word characters and `-` that ends at `end` starts, reading back at most `limit`
 * characters. A loop, as `/[\w-]*$/` retries from every start in a run of `-` and is quadratic on it.
 */
function wordStartBefore(text: string, end: number, limit: number): number {
  const stop = Math.max(0, end - limit);
  let start = end;
  while (start > stop && isWordOrDash(text.charCodeAt(start - 1))) start -= 1;
  return start;
}

function isWordOrDash(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45;
}

/** The length of the longest end of `head` that is a start of `key`. */
function keyStartIn(key: string, head: string): number {
  for (let length = Math.min(head.length, key.length); length > 0; length -= 1)
    if (key.startsWith(head.slice(head.length - length))) return length;
  return 0;
}

/** The length of the longest start of `tail` that is an end of `key`. */
function keyEndIn(key: string, tail: string): number {
  for (let length = Math.min(tail.length, key.length); length > 0; length -= 1)
    if (key.endsWith(tail.slice(0, length))) return length;
  return 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
