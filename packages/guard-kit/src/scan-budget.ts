/**
 * What a guard may spend on one request: a limit on the characters it scans per stage, and turns on the
 * event loop for large scans, so a large request neither holds the loop for its whole scan nor keeps
 * being scanned once its client has gone.
 *
 * A scan larger than one chunk runs chunk by chunk, one chunk per turn of the event loop, and the loop
 * polls sockets between turns: closed clients are noticed, and `/healthz` answers, while a large scan
 * runs. Turns go to requests in the order their first large scan asked for one, so the guards of a
 * request that started finish before a later request's start, and a request whose client left while it
 * waited is never scanned at all.
 * A small scan (one chunk or less) runs at once and never waits.
 */
import { GatewayError } from '@sluice/core';
import type { Exchange } from '@sluice/core';

/**
 * Characters one guard scans of one stage of a request by default: 1 MiB, the default
 * `max_request_body_bytes`. A JSON body's string contents never hold more characters than the body
 * has bytes, so with the default body limit no request runs out of budget; the budget bounds what a
 * raised body limit, or a large upstream answer, can cost.
 * @example
 * const plan = planScan(texts, options.maxScanChars ?? DEFAULT_MAX_SCAN_CHARS);
 */
export const DEFAULT_MAX_SCAN_CHARS = 1024 * 1024;

/**
 * Characters scanned per turn of the event loop in a large scan (a few milliseconds of work).
 * @example
 * const takesTurns = text.length > SCAN_CHUNK_CHARS; // chunkText(text) gives more than one chunk
 */
export const SCAN_CHUNK_CHARS = 64 * 1024;

/**
 * Characters each chunk of a long text repeats from the end of the one before, so a phrase cut by a
 * chunk boundary is still seen whole by one of the two chunks.
 */
export const SCAN_CHUNK_OVERLAP_CHARS = 2 * 1024;

/** How far back from a cut a chunk boundary looks for white space, so a word or encoded blob is not split. */
const BOUNDARY_SEARCH_CHARS = 1024;

/**
 * The texts a guard scans within its budget.
 * @example
 * const plan: ScanPlan = planScan(texts, maxScanChars);
 * const findings = plan.scanned.flatMap((text) => scan(text));
 * if (!plan.complete) metrics.budgetExhausted('security', 'request', failOpen ? 'failed_open' : 'failed_closed');
 */
export interface ScanPlan {
  /** Each text's part that is scanned: the whole text, a prefix of the text that crossed the limit, or ''. */
  readonly scanned: readonly string[];
  /** Each text's part that is not scanned (what follows `scanned[i]`). */
  readonly unscanned: readonly string[];
  /** Characters of all texts. */
  readonly totalChars: number;
  /** Characters of the scanned parts. */
  readonly scannedChars: number;
  /** True when every text is scanned whole. */
  readonly complete: boolean;
}

/**
 * Fits texts into a budget of characters, in order; the text that crosses the limit is cut at white
 * space near it when there is some.
 * @example
 * const plan = planScan(['hello', 'a long text…'], 1_048_576);
 * if (!plan.complete && !failOpen) throw new GatewayError('request_too_large_to_scan');
 */
export function planScan(texts: readonly string[], maxChars: number): ScanPlan {
  const scanned: string[] = [];
  const unscanned: string[] = [];
  let totalChars = 0;
  let scannedChars = 0;
  let full = false;
  for (const text of texts) {
    totalChars += text.length;
    const left = maxChars - scannedChars;
    const cut = full ? 0 : text.length <= left ? text.length : cutBefore(text, left);
    scanned.push(cut === text.length ? text : text.slice(0, cut));
    unscanned.push(cut === text.length ? '' : text.slice(cut));
    scannedChars += cut;
    // Once a text is cut, later texts are not scanned, even short ones: the scan reads a prefix of the request.
    if (cut < text.length) full = true;
  }
  return { scanned, unscanned, totalChars, scannedChars, complete: scannedChars === totalChars };
}

/**
 * A long text as overlapping chunks of at most `SCAN_CHUNK_CHARS` characters, cut at white space where
 * there is some; a text of one chunk or less is itself. A match that fits in the overlap is found by
 * both chunks around a boundary, so its count may be one higher; what is found is never less.
 * @example
 * chunkText('x'.repeat(200_000)).length // 4
 */
