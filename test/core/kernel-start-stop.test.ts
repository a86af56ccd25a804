import assert from 'node:assert/strict';
import type { Plugin } from '@sluice/core';
import { kernelUnderTest } from './kernel-under-test.js';

function recorder(log: string[], name: string, failStart = false, failStop = false): Plugin {
  return {
    name,
    apply: () => undefined,
    start: async () => {
      if (failStart) throw new Error('port in use');
      log.push(`start ${name}`);
    },
    stop: async () => {
      log.push(`stop ${name}`);
      if (failStop) throw new Error('stuck');
    },
  };
}

describe('kernel start and stop', () => {
  it('starts plugins in order and stops them in reverse', async () => {
    const log: string[] = [];
    const { kernel } = kernelUnderTest();
    kernel.use(recorder(log, 'a')).use(recorder(log, 'b')).use(recorder(log, 'c'));
    await kernel.start();
    await kernel.stop();
    assert.deepEqual(log, ['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('names the plugin that failed to start and stops those already started', async () => {
    const log: string[] = [];
    const { kernel } = kernelUnderTest();
    kernel
      .use(recorder(log, 'a'))
      .use(recorder(log, 'b', true))
      .use(recorder(log, 'c'));
    await assert.rejects(kernel.start(), /plugin "b" failed to start: port in use/);
    assert.deepEqual(log, ['start a', 'stop a']);
  });

  it('asks every plugin to stop even when one fails, then reports it', async () => {
    const log: string[] = [];
    const { kernel } = kernelUnderTest();
    kernel
      .use(recorder(log, 'a'))
      .use(recorder(log, 'b', false, true))
      .use(recorder(log, 'c'));
    await kernel.start();
    await assert.rejects(kernel.stop(), /plugins failed to stop: b: stuck/);
    assert.deepEqual(log.slice(3), ['stop c', 'stop b', 'stop a']);
  });
});
