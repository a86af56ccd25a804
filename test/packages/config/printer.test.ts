import assert from 'node:assert/strict';
import Type from 'typebox';
import { defineDirectives } from '@sluice/config';
import { parseConfig, printConfig, resolveConfig } from '@sluice/config';

const directives = defineDirectives({
  api_key: { summary: 'k', args: [{ name: 'key', schema: Type.String() }], secret: true, default: 'dummy' },
  kv_url: { summary: 'u', args: [{ name: 'url', schema: Type.String() }], secret: true },
  title: { summary: 't', args: [{ name: 'text', schema: Type.String() }] },
  flag: { summary: 'f', args: [{ name: 'flag', schema: Type.Boolean() }], default: true },
  timeout: { summary: 'd', args: [{ name: 's', schema: Type.Number() }], unit: undefined as never },
  price: {
    summary: 'p',
    repeatable: true,
    args: [
      { name: 'model', schema: Type.String() },
      { name: 'in', schema: Type.Number() },
    ],
  },
});

const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'p.conf', env: {} }), [directives]);

describe('config printer', () => {
  it('masks secrets, keeps placeholders, marks defaults', () => {
    const text = printConfig(resolve('api_key sk-live-123456;\nkv_url "redis://:pw@h:6379";\ntitle x;\n'), [directives]);
    assert.doesNotMatch(text, /sk-live-123456|pw@/);
    assert.match(text, /^api_key \*{8};$/m);
    assert.match(text, /^kv_url \*{8};$/m);
    assert.match(text, /^flag on; # default$/m);
    assert.match(printConfig(resolve('title x;'), [directives]), /^api_key dummy; # default$/m);
  });

  it('prints text that parses back to the same values', () => {
    const config = resolve(
      'title "semi; {colon} # hash \\"quote\\" $dollar \\\\ tab\\there";\nflag off;\ntimeout 1.5;\nprice a 1;\nprice "b c" 2;\n',
    );
    const again = resolve(printConfig(config, [directives]));
    for (const name of ['title', 'flag', 'timeout', 'price']) assert.deepEqual(again.get(name), config.get(name), name);
  });
});
