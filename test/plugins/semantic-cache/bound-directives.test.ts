import assert from 'node:assert/strict';
import { directivesOf, optionsFromConfig, parseConfig, resolveConfig } from '@sluice/config';
import { SemanticCachePlugin, SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';

const SETS = [directivesOf(SemanticCacheOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'semantic.conf', env: {} }), SETS);
const storeOptions = (text: string) =>
  new SemanticCachePlugin(optionsFromConfig(SemanticCacheOptionsSchema, resolve(`semantic_cache_enabled on; ${text}`))).options
    .store;

describe('semantic cache directives: the bound of the in-process store', () => {
  it('keeps 100,000 entries and no byte bound by default', () => {
    const { maxEntries, maxBytes } = storeOptions('');
    assert.deepEqual([maxEntries, maxBytes], [100_000, 0]);
  });

  it('reads semantic_cache_max_entries, and semantic_cache_max_bytes as a size', () => {
    const { maxEntries, maxBytes } = storeOptions('semantic_cache_max_entries 5000; semantic_cache_max_bytes 256MiB;');
    assert.deepEqual([maxEntries, maxBytes], [5000, 256 * 1024 * 1024]);
  });

  it('refuses a bound of no entries, or of a negative size, with the directive named', () => {
    assert.throws(() => resolve('semantic_cache_enabled on; semantic_cache_max_entries 0;'), /semantic_cache_max_entries/);
    assert.throws(() => resolve('semantic_cache_enabled on; semantic_cache_max_bytes -1;'), /semantic_cache_max_bytes/);
  });
});
