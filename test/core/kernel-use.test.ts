import assert from 'node:assert/strict';
import type { Kernel, Plugin } from '@sluice/core';
import { kernelUnderTest } from './kernel-under-test.js';

const plugin = (name: string, extra: Partial<Plugin> = {}): Plugin & { applied: number } => {
  const p = {
    name,
    applied: 0,
    apply(this: { applied: number }, _k: Kernel) {
      this.applied += 1;
    },
    ...extra,
  };
  return p as Plugin & { applied: number };
};

describe('kernel.use', () => {
  it('applies a plugin once and lists it', () => {
    const { kernel } = kernelUnderTest();
    const p = plugin('one');
    kernel.use(p);
    assert.equal(p.applied, 1);
    assert.deepEqual(
      kernel.plugins.map((x) => x.name),
      ['one'],
    );
  });

  it('rejects something that is not a plugin', () => {
    const { kernel } = kernelUnderTest();
    assert.throws(() => kernel.use({} as Plugin), /takes a plugin object with an apply\(kernel\) method/);
    assert.throws(() => kernel.use(null as unknown as Plugin), TypeError);
  });

  it('rejects a plugin without a name', () => {
    const { kernel } = kernelUnderTest();
    assert.throws(() => kernel.use(plugin('  ')), /a plugin must have a non-empty name/);
  });

  it('rejects a duplicate name', () => {
    const { kernel } = kernelUnderTest();
    kernel.use(plugin('twin'));
    assert.throws(() => kernel.use(plugin('twin')), /a plugin named "twin" is already in use/);
  });

  it('rejects a plugin whose dependency was not added first', () => {
    const { kernel } = kernelUnderTest();
    assert.throws(
      () => kernel.use(plugin('child', { dependencies: ['parent'] })),
      /plugin "child" needs plugin "parent", which must be added first/,
    );
    kernel.use(plugin('parent'));
    kernel.use(plugin('child', { dependencies: ['parent'] }));
  });

  it('keeps the hooks object frozen', () => {
    const { kernel } = kernelUnderTest();
    assert.ok(Object.isFrozen(kernel.hooks));
    assert.throws(() => {
      (kernel.hooks as unknown as Record<string, unknown>).extra = 1;
    }, TypeError);
  });
});
