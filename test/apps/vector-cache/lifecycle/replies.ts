/** What an answer of the service must be: a status and, for an error, the code the docs give that status. */
import assert from 'node:assert/strict';
import type { LiveReply } from './live-service.js';

const CODES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  503: 'UNAVAILABLE',
};

/** Asserts `reply` has `status` (and, for an error, the code of that status); `what` names the request. */
export function expectStatus(reply: LiveReply, status: number, what: string): void {
  assert.equal(reply.status, status, `${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 500)}`);
  const code = CODES[status];
  if (code !== undefined) assert.equal(errorCode(reply), code, `${what}: ${reply.text.slice(0, 500)}`);
}

/** Asserts `reply` has one of `statuses`; returns the one it has. */
export function expectOneOf<S extends number>(reply: LiveReply, statuses: readonly S[], what: string): S {
  assert.ok(
    (statuses as readonly number[]).includes(reply.status),
    `${what}: expected ${statuses.join(' or ')}, got ${reply.status} ${reply.text.slice(0, 500)}`,
  );
  expectStatus(reply, reply.status, what);
  return reply.status as S;
}

/**
 * A save the disk cannot take is refused with 503 `UNAVAILABLE`: never acknowledged, never a 4xx (the request
 * was right) and never 500, which the docs keep for faults of the service itself.
 */
export function expectDiskRefusal(reply: LiveReply, what: string): void {
  expectStatus(reply, 503, `${what} on a failing disk`);
}

function errorCode(reply: LiveReply): unknown {
  return (reply.body as { error?: { code?: unknown } } | null)?.error?.code;
}
