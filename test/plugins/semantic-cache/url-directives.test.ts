import assert from 'node:assert/strict';
import { directivesOf, parseConfig, resolveConfig } from '@sluice/config';
import { SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';
import { resolveQdrantOptions } from '@sluice/vector-store';

const SETS = [directivesOf(SemanticCacheOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'semantic.conf', env: {} }), SETS);

/** The message resolving `text` fails with, or undefined when it resolves. */
function refusal(text: string): string | undefined {
  try {
    resolve(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('semantic cache directives: embedding_base_url', () => {
  it('refuses an endpoint path at its line, with the base it likely means', () => {
    assert.equal(
      refusal('semantic_cache_enabled on;\nembedding_base_url https://embed.example/v1/embeddings;\n'),
      'semantic.conf:2:1: embedding_base_url: must be a provider root or a /v1 base, not an endpoint; did you mean "https://embed.example/v1"?',
    );
  });

  it('quotes a refused URL with its credentials masked', () => {
    const message = refusal('embedding_base_url "https://me:emb-secret-1@[::1";\n') ?? '';
    assert.match(message, /^semantic\.conf:1:1: embedding_base_url: "https:\/\/me:\*\*\*@\[::1" is not a URL/);
    assert.ok(!message.includes('emb-secret-1'), message);
  });

  it('accepts a provider root and a /v1 base', () => {
    for (const url of ['https://embed.example', 'http://127.0.0.1:9000/v1/', 'https://embed.example/openai/v1'])
      assert.equal(refusal(`embedding_base_url ${url};`), undefined, url);
  });
});

describe('semantic cache directives: vectordb_url', () => {
  /** Addresses the Qdrant store accepts at start, and those it refuses. */
  const ACCEPTED = [
    'http://qdrant:6334',
    'https://qdrant.example',
    'http://127.0.0.1:6334/',
    'http://qd-user:qd-pass@qdrant:6334',
  ];
  const REFUSED = [
    'http://qdrant:6334/collections',
    'http://qdrant:6334?api_key=qd-secret',
    'https://qdrant.example/prefix/',
    'http://qdrant:6334/#x',
  ];

  it('accepts what the store accepts at start', () => {
    for (const url of ACCEPTED) {
      assert.doesNotThrow(() => resolveQdrantOptions({ url, collection: 'c', vectorSize: 1 }), url);
      assert.equal(refusal(`vectordb_url "${url}";`), undefined, url);
    }
  });

  it('refuses what the store refuses at start, whatever semantic_fail_open says', () => {
    for (const url of REFUSED) {
      assert.throws(() => resolveQdrantOptions({ url, collection: 'c', vectorSize: 1 }), /url must/, url);
      for (const failOpen of ['on', 'off']) {
        const message = refusal(`semantic_cache_enabled on;\nsemantic_fail_open ${failOpen};\nvectordb_url "${url}";\n`);
        assert.match(
          message ?? '',
          /^semantic\.conf:3:1: vectordb_url: must name a host and port only, without a path or query/,
          url,
        );
      }
    }
  });

  it('names the address it likely means, without the query it drops', () => {
    const message = refusal('vectordb_url "http://qdrant:6334/v1?api_key=qd-secret";') ?? '';
    assert.match(message, /did you mean "http:\/\/qdrant:6334"\?$/);
    assert.ok(!message.includes('qd-secret'), message);
  });

  it('refuses a value that is not a URL, quoted masked', () => {
    const message = refusal('vectordb_url "http://qd-user:qd-pass@[::1";') ?? '';
    assert.match(message, /vectordb_url: "http:\/\/qd-user:\*\*\*@\[::1" is not a URL; write Qdrant's gRPC address/);
    assert.ok(!message.includes('qd-pass'), message);
  });
});
