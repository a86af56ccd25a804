import assert from 'node:assert/strict';
import { completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

/** `[[…[1]…]]`, `levels` arrays deep. */
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const body = (extra: string) => `{"model":"m","messages":[{"role":"user","content":"x"}],"tools_schema":${extra}}`;

describe('host: chat request nesting', () => {
  const { kernel } = kernelUnderTest();
  let upstreamCalls = 0;
  kernel.hooks.upstream.tapPromise('u', async () => {
    upstreamCalls += 1;
    return completion();
  });
  let server: Awaited<ReturnType<typeof mount>>;
  let url: string;
  before(async () => {
    server = await mount(kernel, { maxBodyBytes: 1 << 20 });
    url = `${server.url}/v1/chat/completions`;
  });
  after(() => server.close());

  // Found by fuzzing: 2,500 levels in an extra field answered 500 internal_error (a stack overflow past the door).
  it('refuses a body nested thousands of levels deep with 400 invalid_request, before the upstream', async () => {
    for (const levels of [200, 2_500, 100_000]) {
      const response = await post(url, body(nested(levels)));
      const answer = (await response.json()) as { error: { code: string; message: string } };
      assert.equal(response.status, 400, `${levels} levels: ${JSON.stringify(answer)}`);
      assert.equal(answer.error.code, 'invalid_request');
      assert.match(answer.error.message, /nested deeper than 128 levels/);
    }
    assert.equal(upstreamCalls, 0);
  });

  it('accepts nesting up to 128 levels, the body included', async () => {
    // The body is level 1 and the field's array level 2: 127 arrays reach level 128.
    const response = await post(url, body(nested(127)));
    assert.equal(response.status, 200, await response.text());
    assert.equal(upstreamCalls, 1);
    const deeper = await post(url, body(nested(128)));
    assert.equal(deeper.status, 400);
  });
});
