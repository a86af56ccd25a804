import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Http2Server, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { Exchange, Kernel } from '@sluice/core';
import { SemanticCachePlugin, type SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import type { OpenedStore } from '../../../plugins/semantic-cache/src/semantic-store.js';
import { StoreKeeping } from '../../../plugins/semantic-cache/src/store-keeping.js';
import { collectionsService, PeerStorage } from '../../fixtures/qdrant-peer/collections-service.js';
import { pointsService } from '../../fixtures/qdrant-peer/points-service.js';
import { Collections, Points, Qdrant } from '../../fixtures/qdrant-peer/services.js';
import { tapStubUpstream } from '../../fixtures/stub-upstream.js';

/** What a failing proxy in front of Qdrant may answer: its own address, credentials included. */
const QUOTING_FAILURE = 'upstream proxy http://svc:proxy-secret-6@mirror.internal:8080/q?token=tok-secret-7 refused';
const SECRETS = /proxy-secret-6|tok-secret-7/;

/** A Qdrant gRPC peer whose every call fails with {@link QUOTING_FAILURE} while `failing` is set. */
async function quotingPeer(): Promise<{ url: string; failing: { on: boolean }; close(): Promise<void> }> {
  const failing = { on: true };
  const gate: Interceptor = (next) => async (request) => {
    if (failing.on) throw new ConnectError(QUOTING_FAILURE, Code.Internal);
    return next(request);
  };
  const storage = new PeerStorage();
  const server: Http2Server = createServer(
    connectNodeAdapter({
      grpc: true,
      connect: false,
      grpcWeb: false,
      interceptors: [gate],
      routes: (router) => {
        router.service(Qdrant, { healthCheck: () => ({ title: 'qdrant', version: '1.18.0' }) });
        router.service(Collections, collectionsService(storage));
        router.service(Points, pointsService(storage));
      },
    }),
  );
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failing,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      await closed;
    },
  };
}

/** A kernel with the semantic cache on `vectordbUrl`, its log lines kept. */
async function kernelWithLog(options: SemanticCacheOptionsInput) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const kernel = new Kernel({ logger, mode: 'enforce' });
  const plugin = new SemanticCachePlugin({ ...options, store: { autosaveSeconds: 0, ...options.store } });
  kernel.use(plugin);
  tapStubUpstream(kernel);
  return { kernel, plugin, lines };
}

describe('semantic cache: a vector database failure that quotes a URL is logged with it masked', () => {
  let peer: Awaited<ReturnType<typeof quotingPeer>>;
  let dir: string;
  beforeEach(async () => {
    peer = await quotingPeer();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-masked-'));
  });
  afterEach(async () => {
    await peer.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('at start, fail-open: the log line and the health reason', async () => {
    const { kernel, plugin, lines } = await kernelWithLog({ store: { vectordbUrl: peer.url, dataDir: dir } });
    await kernel.start();
    try {
      const logged = lines.join('');
      assert.match(logged, /semantic cache disabled until restart/);
      assert.match(logged, /svc:\*\*\*@mirror\.internal:8080\/q\?token=\*\*\*/);
      assert.doesNotMatch(logged, SECRETS);
      const reason = plugin.health()[0]?.reason ?? '';
      assert.match(reason, /svc:\*\*\*@/);
      assert.doesNotMatch(reason, SECRETS);
    } finally {
      await kernel.stop();
    }
  });

  it('at start, fail-closed: the refusal', async () => {
    const { kernel } = await kernelWithLog({ failOpen: false, store: { vectordbUrl: peer.url, dataDir: dir } });
    await assert.rejects(kernel.start(), (error: Error) => {
      assert.match(error.message, /vectordb: .*svc:\*\*\*@/);
      assert.doesNotMatch(error.message, SECRETS);
      return true;
    });
  });

  it('on a lookup: the log line and the health reason', async () => {
    peer.failing.on = false;
    const { kernel, plugin, lines } = await kernelWithLog({ store: { vectordbUrl: peer.url, dataDir: dir } });
    await kernel.start();
    try {
      peer.failing.on = true;
      const exchange = new Exchange({ request: { model: 'test-model', messages: [{ role: 'user', content: 'hello there' }] } });
      await kernel.run(exchange);
      assert.equal(exchange.response?.status, 200, 'fail-open: answered upstream');
      const logged = lines.join('');
      assert.match(logged, /semantic cache step failed/);
      assert.match(logged, /svc:\*\*\*@/);
      assert.doesNotMatch(logged, SECRETS);
      assert.doesNotMatch(plugin.health()[0]?.reason ?? '', SECRETS);
    } finally {
      peer.failing.on = false;
      await kernel.stop();
    }
  });
});

describe('semantic cache: a failed save that quotes a URL is logged with it masked', () => {
  it('masks the reason of the save failure log line', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const failingSave = async () => {
      throw new Error(QUOTING_FAILURE);
    };
    const opened = { backend: 'hnsw', save: failingSave } as unknown as OpenedStore;
    await new StoreKeeping(opened, undefined, 0, logger).save();
    const logged = lines.join('');
    assert.match(logged, /semantic cache save failed/);
    assert.match(logged, /svc:\*\*\*@mirror\.internal:8080\/q\?token=\*\*\*/);
    assert.doesNotMatch(logged, SECRETS);
  });
});
