/** Counts the requests of a data route and those refused, whatever refused them. */
import type { Middleware } from 'koa';
import type { Counter } from 'prom-client';

/**
 * Mounted before the key check, so a request refused for its key counts too: a client with a wrong key
 * shows up as errors of the operation it tried. Requests refused before routing (unknown routes, a service
 * shutting down) belong to no operation and count nowhere.
 * @example
 * router.post('/v1/search', countedIn(metrics.searchRequests, metrics.searchErrors), app, handler);
 */
export function countedIn(requests: Counter, errors?: Counter): Middleware {
  return async (_ctx, next) => {
    requests.inc();
    try {
      await next();
    } catch (error) {
      errors?.inc();
      throw error;
    }
  };
}
