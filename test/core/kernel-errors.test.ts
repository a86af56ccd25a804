import assert from 'node:assert/strict';
import { defineErrors, Exchange, GatewayError, KERNEL_ERRORS, Stage, type Kernel, type Plugin } from '@sluice/core';
import { chatRequest, kernelUnderTest } from './kernel-under-test.js';

const QUOTA_ERRORS = defineErrors('@acme/quota', {
  quota_spent: {
    status: 429,
    type: 'rate_limit_error',
    message: 'This tenant has spent its quota for today.',
    description: 'The tenant spent its daily quota.',
  },
});

class QuotaPlugin implements Plugin {
  readonly name = 'quota';
  readonly errors = QUOTA_ERRORS;
  apply(kernel: Kernel): void {
    kernel.hooks.preGuard.tap({ name: this.name, stage: Stage.USAGE }, () => ({
      action: 'block',
      code: 'quota_spent',
      guard: this.name,
      respond: 'error_json',
      reason: QUOTA_ERRORS.quota_spent.message,
    }));
  }
}

describe('kernel: the error codes it may answer with', () => {
  it("lists its own codes, then each plugin's declared ones", () => {
    const { kernel } = kernelUnderTest();
    assert.deepEqual(kernel.errors, Object.values(KERNEL_ERRORS));
    kernel.use(new QuotaPlugin());
    assert.deepEqual(
      kernel.errors.map((error) => `${error.owner} ${error.code}`),
      [...Object.values(KERNEL_ERRORS).map((error) => `@sluice/core ${error.code}`), '@acme/quota quota_spent'],
    );
  });

  it("answers a plugin's own code with its status", async () => {
    const { kernel } = kernelUnderTest();
    kernel.use(new QuotaPlugin());
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'quota_spent');
    assert.equal(exchange.error?.reply().status, 429);
  });

  it('refuses a plugin that declares a code defineErrors did not register', () => {
    const { kernel } = kernelUnderTest();
    const forged = { made_up: { ...QUOTA_ERRORS.quota_spent, code: 'made_up' } };
    const plugin: Plugin = { name: 'forged', errors: forged, apply() {} };
    assert.throws(() => kernel.use(plugin), /plugin "forged" declares error code "made_up", which defineErrors did not register/);
  });

  it('fails a request whose plugin throws an unregistered code as internal_error, with the cause', async () => {
    const { kernel } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('typo', async () => {
      throw new GatewayError('upstrem_timeout');
    });
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'internal_error');
    assert.match((exchange.error?.cause as Error).message, /"upstrem_timeout" is not registered/);
  });
});
