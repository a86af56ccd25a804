import assert from 'node:assert/strict';
import { limitError, limitMessage } from '../../../plugins/client-limits/src/rejection.js';

describe('client limits: refusals', () => {
  it('answer OpenAI shapes: requests and request slots type requests, tokens type tokens, budgets insufficient_quota', () => {
    const shape = (limit: 'requests' | 'tokens' | 'concurrency' | 'budget') => {
      const error = limitError({ scope: 'key', id: 'app', limit, value: 10, used: 10, retryAfterSeconds: 7, period: 'day' });
      const { status, body } = error.reply();
      const { code, type, param } = (body as { error: { code: string; type: string; param: null } }).error;
      return { status, code, type, param, retryAfter: error.headers?.['retry-after'], errorCode: error.code };
    };
    const rate = { status: 429, code: 'rate_limit_exceeded', param: null, retryAfter: '7', errorCode: 'rate_limit_exceeded' };
    assert.deepEqual(shape('requests'), { ...rate, type: 'requests' });
    assert.deepEqual(shape('concurrency'), { ...rate, type: 'requests' });
    assert.deepEqual(shape('tokens'), { ...rate, type: 'tokens' });
    assert.deepEqual(shape('budget'), {
      status: 429,
      code: 'insufficient_quota',
      type: 'insufficient_quota',
      param: null,
      retryAfter: '7',
      errorCode: 'insufficient_quota',
    });
  });

  it('say which limit of whose, and show an id bounded, without quotes or control characters', () => {
    assert.equal(
      limitMessage({
        scope: 'tenant',
        id: 'acme',
        limit: 'budget',
        value: 500,
        used: 512,
        retryAfterSeconds: 60,
        period: 'month',
      }),
      'The spend budget of tenant "acme" for this calendar month (UTC) is used up: 512 of 500 micro-USD spent. It renews in 60 s.',
    );
    const shown = limitMessage({
      scope: 'tenant',
      id: `a"b\n${'x'.repeat(500)}`,
      limit: 'requests',
      value: 1,
      used: 1,
      retryAfterSeconds: 1,
    });
    assert.match(shown, /tenant "a\?b\?x+…"/);
    assert.ok(shown.length < 200, shown);
  });
});
