/**
 * Well-formed HTTP calls to a service's endpoints with anything a client may vary: the method, the
 * path's case and trailing slash, a query string, headers, and a body where none is expected.
 */
import fc from 'fast-check';
import type { Call } from '../http-call.js';
import { adversarialValue } from './adversarial-json.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** Header names and values node:http will send (visible ASCII), some of them meaningful to the services. */
const header: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.constantFrom(
    ['accept', 'application/json'],
    ['accept', 'text/event-stream'],
    ['accept-encoding', 'gzip, br'],
    ['content-type', 'application/json'],
    ['content-type', 'text/plain'],
    ['x-sluice-cache-bypass', 'yes'],
    ['x-sluice-cache-bypass', '\t1 '],
    ['authorization', 'Bearer '],
    ['authorization', 'Basic Zm9vOmJhcg=='],
    ['x-svc-key', ''],
    ['if-none-match', '*'],
    ['range', 'bytes=0-1'],
    ['origin', 'http://evil.example'],
  ),
  fc.tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.stringMatching(/^[\x21-\x7e]{0,200}$/)),
);

const query: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.webQueryParameters().map((q) => (q === '' ? '' : `?${q}`)),
  fc.constantFrom('?', '?%zz', '?a=%E0%A4%A', '?a[b][c]=1', `?${'k=v&'.repeat(500)}`),
);

/**
 * @param paths the service's endpoints
 * @param keyHeaders headers a request needs to reach past the service's key check, when it has one
 */
export function endpointCalls(
  paths: readonly string[],
  keyHeaders: fc.Arbitrary<Readonly<Record<string, string>>>,
): fc.Arbitrary<Call> {
  return fc
    .record({
      method: fc.oneof({ arbitrary: fc.constant('GET'), weight: 3 }, { arbitrary: fc.constantFrom(...METHODS), weight: 2 }),
      path: fc.constantFrom(...paths),
      variant: fc.constantFrom('as-is', 'as-is', 'as-is', 'slash', 'upper', 'double-slash'),
      query,
      keys: keyHeaders,
      headers: fc.array(header, { maxLength: 4 }),
      body: fc.option(adversarialValue, { nil: undefined, freq: 4 }),
      chunked: fc.boolean(),
    })
    .map(({ method, path, variant, query: q, keys, headers, body, chunked }) => {
      const shaped =
        variant === 'slash'
          ? `${path}/`
          : variant === 'upper'
            ? path.toUpperCase()
            : variant === 'double-slash'
              ? `/${path}`
              : path;
      return {
        method,
        path: shaped + q,
        headers: { ...Object.fromEntries(headers), ...keys },
        ...(body === undefined ? {} : { body, chunked }),
      };
    });
}
