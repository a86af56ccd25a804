import assert from 'node:assert/strict';
import { Exchange, PluginOptionsError, Stage } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from '../../../test/core/kernel-under-test.js';
import { TenantFromJwtPlugin, type TenantFromJwtOptionsInput } from '../src/index.js';
import { now, SECRET, tokenFor, unsignedToken } from './tokens.js';

/** A kernel with the plugin; an admission tap records the tenant it sees. */
function kernelWithPlugin(options: Partial<TenantFromJwtOptionsInput> = {}) {
  const { kernel, events } = kernelUnderTest();
  kernel.use(new TenantFromJwtPlugin({ secret: SECRET, ...options }));
  const seen: string[] = [];
  kernel.hooks.preGuard.tap({ name: 'admission', stage: Stage.ADMISSION }, (exchange) => void seen.push(exchange.tenant));
  kernel.hooks.upstream.tapPromise('upstream', async () => completion());
  const run = async (authorization?: string) => {
    const exchange = new Exchange({ request: chatRequest(), headers: authorization === undefined ? {} : { authorization } });
    await kernel.run(exchange);
    return exchange;
  };
  return { events, seen, run };
}

describe('custom gateway: the tenant-from-JWT plugin on a bare kernel', () => {
  it('sets the tenant from a valid token before admission, and records where it came from', async () => {
    const { run, seen, events } = kernelWithPlugin();
    const exchange = await run(`Bearer ${tokenFor('acme')}`);
    assert.equal(exchange.error, undefined);
    assert.equal(exchange.tenant, 'acme');
    assert.deepEqual(seen, ['acme']);
    const identified = events.find((e) => e.event_type === 'tenant.identified');
    assert.deepEqual(
      { actor: identified?.actor, outcome: identified?.outcome, attributes: identified?.attributes },
      { actor: { tenant_id: 'acme' }, outcome: 'allowed', attributes: { tenant_source: 'jwt' } },
    );
    assert.equal(events.find((e) => e.event_type === 'request.completed')?.actor?.tenant_id, 'acme');
  });

  const refusals: [string, string | undefined, string, RegExp][] = [
    ['no token', undefined, 'TOKEN_MISSING', /bearer token is required/],
    ['an expired token', `Bearer ${tokenFor('acme', { exp: now() - 3600 })}`, 'TOKEN_EXPIRED', /has expired/],
    ['a wrong signature', `Bearer ${tokenFor('acme', {}, 'x'.repeat(40))}`, 'TOKEN_SIGNATURE', /signature does not verify/],
    ['alg none', `Bearer ${unsignedToken({ tenant: 'acme', exp: now() + 60 })}x`, 'TOKEN_ALGORITHM', /must be signed with HS256/],
    ['no tenant claim', `Bearer ${tokenFor('', { tenant: undefined })}`, 'TOKEN_NO_TENANT', /names no tenant/],
    ['a tenant that is no id', `Bearer ${tokenFor('acme/../globex')}`, 'TOKEN_NO_TENANT', /names no tenant/],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`, 'TOKEN_MISSING', /bearer token is required/],
  ];
  for (const [name, authorization, reason, message] of refusals) {
    it(`refuses ${name} with 401 authentication_failed, before anything else runs`, async () => {
      const { run, seen, events } = kernelWithPlugin();
      const exchange = await run(authorization);
      assert.equal(exchange.error?.code, 'authentication_failed');
      assert.equal(exchange.error?.status, 401);
      assert.match(exchange.error?.message ?? '', message);
      assert.deepEqual(seen, []);
      const rejected = events.find((e) => e.event_type === 'tenant.rejected');
      assert.equal(rejected?.decision?.reason_code, reason);
      assert.equal(rejected?.actor?.tenant_id, 'default');
      const failed = events.find((e) => e.event_type === 'request.failed');
      assert.deepEqual(failed?.attributes, { error_class: 'authentication_failed', http_status: 401 });
      if (authorization !== undefined)
        assert.ok(!JSON.stringify(events).includes(authorization.split(' ')[1]!), 'the token in evidence');
    });
  }

  it('lets a request without a token keep the default tenant when tokens are optional, but still refuses a bad one', async () => {
    const { run, seen } = kernelWithPlugin({ required: false });
    assert.equal((await run()).tenant, 'default');
    assert.equal((await run(`Bearer ${tokenFor('acme', { exp: now() - 3600 })}`)).error?.code, 'authentication_failed');
    assert.deepEqual(seen, ['default']);
  });

  it('refuses a short secret and unknown options without echoing the secret', () => {
    assert.throws(
      () => new TenantFromJwtPlugin({ secret: 'short-secret', colour: 'red' } as unknown as TenantFromJwtOptionsInput),
      (error: unknown) => {
        assert.ok(error instanceof PluginOptionsError);
        assert.deepEqual(
          error.problems.map((p) => p.path),
          ['colour', 'secret'],
        );
        assert.ok(!error.message.includes('short-secret'));
        return true;
      },
    );
  });
});
