import assert from 'node:assert/strict';
import { Exchange, Stage } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from './kernel-under-test.js';

describe('kernel ordering', () => {
  it('runs guards by stage, not by the order they were tapped', async () => {
    const { kernel } = kernelUnderTest();
    const order: string[] = [];
    const guard = (name: string, stage: number) =>
      kernel.hooks.preGuard.tapPromise({ name, stage }, async () => {
        order.push(name);
        return undefined;
      });
    guard('usage', Stage.USAGE);
    guard('security', Stage.SECURITY);
    guard('privacy', Stage.REWRITE);
    guard('admission', Stage.ADMISSION);
    kernel.hooks.upstream.tapPromise('up', async () => completion());
    await kernel.run(new Exchange({ request: chatRequest() }));
    assert.deepEqual(order, ['admission', 'security', 'privacy', 'usage']);
  });

  it('meets the hooks in the order of the request flow', async () => {
    const { kernel } = kernelUnderTest();
    const order: string[] = [];
    const note = (name: string) => {
      order.push(name);
      return undefined;
    };
    kernel.hooks.preGuard.tapPromise('g', async () => note('preGuard'));
    kernel.hooks.cacheLookup.tapPromise('c', async () => note('cacheLookup'));
    kernel.hooks.upstream.tapPromise('u', async () => {
      note('upstream');
      return completion();
    });
    kernel.hooks.postScan.tapPromise('s', async () => note('postScan'));
    kernel.hooks.cacheStore.tapPromise('st', async () => {
      note('cacheStore');
    });
    kernel.hooks.restore.tapPromise('r', async (response) => {
      note('restore');
      return response;
    });
    await kernel.run(new Exchange({ request: chatRequest() }));
    assert.deepEqual(order, ['preGuard', 'cacheLookup', 'upstream', 'postScan', 'cacheStore', 'restore']);
  });

  it('asks the exact layer before the semantic one', async () => {
    const { kernel } = kernelUnderTest();
    const order: string[] = [];
    kernel.hooks.cacheLookup.tapPromise({ name: 'semantic', stage: Stage.SIMILAR }, async () => {
      order.push('semantic');
      return undefined;
    });
    kernel.hooks.cacheLookup.tapPromise({ name: 'exact', stage: Stage.EXACT }, async () => {
      order.push('exact');
      return undefined;
    });
    kernel.hooks.upstream.tapPromise('u', async () => completion());
    await kernel.run(new Exchange({ request: chatRequest() }));
    assert.deepEqual(order, ['exact', 'semantic']);
  });
});
