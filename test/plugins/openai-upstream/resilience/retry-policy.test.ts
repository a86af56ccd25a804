import assert from 'node:assert/strict';
import { GatewayError } from '@sluice/core';
import '@sluice/plugin-openai-upstream';
import { judgeFailure, retryWait } from '../../../../plugins/openai-upstream/src/retry-policy.js';
import { retryAfterMs } from '../../../../plugins/openai-upstream/src/upstream-attempt.js';

const judge = (code: string, status?: number, streamStarted = false) =>
  judgeFailure(new GatewayError(code as never), {
    timeoutMs: 1000,
    ...(status === undefined ? {} : { status }),
    ...(streamStarted ? { streamStarted } : {}),
  });

describe('openai-upstream: what a failed call leads to', () => {
  it('retries connection failures, timeouts before a reply, 429 and 500/502/503/504', () => {
    for (const [code, status] of [
      ['upstream_connect_error', undefined],
      ['upstream_timeout', undefined],
      ['upstream_rate_limited', 429],
      ['upstream_server_error', 500],
      ['upstream_server_error', 502],
      ['upstream_server_error', 503],
      ['upstream_server_error', 504],
    ] as const) {
      assert.deepEqual(judge(code, status), { retry: true, fallback: true, breaker: 'failure' }, `${code} ${status}`);
    }
  });

  it('falls back without retrying on what a retry would meet again', () => {
    for (const [code, status] of [
      ['upstream_dns_error', undefined],
      ['upstream_tls_error', undefined],
      ['upstream_server_error', 501],
      ['upstream_invalid_response', 200],
      // The body stalled after the reply began: the same call would wait as long again.
      ['upstream_timeout', 200],
      ['upstream_timeout', 503],
    ] as const) {
      assert.deepEqual(judge(code, status), { retry: false, fallback: true, breaker: 'failure' }, `${code} ${status}`);
    }
  });

  it('passes a 4xx other than 429 through at once, the upstream counted as healthy', () => {
    for (const [code, status] of [
      ['upstream_bad_request', 400],
      ['upstream_authentication_error', 401],
      ['upstream_not_found', 404],
      ['upstream_bad_request', 422],
    ] as const) {
      assert.deepEqual(judge(code, status), { retry: false, fallback: false, breaker: 'success' }, `${code} ${status}`);
    }
  });

  it('never tries again once a stream has begun, nor when the client has left', () => {
    assert.deepEqual(judge('upstream_stream_incomplete', 200, true), { retry: false, fallback: false, breaker: 'failure' });
    assert.deepEqual(judge('upstream_timeout', 200, true), { retry: false, fallback: false, breaker: 'failure' });
    assert.deepEqual(judge('upstream_stream_too_large', 200, true), { retry: false, fallback: false, breaker: 'neutral' });
    assert.deepEqual(judge('client_closed_request'), { retry: false, fallback: false, breaker: 'neutral' });
  });

  it('waits half to all of the doubled base, capped, and at least what Retry-After asked', () => {
    const backoff = { baseMs: 100, maxMs: 1000 };
    assert.equal(
      retryWait(0, undefined, backoff, () => 0),
      50,
    );
    assert.equal(
      retryWait(0, undefined, backoff, () => 1),
      100,
    );
    assert.equal(
      retryWait(2, undefined, backoff, () => 1),
      400,
    );
    assert.equal(
      retryWait(8, undefined, backoff, () => 1),
      1000,
    );
    assert.equal(
      retryWait(8, undefined, backoff, () => 0),
      500,
    );
    assert.equal(
      retryWait(0, 700, backoff, () => 0),
      700,
    );
    assert.equal(
      retryWait(0, 1000, backoff, () => 0),
      1000,
    );
    // Asked for longer than the cap: not retried on this upstream.
    assert.equal(
      retryWait(0, 1001, backoff, () => 0),
      undefined,
    );
  });

  it('reads Retry-After as seconds or an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterMs({ 'retry-after': '2' }, now), 2000);
    assert.equal(retryAfterMs({ 'retry-after': '0.5' }, now), 500);
    assert.equal(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now), 3000);
    assert.equal(retryAfterMs({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now), 0);
    assert.equal(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' }, now), 250);
    assert.equal(retryAfterMs({ 'retry-after': 'soon' }, now), undefined);
    assert.equal(retryAfterMs({ 'retry-after': '-1' }, now), undefined);
    assert.equal(retryAfterMs({}, now), undefined);
  });
});
