import assert from 'node:assert/strict';
import {
  defineErrors,
  errorEnvelope,
  GatewayError,
  KERNEL_ERRORS,
  registeredError,
  registeredErrors,
  toGatewayError,
  type ErrorCode,
} from '@sluice/core';

/** Codes these tests register live for the whole process: each name is used once. */
const TEAPOT = {
  status: 418,
  type: 'policy_error',
  message: 'The request asked for coffee.',
  description: 'A teapot refused to brew coffee.',
} as const;

describe('errors', () => {
  it('answers with the OpenAI-style envelope', () => {
    assert.deepEqual(errorEnvelope('upstream_unavailable'), {
      error: {
        message: KERNEL_ERRORS.upstream_unavailable.message,
        type: 'upstream_error',
        code: 'upstream_unavailable',
        param: null,
      },
    });
    const error = new GatewayError('shutting_down');
    assert.equal(error.status, 503);
    assert.equal(error.expose, true);
    assert.deepEqual(error.reply(), { status: 503, body: errorEnvelope('shutting_down') });
  });

  it('passes a provider error through with its status', () => {
    const body = { error: { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key', param: null } };
    assert.deepEqual(new GatewayError('upstream_unavailable', { passthrough: { status: 401, body } }).reply(), {
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

describe('errors: the registry', () => {
  it('answers with a code a package defined, its status and type', () => {
    const table = defineErrors('@acme/teapot', { teapot_refused: TEAPOT });
    assert.deepEqual(table.teapot_refused, { code: 'teapot_refused', owner: '@acme/teapot', ...TEAPOT });
    assert.equal(registeredError('teapot_refused'), table.teapot_refused);
    assert.ok(registeredErrors().includes(table.teapot_refused));
    const error = new GatewayError('teapot_refused', { guard: 'teapot' });
    assert.deepEqual(error.reply(), {
      status: 418,
      body: { error: { message: TEAPOT.message, type: 'policy_error', code: 'teapot_refused', param: null, guard: 'teapot' } },
    });
    assert.ok(Object.isFrozen(table) && Object.isFrozen(table.teapot_refused));
  });

  it('fails loudly on a code no package registered', () => {
    assert.throws(() => new GatewayError('no_such_code'), {
      name: 'TypeError',
      message: /error code "no_such_code" is not registered: define it with defineErrors/,
    });
    assert.throws(() => errorEnvelope('no_such_code'), /not registered/);
    assert.equal(registeredError('no_such_code'), undefined);
  });

  it('refuses a code another owner defined, naming both owners', () => {
    defineErrors('@acme/first', { contested_code: TEAPOT });
    assert.throws(() => defineErrors('@acme/second', { second_only_code: TEAPOT, contested_code: TEAPOT }), {
      message: 'error code "contested_code" is defined by both @acme/first and @acme/second',
    });
    assert.equal(registeredError('contested_code')?.owner, '@acme/first');
    assert.equal(registeredError('second_only_code'), undefined, 'a refused table registers none of its codes');
  });

  it('refuses a kernel code defined again by a plugin', () => {
    assert.throws(
      () => defineErrors('@acme/guard', { plugin_request_blocked: TEAPOT }),
      /defined by both @sluice\/core and @acme\/guard/,
    );
  });

  it('takes the same definition again from its owner (a package installed twice), not a different one', () => {
    const first = defineErrors('@acme/twice', { twice_defined: TEAPOT });
    assert.equal(defineErrors('@acme/twice', { twice_defined: TEAPOT }).twice_defined, first.twice_defined);
    assert.throws(() => defineErrors('@acme/twice', { twice_defined: { ...TEAPOT, status: 409 } }), /different meanings/);
  });

  it('refuses a malformed definition', () => {
    assert.throws(() => defineErrors('@acme/bad', { BadCode: TEAPOT }), /lower-case words/);
    assert.throws(() => defineErrors('@acme/bad', { ok_status: { ...TEAPOT, status: 200 } }), /HTTP error status/);
    assert.throws(() => defineErrors('@acme/bad', { no_description: { ...TEAPOT, description: ' ' } }), /non-empty description/);
    assert.throws(() => defineErrors('', { no_owner: TEAPOT }), /owner must be a package name/);
  });
});
