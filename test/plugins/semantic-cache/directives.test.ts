import assert from 'node:assert/strict';
import { directivesOf, optionsFromConfig, parseConfig, resolveConfig } from '@sluice/config';
import { SemanticCachePlugin, SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';

const SETS = [directivesOf(SemanticCacheOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'semantic.conf', env: {} }), SETS);

describe('semantic cache directives: search breadth', () => {
  it('searches at ef 4 first and 32 after a quick miss, 4 candidates, by default', () => {
    const options = new SemanticCachePlugin(optionsFromConfig(SemanticCacheOptionsSchema, resolve('semantic_cache_enabled on;')))
      .options;
    assert.deepEqual([options.quickSearchEf, options.searchEf, options.candidates], [4, 32, 4]);
  });

  it('reads semantic_quick_search_ef, 0 included (one search)', () => {
    for (const ef of [0, 4, 64]) {
      const input = optionsFromConfig(
        SemanticCacheOptionsSchema,
        resolve(`semantic_cache_enabled on; semantic_quick_search_ef ${ef}; semantic_search_ef 48;`),
      );
      assert.equal(new SemanticCachePlugin(input!).options.quickSearchEf, ef);
      assert.equal(input?.searchEf, 48);
    }
  });

  it('refuses a negative breadth with the directive named', () => {
    assert.throws(() => resolve('semantic_cache_enabled on; semantic_quick_search_ef -1;'), /semantic_quick_search_ef/);
  });
});
