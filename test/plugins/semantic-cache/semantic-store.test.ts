import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_EMBEDDER_DEFAULT_DIMS } from '@sluice/plugin-semantic-cache';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { saveSemanticSet } from '../../fixtures/semantic-set.js';
import { semanticKernel } from './semantic-under-test.js';

/** A saved set of one entry in `<dataDir>/live`, where an enforce-mode plugin looks, written at `dims`. */
const savedSet = (dataDir: string, dims: number) => saveSemanticSet(path.join(dataDir, 'live'), dims);

describe('semantic-cache: opening a store written at another length', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-store-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a set of another length naming both lengths and the directive that keeps it (fail-closed)', async () => {
    // A store written by an earlier release, whose local embedder made 512 numbers by default.
    await savedSet(dataDir, 512);
    await assert.rejects(semanticKernel({ failOpen: false }, 'enforce', dataDir), (error: Error) => {
      assert.match(error.message, /vectordb: the semantic store in .*live holds vectors of 512 dimensions/);
      assert.match(
        error.message,
        /the embedder makes 256\. To keep it, set embedding_local_dims 512, the local embedder's default in earlier releases/,
      );
      assert.match(error.message, /to start an empty cache, move the directory away$/);
      return true;
    });
  });

  it('fail-open: serves every request upstream, and its health names the reason', async () => {
    await savedSet(dataDir, 512);
    const semantic = await semanticKernel({}, 'enforce', dataDir);
    try {
      await semantic.ask('How do I reset my password?');
      const again = await semantic.ask('how do I reset my password');
      assert.equal(again.cache?.layer, undefined);
      assert.equal(semantic.upstreamCalls(), 2);
      const [vectordb] = semantic.plugin.health();
      assert.equal(vectordb?.initialised, false);
      assert.match(vectordb?.reason ?? '', /holds vectors of 512 dimensions and the embedder makes 256/);
    } finally {
      await semantic.close();
    }
  });

  it('opens the same set when embedding_local_dims names its length', async () => {
    await savedSet(dataDir, 512);
    const semantic = await semanticKernel({ failOpen: false, embedding: { localDims: 512 } }, 'enforce', dataDir);
    try {
      assert.equal(semantic.plugin.health()[0]?.up, true);
      await semantic.ask('How do I reset my password?');
      const again = await semantic.ask('how do I reset my password');
      assert.equal(again.cache?.layer, 'semantic');
      assert.equal(semantic.upstreamCalls(), 1);
    } finally {
      await semantic.close();
    }
  });

  it('passes any other refusal on unchanged: a set of the right length with a corrupt index', async () => {
    await savedSet(dataDir, LOCAL_EMBEDDER_DEFAULT_DIMS);
    await writeFile(path.join(dataDir, 'live', 'vcal.index'), 'not an envelope');
    await assert.rejects(semanticKernel({ failOpen: false }, 'enforce', dataDir), (error: Error) => {
      assert.match(error.message, /vectordb: vcal\.index: not an Envelope v1 file/);
      assert.doesNotMatch(error.message, /embedding_local_dims/);
      return true;
    });
  });

  it('Qdrant: refuses a collection of another size naming what to set, and opens it at that size', async () => {
    const peer = await QdrantPeer.start();
    try {
      const store = { vectordbUrl: peer.url };
      // The collection is made at 512, the local embedder's default in earlier releases.
      const earlier = await semanticKernel({ failOpen: false, embedding: { localDims: 512 }, store }, 'enforce', dataDir);
      await earlier.close();
      await assert.rejects(semanticKernel({ failOpen: false, store }, 'enforce', dataDir), (error: Error) => {
        assert.match(error.message, /vectordb: qdrant collection "sluice_semantic" has vectors of size 512 with Cosine distance/);
        assert.match(error.message, /To keep it, make the embedding output its size \(embedding_local_dims, 512 by default/);
        assert.match(error.message, /or name another vectordb_collection$/);
        return true;
      });
      const kept = await semanticKernel(
        { failOpen: false, embedding: { localDims: 512 }, store: { ...store, vectorSize: 512 } },
        'enforce',
        dataDir,
      );
      assert.equal(kept.plugin.health()[0]?.up, true);
      await kept.close();
    } finally {
      await peer.close();
    }
  });
});
