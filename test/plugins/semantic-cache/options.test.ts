import assert from 'node:assert/strict';
import { configOptionsProblem, directivesOf, enabledInConfig, optionsFromConfig } from '@sluice/config';
import { SemanticCachePlugin, SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';
import { resolveSemanticConfig } from './semantic-config.js';

const resolve = resolveSemanticConfig;
const options = (text: string) => optionsFromConfig(SemanticCacheOptionsSchema, resolve(`semantic_cache_enabled on;\n${text}`));

describe('semantic cache options: one schema for code and config file', () => {
  it('is off unless semantic_cache_enabled is on', () => {
    assert.equal(enabledInConfig(SemanticCacheOptionsSchema, resolve('')), false);
    assert.equal(enabledInConfig(SemanticCacheOptionsSchema, resolve('semantic_cache_enabled on;')), true);
  });

  it('gives a file that only turns the cache on the same options as the plugin built in code with none', () => {
    assert.deepEqual(new SemanticCachePlugin(options('')).options, new SemanticCachePlugin().options);
    assert.deepEqual(
      { ...new SemanticCachePlugin().options, embedding: undefined, store: undefined },
      {
        threshold: 0.92,
        sameWordingThreshold: 0.5,
        restatedThreshold: 0.8,
        restatedHits: true,
        closeWordingHits: false,
        ttlSeconds: 86400,
        verify: true,
        verifyRules: [
          'numbers',
          'operators',
          'negation',
          'dates',
          'script',
          'quoted',
          'antonyms',
          'names',
          'stems',
          'relations',
          'people',
          'form',
          'modality',
          'tense',
          'prepositions',
          'question',
          'scope',
          'qualifier',
          'words',
        ],
        failOpen: true,
        requireLastUser: true,
        skipMultipleChoices: true,
        volatileUser: false,
        candidates: 4,
        searchEf: 32,
        quickSearchEf: 4,
        maxEntryBytes: 1024 * 1024,
        embedding: undefined,
        store: undefined,
      },
    );
  });

  it('is built in code with the options a file sets, directive by directive', () => {
    // #region in-code
    const plugin = new SemanticCachePlugin({
      threshold: 0.9, // semantic_similarity_threshold
      embedding: { provider: 'local', localDims: 384 }, // embedding_provider, embedding_local_dims
      store: { dataDir: './data/semantic-cache', maxEntries: 50_000 }, // semantic_cache_data_dir, semantic_cache_max_entries
    });
    // #endregion in-code
    const fromFile = options('semantic_similarity_threshold 0.9; embedding_local_dims 384; semantic_cache_max_entries 50000;');
    assert.deepEqual(plugin.options, new SemanticCachePlugin(fromFile).options);
  });

  it('names text-embedding-3-small for an openai_compatible provider without embedding_model', () => {
    const { embedding } = options('embedding_provider openai_compatible; embedding_base_url http://127.0.0.1:9/v1;');
    assert.equal(embedding.model, 'text-embedding-3-small');
    assert.equal(options('embedding_model my-embedder;').embedding.model, 'my-embedder');
  });

  it('reads every directive into its option, with units', () => {
    const read = options(
      [
        'semantic_similarity_threshold 0.9; semantic_cache_ttl_seconds 2h; semantic_verify off; semantic_verify_rules numbers names; semantic_fail_open off;',
        'semantic_same_wording_threshold 0.45; semantic_restated_threshold 0.85; semantic_restated_hits off;',
        'semantic_close_wording_hits on;',
        'semantic_require_last_user off; semantic_skip_multiple_choices off; semantic_candidates 6;',
        'semantic_search_ef 48; semantic_quick_search_ef 0; semantic_cache_data_dir /var/sluice;',
        'semantic_cache_autosave_seconds 1m; semantic_cache_max_entries 500; semantic_cache_max_bytes 1MiB;',
        'vectordb_url http://qdrant:6334; vectordb_api_key qd-key; vectordb_collection answers; vectordb_vector_size 384;',
        'vectordb_timeout_seconds 250ms; vectordb_readiness_required off;',
        'embedding_provider openai_compatible; embedding_base_url http://embed:9000/v1; embedding_api_key emb-key;',
        'embedding_model e5; embedding_timeout_seconds 3s; embedding_price 0.02; embedding_local_dims 384;',
      ].join('\n'),
    );
    const { embedding, store, ...top } = read;
    assert.deepEqual(top, {
      threshold: 0.9,
      sameWordingThreshold: 0.45,
      restatedThreshold: 0.85,
      restatedHits: false,
      closeWordingHits: true,
      ttlSeconds: 7200,
      verify: false,
      verifyRules: ['numbers', 'names'],
      failOpen: false,
      requireLastUser: false,
      skipMultipleChoices: false,
      volatileUser: false,
      candidates: 6,
      searchEf: 48,
      quickSearchEf: 0,
      maxEntryBytes: 1024 * 1024,
    });
    assert.deepEqual(store, {
      dataDir: '/var/sluice',
      autosaveSeconds: 60,
      maxEntries: 500,
      maxBytes: 1024 * 1024,
      vectordbUrl: 'http://qdrant:6334',
      apiKey: 'qd-key',
      collection: 'answers',
      vectorSize: 384,
      timeoutSeconds: 0.25,
      readinessRequired: false,
    });
    assert.deepEqual(embedding, {
      provider: 'openai_compatible',
      baseUrl: 'http://embed:9000/v1',
      apiKey: 'emb-key',
      model: 'e5',
      timeoutSeconds: 3,
      connections: 16,
      price: 0.02,
      localDims: 384,
    });
  });

  it('refuses a below-threshold switch that is not on or off, naming the directive', () => {
    for (const name of ['semantic_restated_hits', 'semantic_close_wording_hits']) {
      assert.throws(() => options(`${name} sometimes;`), new RegExp(name));
    }
  });

  it('takes the embedding timeout from request_timeout_seconds unless embedding_timeout_seconds is written', () => {
    assert.equal(options('request_timeout_seconds 30;').embedding.timeoutSeconds, 30);
    assert.equal(options('request_timeout_seconds 30; embedding_timeout_seconds 5;').embedding.timeoutSeconds, 5);
  });

  it("takes volatileUser from the exact cache's exact_cache_volatile_user", () => {
    assert.equal(options('exact_cache_volatile_user on;').volatileUser, true);
  });

  it('marks the API keys secret, and gives vectordb_api_key no default', () => {
    const set = directivesOf(SemanticCacheOptionsSchema);
    assert.equal(set.embedding_api_key?.secret, true);
    assert.equal(set.vectordb_api_key?.secret, true);
    assert.equal(set.vectordb_api_key?.default, undefined);
    assert.equal(options('').store.apiKey, undefined);
  });

  describe('the check across options', () => {
    const problem = (text: string) =>
      configOptionsProblem(SemanticCacheOptionsSchema, resolve(`semantic_cache_enabled on;\n${text}`));

    it("refuses a vector size other than the local embedder's length", () => {
      assert.equal(
        problem('vectordb_vector_size 512;'),
        "vectordb_vector_size 512 does not match the local embedder's output length 256 (embedding_local_dims)",
      );
      assert.equal(problem('vectordb_vector_size 512; embedding_local_dims 512;'), undefined);
    });

    it('refuses an openai_compatible provider without embedding_base_url', () => {
      assert.equal(
        problem('embedding_provider openai_compatible;'),
        'embedding_provider openai_compatible needs embedding_base_url',
      );
      assert.throws(() => options('embedding_provider openai_compatible;'), /needs embedding_base_url/);
    });

    it('accepts the defaults', () => {
      assert.equal(problem(''), undefined);
    });
  });
});
