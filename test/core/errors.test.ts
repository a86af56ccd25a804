import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERRORS, errorEnvelope, GatewayError, toGatewayError, type ErrorCode } from '@sluice/core';

describe('errors', () => {
  it('lists every identifier in docs/reference/errors.md with its status', () => {
    const doc = readFileSync(new URL('../../docs/reference/errors.md', import.meta.url), 'utf8');
    const rows = new Map([...doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
    for (const [code, definition] of Object.entries(ERRORS))
      assert.equal(rows.get(code), definition.status, `errors.md row for ${code}`);
    assert.equal(rows.size, Object.keys(ERRORS).length, 'errors.md lists no identifier the code lacks');
  });

  it('answers with the OpenAI-style envelope', () => {
    assert.deepEqual(errorEnvelope('model_not_allowed'), {
      error: { message: ERRORS.model_not_allowed.message, type: 'invalid_request_error', code: 'model_not_allowed', param: null },
    });
    const error = new GatewayError('upstream_timeout');
    assert.equal(error.status, 504);
    assert.equal(error.expose, true);
    assert.deepEqual(error.reply(), { status: 504, body: errorEnvelope('upstream_timeout') });
  });

  it('passes a provider error through with its status', () => {
    const body = { error: { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key', param: null } };
    assert.deepEqual(new GatewayError('upstream_authentication_error', { passthrough: { status: 401, body } }).reply(), {
      status: 401,
      body,
    });
  });

  it('hides the message of an unknown error', () => {
    const error = toGatewayError(new Error('db password is hunter2'));
    assert.equal(error.code, 'internal_error' satisfies ErrorCode);
    assert.doesNotMatch(JSON.stringify(error.reply()), /hunter2/);
  });
});
