/**
 * An open-loop client: requests leave at a steady rate whatever the answers' speed, as real clients do,
 * up to a cap of requests in flight (beyond it a request is counted as shed, not queued). Each answer is
 * checked against what its request must get and reported with its latency.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import type { RequestKind, SoakRequest, TrafficMix } from './traffic-mix.js';

export interface Outcome {
  readonly kind: RequestKind;
  /** 0 when the request failed at the transport (reset, refused, timed out). */
  readonly status: number;
  readonly ms: number;
  /** The `x-sluice-cache` header: `hit-exact`, `hit-semantic`, `miss`, `bypass`; absent on refusals. */
  readonly cache: string | undefined;
  /** Why the answer is not the one the request must get; undefined when it is. */
  readonly problem: string | undefined;
}

/** Requests the client lets wait at once; beyond them it sheds (counts and skips) rather than queue without end. */
export const MAX_WAITING = 1000;
const TICK_MS = 20;
const REQUEST_TIMEOUT_MS = 30_000;

export class PacedClient {
  inFlight = 0;
  /** Requests not sent because `maxInFlight` were already waiting. */
  shed = 0;
  readonly #agent = new Agent({ connections: 64, keepAliveTimeout: 10_000, pipelining: 1 });

  constructor(
    readonly url: string,
    readonly mix: TrafficMix,
    readonly perSecond: number,
    readonly maxInFlight: number,
    readonly onOutcome: (outcome: Outcome) => void,
  ) {}

  /** Sends for `ms` (or until `stopped()`), then waits at most 30 s for the answers in flight. */
  async run(ms: number, stopped: () => boolean): Promise<void> {
    const start = performance.now();
    let issued = 0;
    for (let elapsed = 0; elapsed < ms && !stopped(); elapsed = performance.now() - start) {
      const due = Math.floor((elapsed / 1000) * this.perSecond);
      for (; issued < due; issued++) {
        if (this.inFlight >= this.maxInFlight) this.shed++;
        else void this.#send(this.mix.next());
      }
      await sleep(TICK_MS);
    }
    for (const deadline = Date.now() + REQUEST_TIMEOUT_MS; this.inFlight > 0 && Date.now() < deadline;) await sleep(50);
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }

  async #send(soak: SoakRequest): Promise<void> {
    this.inFlight++;
    const started = performance.now();
    let outcome: Outcome;
    try {
      const response = await request(`${this.url}/v1/chat/completions`, {
        method: 'POST',
        body: soak.body,
        headers: soak.headers,
        dispatcher: this.#agent,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      });
      const text = await response.body.text();
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      let problem: string | undefined;
      try {
        problem = soak.check(response.statusCode, header('content-type') ?? '', text);
      } catch (error) {
        problem = `unreadable answer (${(error as Error).message}): ${text.slice(0, 120)}`;
      }
      outcome = {
        kind: soak.kind,
        status: response.statusCode,
        ms: performance.now() - started,
        cache: header('x-sluice-cache'),
        problem,
      };
    } catch (error) {
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      outcome = {
        kind: soak.kind,
        status: 0,
        ms: performance.now() - started,
        cache: undefined,
        problem: `transport: ${reason}`,
      };
    }
    this.inFlight--;
    this.onOutcome(outcome);
  }
}
