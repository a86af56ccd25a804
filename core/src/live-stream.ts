/**
 * Whether a streamed answer reaches the client as it arrives or only once it is whole. A host offers a
 * live sink for a streamed request; any tap that needs the whole answer (a response scan, a restore)
 * holds it during `preGuard`; an upstream tap writes to the sink only when nothing held it.
 */
import type { ChatCompletionChunk } from './chat.js';

/**
 * Where an upstream tap sends the answer's chunks while they arrive, offered by the host
 * (`ExchangeInit.liveStream`) and handed out by `exchange.liveStream` only when no tap held the
 * answer. The first `write` commits the reply: status 200 and the headers known then go out, and from
 * then on the reply can only go on or end with an error event, never be retried or replaced.
 * @example
 * const live = exchange.liveStream;
 * for await (const chunk of providerChunks) {
 *   assembler.add(chunk);
 *   live?.write(chunk);
 * }
 * if (live?.started) evidence.committed_to_client = true;
 */
export interface LiveStream {
  /** Sends one chunk to the client now; chunks are written in the order they are given. */
  write(chunk: ChatCompletionChunk): void;
  /** Whether any byte of the answer reached the client (the first `write` happened). */
  readonly started: boolean;
}

/**
 * One exchange's delivery state, kept by the exchange: the sink the host offered and the holds taps
 * declared. Read it through `exchange.holdResponse`, `exchange.liveStream`, `exchange.responseHolds`
 * and `exchange.committedToClient`.
 * @example
 * const delivery = new ResponseDelivery(sink);
 * delivery.hold('response_scan');
 * delivery.live; // undefined: the answer is held whole
 */
export class ResponseDelivery {
  readonly #sink: LiveStream | undefined;
  #holds: string[] | undefined;

  constructor(sink?: LiveStream) {
    this.#sink = sink;
  }

  /**
   * Keeps the answer whole until the kernel is done with it. Too late once a byte was sent: a tap that
   * holds must do it before the upstream runs (during `preGuard`).
   */
  hold(reason: string): void {
    if (this.#sink?.started === true) throw new Error(`holdResponse(${JSON.stringify(reason)}): the answer is already streaming`);
    (this.#holds ??= []).push(reason);
  }

  /** The reasons given to `hold`, in order; empty when nothing holds the answer. */
  get holds(): readonly string[] {
    return this.#holds ?? [];
  }

  /** The host's sink, unless a tap held the answer. */
  get live(): LiveStream | undefined {
    return this.#holds === undefined ? this.#sink : undefined;
  }

  /** Whether any byte of the answer reached the client. */
  get committed(): boolean {
    return this.#sink?.started === true;
  }
}
