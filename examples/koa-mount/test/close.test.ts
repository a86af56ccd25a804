import assert from 'node:assert/strict';
import { startupProbe } from '@sluice/gateway';
import { startApp } from './app-under-test.js';

describe('koa-mount: close() stops the pipeline', () => {
  it('reports not ready on /health, then stops the kernel’s plugins', async () => {
    const it = await startApp();
    try {
      assert.equal(startupProbe(it.app.kernel).ok, true);
      await it.app.close();
      const health = await fetch(`${it.url}/health`);
      assert.equal(health.status, 503);
      assert.deepEqual(await health.json(), { status: 'degraded', llm: 'shutting down' });
      assert.match(startupProbe(it.app.kernel).reason ?? '', /not initialised/);
    } finally {
      await it.close();
    }
  });
});
