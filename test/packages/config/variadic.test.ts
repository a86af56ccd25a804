import assert from 'node:assert/strict';
import Type from 'typebox';
import { ConfigErrors, defineDirectives } from '@sluice/config';
import { parseConfig, printConfig, resolveConfig } from '@sluice/config';

const directives = defineDirectives({
  allowed_topics: {
    summary: 'topics',
    args: [{ name: 'topic', schema: Type.String({ minLength: 1 }), variadic: true }],
  },
  weights: {
    summary: 'a name then numbers',
    args: [
      { name: 'name', schema: Type.String() },
      { name: 'weight', schema: Type.Number({ minimum: 0 }), variadic: true },
    ],
  },
});

const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'v.conf', env: {} }), [directives]);

describe('config variadic words', () => {
  it('resolves a variadic only word to an array of one or more words', () => {
    assert.deepEqual(resolve('allowed_topics billing;').get('allowed_topics'), ['billing']);
    assert.deepEqual(resolve('allowed_topics billing support "gift cards";').get('allowed_topics'), [
      'billing',
      'support',
      'gift cards',
    ]);
  });

  it('keeps fixed words before the variadic rest, each checked by its schema', () => {
    assert.deepEqual(resolve('weights w 1 2.5 3;').get('weights'), ['w', [1, 2.5, 3]]);
    assert.throws(
      () => resolve('weights w 1 -2;'),
      (error: unknown) => error instanceof ConfigErrors && /v\.conf:1:13: weights: <weight> must be >= 0/.test(error.message),
    );
  });

  it('needs at least one word for the variadic argument', () => {
    assert.throws(
      () => resolve('allowed_topics;'),
      (error: unknown) =>
        error instanceof ConfigErrors && error.message.includes('allowed_topics takes at least 1 word: <topic>... (found 0)'),
    );
    assert.throws(() => resolve('weights w;'), /weights takes at least 2 words: <name> <weight>\.\.\. \(found 1\)/);
  });

  it('prints the words back spread out, so the printed file reads the same', () => {
    const text = 'allowed_topics billing "gift cards";\nweights w 1 2;\n';
    const printed = printConfig(resolve(text), [directives]);
    assert.match(printed, /^allowed_topics billing "gift cards";$/m);
    assert.match(printed, /^weights w 1 2;$/m);
    assert.deepEqual(resolve(printed).get('weights'), ['w', [1, 2]]);
  });
});