export function chunkText(text: string, size = SCAN_CHUNK_CHARS, overlap = SCAN_CHUNK_OVERLAP_CHARS): string[] {
  if (text.length <= size) return [text];
  const chunks: string[] = [];
  let from = 0;
  while (from < text.length) {
    const end = from + size >= text.length ? text.length : from + cutBefore(text.slice(from, from + size), size);
    chunks.push(text.slice(from, end));
    if (end >= text.length) break;
    // The next chunk starts at white space about `overlap` characters before the cut, and always moves on.
    const back = Math.max(from + 1, end - overlap);
    const space = text.slice(back, end).search(/\s/);
    from = space < 0 ? back : back + space;
  }
  return chunks;
}

/** The position at most `limit` where a text is best cut: just after the last white space near it. */
function cutBefore(text: string, limit: number): number {
  if (limit <= 0) return 0;
  const window = text.slice(Math.max(0, limit - BOUNDARY_SEARCH_CHARS), limit);
  for (let i = window.length - 1; i >= 0; i -= 1) {
    if (/\s/.test(window[i]!)) return limit - window.length + i + 1;
  }
  return limit;
}

/** Turns of the event loop for large scans: one chunk per turn, earliest request first. */
class ScanTurns {
  #waiting: { ticket: number; resolve: () => void }[] = [];
  #scheduled = false;
  #tickets = 0;
  /** Every guard of a request, and each of its stages, keeps the request's place. */
  readonly #ticketOf = new WeakMap<Exchange, number>();

  ticket(exchange: Exchange): number {
    let ticket = this.#ticketOf.get(exchange);
    if (ticket === undefined) {
      this.#tickets += 1;
      ticket = this.#tickets;
      this.#ticketOf.set(exchange, ticket);
    }
    return ticket;
  }

  /** Resolves in a later turn of the event loop, after it has polled sockets, lowest ticket first. */
  wait(ticket: number): Promise<void> {
    return new Promise((resolve) => {
      const at = this.#waiting.findIndex((w) => w.ticket > ticket);
      this.#waiting.splice(at < 0 ? this.#waiting.length : at, 0, { ticket, resolve });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    // Twice: an immediate set while the loop polls runs before the next poll; the second runs after it.
    setImmediate(() =>
      setImmediate(() => {
        this.#scheduled = false;
        this.#waiting.shift()?.resolve();
        this.#schedule();
      }),
    );
  }
}

const turns = new ScanTurns();

/**
 * One guard's scan of one stage of a request: call `next()` before each unit of work (a message, a
 * chunk). It throws `client_closed_request` once the client has gone, so the scan stops there and the
 * kernel ends the request as abandoned; in a large scan it first waits for the scan's turn.
 * @example
 * const run = new ScanRun(exchange, plan.scannedChars, () => metrics.abandoned('security', 'request'));
 * for (const chunk of chunks) {
 *   await run.next();
 *   replies.push(engine.scan({ stage: 'request', messages: [{ role, content: chunk }] }));
 * }
 */
export class ScanRun {
  readonly #exchange: Exchange;
  readonly #onAbandoned: () => void;
  readonly #ticket: number | undefined;

  /** `chars`: what the whole scan will read; more than one chunk makes it a large scan that takes turns. */
  constructor(exchange: Exchange, chars: number, onAbandoned: () => void) {
    this.#exchange = exchange;
    this.#onAbandoned = onAbandoned;
    this.#ticket = chars > SCAN_CHUNK_CHARS ? turns.ticket(exchange) : undefined;
  }

  /** True when the scan takes turns on the event loop. */
  get large(): boolean {
    return this.#ticket !== undefined;
  }

  async next(): Promise<void> {
    this.stopIfAbandoned();
    if (this.#ticket === undefined) return;
    await turns.wait(this.#ticket);
    this.stopIfAbandoned();
  }

  /** Throws `client_closed_request`, counted once, when the client has gone. */
  stopIfAbandoned(): void {
    if (!this.#exchange.aborted) return;
    this.#onAbandoned();
    throw new GatewayError('client_closed_request');
  }
}
