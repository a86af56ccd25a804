import assert from 'node:assert/strict';
import { ServiceHttpError, serviceErrorBody } from '@sluice/module-server';

describe('module server: the service error envelope', () => {
  it('is {error: {code, message}}, with details only when given', () => {
    assert.deepEqual(serviceErrorBody('not_found', 'No such route.'), {
      error: { code: 'not_found', message: 'No such route.' },
    });
    assert.deepEqual(serviceErrorBody('INVALID_ARGUMENT', 'bad k', { field: 'k' }), {
      error: { code: 'INVALID_ARGUMENT', message: 'bad k', details: { field: 'k' } },
    });
  });

  it('carries details when a service gives them', () => {
    // #region throw
    const error = new ServiceHttpError(409, 'already_exists', 'The id is in use.', { id: 7 });
    // 409 {"error":{"code":"already_exists","message":"The id is in use.","details":{"id":7}}}
    // #endregion throw
    assert.equal(error.status, 409);
    assert.equal(
      JSON.stringify(error.body()),
      '{"error":{"code":"already_exists","message":"The id is in use.","details":{"id":7}}}',
    );
  });

  it('is what a ServiceHttpError answers, with its status, exposed like a Koa error', () => {
    const error = new ServiceHttpError(413, 'too_large', 'The body is larger than 10 bytes.');
    assert.equal(error.status, 413);
    assert.equal(error.expose, true);
    assert.deepEqual(error.body(), { error: { code: 'too_large', message: 'The body is larger than 10 bytes.' } });
  });
});
