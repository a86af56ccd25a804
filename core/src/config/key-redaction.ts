/**
 * Takes the gateway's own provider key out of text the provider wrote before it reaches a client or a log.
 * Providers quote a wrong key back, whole or as a masked quote (OpenAI: "Incorrect API key provided:
 * sk-abc*****************xyz"); the client of the gateway must learn neither the key nor a piece of it.
 */
import { isPlaceholderKey } from '../provider-base-url.js';

/** What a key, or a piece or a masked quote of it, is replaced with. */
export const REDACTED_KEY = '[redacted]';

/** The shortest run of a key's characters that counts as a piece of it. */
const MIN_PIECE = 8;

/** A masked quote: word characters around a run of `*`, `•` or `x`-style dots, or `...`/`…`. */
const MASKED_QUOTE = /[\w-]*(?:\*{3,}|•{3,}|\.{3}|…)[\w-]*/g;

/**
 * Redacts the keys it is made with from strings and from parsed JSON.
 * @example
 * const redaction = new KeyRedaction(['sk-abcdefghijklmnop1234']);
 * redaction.text('Incorrect API key provided: sk-abcdefghijklmnop1234.'); // 'Incorrect API key provided: [redacted].'
 * redaction.text('Incorrect API key provided: sk-abc********1234.');       // 'Incorrect API key provided: [redacted].'
 */
export class KeyRedaction {
  readonly #keys: readonly string[];
  /** Every piece of MIN_PIECE characters of every key: where a match may start. */
  readonly #pieces: ReadonlySet<string>;

  constructor(keys: readonly (string | undefined)[]) {
    this.#keys = keys.filter((key): key is string => !isPlaceholderKey(key)).map((key) => key.trim());
    const pieces = new Set<string>();
    for (const key of this.#keys) for (let i = 0; i + MIN_PIECE <= key.length; i += 1) pieces.add(key.slice(i, i + MIN_PIECE));
    this.#pieces = pieces;
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

  /** A parsed JSON value with every string in it (names included) redacted; the value itself is not changed. */
  json(value: unknown, depth = 0): unknown {
    if (!this.active) return value;
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null || depth > 64) return value;
    if (Array.isArray(value)) return value.map((item) => this.json(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [this.text(name), this.json(item, depth + 1)]),
    );
  }

  /** Replaces the longest runs of text that are a substring of a key, from MIN_PIECE characters up. */
  #pieceRuns(text: string): string {
    if (this.#pieces.size === 0 || text.length < MIN_PIECE) return text;
    let out = '';
    let copied = 0;
    for (let i = 0; i + MIN_PIECE <= text.length;) {
      if (!this.#pieces.has(text.slice(i, i + MIN_PIECE))) {
        i += 1;
        continue;
      }
      let end = i + MIN_PIECE;
      while (end < text.length && this.#keys.some((key) => key.includes(text.slice(i, end + 1)))) end += 1;
      out += `${text.slice(copied, i)}${REDACTED_KEY}`;
      copied = end;
      i = end;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /** A masked quote whose visible ends are the start and the end of a key (either side may be hidden). */
  #maskedQuotes(text: string): string {
    return text.replace(MASKED_QUOTE, (quote) => {
      const [head = '', tail = ''] = quote.split(/\*{3,}|•{3,}|\.{3}|…/);
      if (head === '' && tail === '') return quote;
      const quotes = this.#keys.some(
        (key) =>
          (head === '' || key.startsWith(head)) &&
          (tail === '' || key.endsWith(tail)) &&
          // A bare "..." between two words is prose: both ends must be the key's.
          (head.length + tail.length >= 4 || (head !== '' && tail !== '')),
      );
      return quotes ? REDACTED_KEY : quote;
    });
  }
}
