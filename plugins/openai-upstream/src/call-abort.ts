/**
 * One abort signal for a whole upstream call: the client leaving or the call's deadline aborts it. On
 * Node 20, `AbortSignal.timeout` with `AbortSignal.any` cost several times as much per call (weak
 * references, a finalization registry, an unref'd timer) as one controller, one timer and one listener.
 */
export class CallAbort {
  readonly #controller = new AbortController();
  readonly #client: AbortSignal;
  readonly #timer: ReturnType<typeof setTimeout>;
  #timedOut = false;

  /**
   * @example
   * const call = new CallAbort(exchange.signal, 60_000);
   * try { await pool.request({ …, signal: call.signal }); } finally { call.dispose(); }
   */
  constructor(client: AbortSignal, timeoutMs: number) {
    this.#client = client;
    this.#timer = setTimeout(this.#expire, timeoutMs);
    if (client.aborted) this.#controller.abort(client.reason);
    else client.addEventListener('abort', this.#clientLeft, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The deadline passed before the call ended. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** Ends the deadline and stops listening to the client; call it however the call ended. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#client.removeEventListener('abort', this.#clientLeft);
  }

  readonly #expire = (): void => {
    this.#timedOut = true;
    // The reason AbortSignal.timeout gives, so a timed-out call fails with the same cause as before.
    this.#controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  };

  readonly #clientLeft = (): void => {
    this.#controller.abort(this.#client.reason);
  };
}
