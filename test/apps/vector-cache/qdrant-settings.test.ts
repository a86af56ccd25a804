/** The `qdrant` backend's settings: read and checked like every SVC_* setting, the key never shown. */
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { readSettings, SettingError, VectorCacheService } from '@sluice/vector-cache';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { freePort } from '../../fixtures/free-port.js';
import { collectionName, qdrantEnv } from './qdrant-backend.js';
import { refusedStart } from './service-process.js';

const refusal = (env: Record<string, string>): SettingError => {
  try {
    readSettings({ SVC_DIMS: '8', ...env });
  } catch (error) {
    assert.ok(error instanceof SettingError, String(error));
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
};

describe('vector-cache (qdrant): settings', () => {
  it('defaults to the hnsw backend, so every existing deployment is unchanged', () => {
    const settings = readSettings({ SVC_DIMS: '8' });
    assert.equal(settings.backend, 'hnsw');
    assert.equal(settings.qdrant, undefined);
  });

  it('reads the URL, the collection (default vector_cache), the key and the timeout', () => {
    const settings = readSettings({
      SVC_DIMS: '8',
      SVC_VECTOR_BACKEND: 'Qdrant',
      SVC_QDRANT_URL: 'https://qdrant.internal:6334/',
      SVC_QDRANT_API_KEY: 'qdrant-key',
      SVC_QDRANT_TIMEOUT_SECS: '3',
    });
    assert.equal(settings.backend, 'qdrant');
    assert.equal(settings.qdrant?.url, 'https://qdrant.internal:6334');
    assert.equal(settings.qdrant?.collection, 'vector_cache');
    assert.equal(settings.qdrant?.timeoutMs, 3000);
    assert.equal(settings.qdrant?.apiKey?.reveal(), 'qdrant-key');
  });

  it('masks the API key wherever the settings are printed, logged or serialised', () => {
    const settings = readSettings({ SVC_DIMS: '8', ...qdrantEnv('http://127.0.0.1:6334', 'c', 'qdrant-key') });
    for (const shown of [JSON.stringify(settings), inspect(settings, { depth: 5 }), `${String(settings.qdrant?.apiKey)}`]) {
      assert.ok(!shown.includes('qdrant-key'), shown);
      assert.ok(shown.includes('***'), shown);
    }
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ['an unknown backend', { SVC_VECTOR_BACKEND: 'milvus' }, /^SVC_VECTOR_BACKEND: must be one of hnsw, qdrant, got "milvus"/],
    ['qdrant without a URL', { SVC_VECTOR_BACKEND: 'qdrant' }, /^SVC_QDRANT_URL: is required with SVC_VECTOR_BACKEND=qdrant/],
    [
      'a URL that is not one',
      { SVC_VECTOR_BACKEND: 'qdrant', SVC_QDRANT_URL: 'qdrant:6334' },
      /^SVC_QDRANT_URL: must be an http/,
    ],
    [
      'a URL with a path',
      { SVC_VECTOR_BACKEND: 'qdrant', SVC_QDRANT_URL: 'http://q:6334/v1' },
      /^SVC_QDRANT_URL: must name a host and port only/,
    ],
    [
      'a URL with credentials',
      { SVC_VECTOR_BACKEND: 'qdrant', SVC_QDRANT_URL: 'http://u:pw@q:6334' },
      /^SVC_QDRANT_URL: .*SVC_QDRANT_API_KEY/,
    ],
    ['a collection with a slash', { ...qdrantEnv('http://q:6334', 'a/b') }, /^SVC_QDRANT_COLLECTION: must be 1\.\.255/],
    [
      'a timeout of 0',
      { ...qdrantEnv('http://q:6334'), SVC_QDRANT_TIMEOUT_SECS: '0' },
      /^SVC_QDRANT_TIMEOUT_SECS: must be an integer from 1/,
    ],
    [
      'another metric than cosine',
      { ...qdrantEnv('http://q:6334'), SVC_METRIC: 'l2' },
      /^SVC_METRIC: must be cosine with SVC_VECTOR_BACKEND=qdrant/,
    ],
    [
      'a Qdrant URL on the hnsw backend',
      { SVC_QDRANT_URL: 'http://q:6334' },
      /^SVC_QDRANT_URL: is set but SVC_VECTOR_BACKEND is hnsw/,
    ],
  ];
  for (const [what, env, message] of bad) {
    it(`refuses ${what}, naming the variable`, () => {
      const error = refusal(env);
      assert.match(error.message, message);
      assert.ok(!error.message.includes('pw@'), 'the URL with its credentials is in the message');
    });
  }
});

describe('vector-cache (qdrant): a start that Qdrant refuses', function () {
  this.timeout(30_000);
  let peer: QdrantPeer;
  let dataDir: string;
  before(async () => {
    peer = await QdrantPeer.start({ apiKey: 'right-key' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-qdrant-'));
  });
  after(async () => {
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1 naming SVC_QDRANT_URL when nothing answers there', async () => {
    const { code, output } = await refusedStart(dataDir, qdrantEnv(`http://127.0.0.1:${await freePort()}`));
    assert.equal(code, 1);
    assert.match(
      output,
      /SVC_QDRANT_URL: cannot open Qdrant collection "vc_test_\w+": qdrant open: collection exists failed \(unavailable\)/,
    );
  });

  it('exits 1 naming SVC_QDRANT_API_KEY for a wrong key, without printing it', async () => {
    const { code, output } = await refusedStart(dataDir, qdrantEnv(peer.url, collectionName(), 'wrong-key'));
    assert.equal(code, 1);
    assert.match(output, /SVC_QDRANT_API_KEY: cannot open Qdrant collection .*\(unauthenticated\)/);
    assert.ok(!output.includes('wrong-key') && !output.includes('right-key'));
  });

  it('refuses a collection whose vectors have another length, naming SVC_QDRANT_COLLECTION and both sizes', async () => {
    const collection = collectionName();
    const logger = pino({ level: 'silent' });
    const base = { SVC_LISTEN_ADDR: '127.0.0.1:0', SVC_DATA_DIR: dataDir, ...qdrantEnv(peer.url, collection, 'right-key') };
    const first = await VectorCacheService.start({ ...base, SVC_DIMS: '8' }, { logger });
    await first.stop();
    await assert.rejects(VectorCacheService.start({ ...base, SVC_DIMS: '4' }, { logger }), (error: Error) => {
      assert.ok(error instanceof SettingError);
      assert.match(error.message, /^SVC_QDRANT_COLLECTION: .*size 8 .*size 4/);
      return true;
    });
  });
});
