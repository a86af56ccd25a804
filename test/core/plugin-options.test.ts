import assert from 'node:assert/strict';
import Type from 'typebox';
import { PluginOptionsError, validateOptions } from '@sluice/core';

const Options = Type.Object(
  {
    ttlSeconds: Type.Number({ minimum: 0, default: 86400 }),
    store: Type.Object(
      { url: Type.String({ default: 'memory://' }), retries: Type.Integer({ default: 2 }) },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);

describe('plugin options', () => {
  it('applies defaults, nested ones included', () => {
    assert.deepEqual(validateOptions('exact-cache', Options, {}), { ttlSeconds: 86400, store: { url: 'memory://', retries: 2 } });
    assert.deepEqual(validateOptions('exact-cache', Options, undefined), {
      ttlSeconds: 86400,
      store: { url: 'memory://', retries: 2 },
    });
  });

  it('rejects a misspelt key naming the plugin and the path, never dropping it', () => {
    assert.throws(
      () => validateOptions('exact-cache', Options, { ttlSecond: 5 }),
      (e: unknown) =>
        e instanceof PluginOptionsError &&
        e.plugin === 'exact-cache' &&
        /^exact-cache: invalid options: ttlSecond /.test(e.message),
    );
    assert.throws(() => validateOptions('exact-cache', Options, { store: { urll: 'x' } }), /store\.urll/);
  });

  it('rejects a wrong nested type with its path', () => {
    assert.throws(
      () => validateOptions('exact-cache', Options, { store: { retries: 'many' } }),
      /exact-cache: invalid options: store\.retries must be integer/,
    );
    assert.throws(() => validateOptions('exact-cache', Options, { ttlSeconds: -1 }), /ttlSeconds must be >= 0/);
  });

  it('returns a frozen copy and leaves the input alone', () => {
    const input = { store: { url: 'redis://x' } };
    const options = validateOptions('exact-cache', Options, input);
    assert.ok(Object.isFrozen(options) && Object.isFrozen(options.store));
    assert.deepEqual(input, { store: { url: 'redis://x' } });
  });
});
