/** Graceful shutdown: refuse new requests, let those in flight finish (up to a timeout), close the server. */
import type { Server } from 'node:http';
import type { Middleware } from 'koa';
import { ServiceError } from './service-error.js';

/**
 * @example
 * const drain = new Drain();
 * app.middleware.unshift(drain.middleware());
 * await drain.close(server, 10_000);
 */
export class Drain {
  #draining = false;
  #inFlight = 0;
  #idle: (() => void) | undefined;

  get draining(): boolean {
    return this.#draining;
  }

  middleware(): Middleware {
    return async (ctx, next) => {
      if (this.#draining) {
        ctx.set('connection', 'close');
        throw new ServiceError('UNAVAILABLE', 'The service is shutting down.');
      }
      this.#inFlight++;
      const written = new Promise<void>((resolve) => ctx.res.once('close', () => resolve()));
      try {
        await next();
      } finally {
        // Koa writes the response after the middleware returns: a request counts until its response is out
        // (or its client is gone), else closing every connection would cut off the last response.
        void written.then(() => {
          if (--this.#inFlight === 0) this.#idle?.();
        });
      }
    };
  }

  /** Stops accepting, waits for in-flight requests (at most `timeoutMs`), then closes every connection. */
  async close(server: Server, timeoutMs: number): Promise<void> {
    this.#draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idle = new Promise<void>((resolve) => {
      if (this.#inFlight === 0) resolve();
      else this.#idle = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([idle, timeout]);
    clearTimeout(timer);
    server.closeAllConnections();
    await closed;
  }
}
