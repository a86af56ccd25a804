/**
 * A concurrent mixed write load (insert, upsert, delete) over HTTP that remembers, for every id, the last
 * acknowledged state and the write still in flight, so a restart after a crash can be judged id by id.
 */
import { call } from './service-process.js';
import { entryBody, hasVectorOf, holds, type ExpectedEntry, type StoredEntry } from './store-contents.js';

/** A reproducible stream of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An id's state: its entry, or undefined while it is absent. */
type State = ExpectedEntry | undefined;

interface IdHistory {
  acked: State;
  /** The write sent and not answered: the id may hold its result or still the acknowledged state. */
  inFlight?: { readonly op: string; readonly result: State };
}

const IDS_PER_CLIENT = 12;
const BIG = 2 ** 40;

/**
 * Each client owns its ids (so an id has at most one write in flight) and writes one at a time until stopped
 * or until a request fails at the transport (the server died): that write stays in flight.
 * @example
 * const load = new WriteLoad(url, 16, seededRandom(7));
 * const running = load.run();
 * // … kill the server …
 * load.stop(); await running;
 */
export class WriteLoad {
  readonly ids = new Map<number, IdHistory>();
  /** Answers no correct server gives (e.g. 409 for an insert of an absent id); any one fails the test. */
  readonly unexpected: string[] = [];
  acknowledged = 0;
  #stopped = false;
  #version = 0;

  constructor(
    readonly url: string,
    readonly clients: number,
    readonly random: () => number,
  ) {
    for (let c = 0; c < clients; c++) for (const id of this.idsOf(c)) this.ids.set(id, { acked: undefined });
  }

  idsOf(client: number): number[] {
    const ids = Array.from({ length: IDS_PER_CLIENT }, (_, i) => 1 + client + i * this.clients);
    return [...ids, BIG + client];
  }

  /** Runs every client until `stop()` or a transport failure; never rejects. May run again after a stop. */
  async run(): Promise<void> {
    this.#stopped = false;
    await Promise.all(Array.from({ length: this.clients }, (_, c) => this.#client(this.idsOf(c))));
  }

  stop(): void {
    this.#stopped = true;
  }

  /** Writes still in flight. */
  get inFlight(): number {
    return [...this.ids.values()].filter((history) => history.inFlight !== undefined).length;
  }

  /** The acknowledged entries, by id (what a server must hold once no write is in flight). */
  acknowledgedEntries(): Map<number, ExpectedEntry> {
    const entries = new Map<number, ExpectedEntry>();
    for (const [id, history] of this.ids) if (history.acked !== undefined) entries.set(id, history.acked);
    return entries;
  }

  /** Every way the restarted `stored` entries differ from what the writes allow; empty when none. */
  judge(stored: readonly StoredEntry[]): string[] {
    const problems: string[] = [];
    const byId = new Map(stored.map((entry) => [entry.id, entry]));
    for (const entry of stored) if (!this.ids.has(entry.id)) problems.push(`id ${entry.id} was never written`);
    for (const [id, history] of this.ids) {
      const actual = byId.get(id);
      const matches = (state: State) =>
        state === undefined ? actual === undefined : actual !== undefined && holds(actual, state);
      if (matches(history.acked)) continue;
      if (history.inFlight !== undefined && matches(history.inFlight.result)) continue;
      const now = actual === undefined ? 'absent' : JSON.stringify(actual.payload);
      const inFlight =
        history.inFlight === undefined
          ? ''
          : `, or the ${history.inFlight.op} in flight (${JSON.stringify(history.inFlight.result)})`;
      problems.push(`id ${id} is ${now}; allowed: ${JSON.stringify(history.acked) ?? 'absent'}${inFlight}`);
    }
    return problems;
  }

  /**
   * Why `entry` is not one whole write this load sent (its answer, tokens and vector all of one version), or
   * undefined. A set saved at any instant holds only such entries; one mixing two saves would not.
   */
  notOneWrite(entry: StoredEntry): string | undefined {
    const { answer, prompt_tokens, answer_tokens } = entry.payload;
    const version = Number(/^id (\d+) version (\d+)$/.exec(answer)?.[2] ?? Number.NaN);
    const sent = this.ids.has(entry.id) && answer === `id ${entry.id} version ${version}` && version <= this.#version;
    if (!sent) return `id ${entry.id} holds an answer no write sent: ${JSON.stringify(answer)}`;
    const tokens =
      prompt_tokens === undefined ? answer_tokens === undefined : prompt_tokens === version % 97 && answer_tokens === 3;
    if (!tokens) return `id ${entry.id} holds tokens of another write than its answer's: ${JSON.stringify(entry.payload)}`;
    if (!hasVectorOf(entry, version))
      return `id ${entry.id} holds a vector of another write than its answer's (version ${version})`;
    return undefined;
  }

  async #client(ids: readonly number[]): Promise<void> {
    while (!this.#stopped) {
      const id = ids[Math.floor(this.random() * ids.length)]!;
      const history = this.ids.get(id)!;
      const roll = this.random();
      const present = history.acked !== undefined;
      const op = present ? (roll < 0.6 ? 'upsert' : 'delete') : roll < 0.7 ? 'insert' : 'upsert';
      const version = ++this.#version;
      const result: State =
        op === 'delete'
          ? undefined
          : {
              answer: `id ${id} version ${version}`,
              version,
              ...(roll < 0.3 ? { prompt_tokens: version % 97, answer_tokens: 3 } : {}),
            };
      history.inFlight = { op, result };
      let reply;
      try {
        reply = await call(this.url, 'POST', `/v1/${op}`, result === undefined ? { ext_id: id } : entryBody(id, result));
      } catch {
        return; // the server is gone: this write stays in flight
      }
      const expected = op === 'delete' ? { deleted: true, ok: true } : { ok: true };
      if (reply.status !== 200 || JSON.stringify(reply.body) !== JSON.stringify(expected)) {
        this.unexpected.push(`${op} ${id}: ${reply.status} ${reply.text}`);
        return;
      }
      history.acked = result;
      delete history.inFlight;
      this.acknowledged++;
    }
  }
}
