/**
 * The backends the endpoint suites run against: `hnsw` in process, and `qdrant` on the local gRPC peer
 * (test/fixtures/qdrant-peer.ts; no Qdrant server runs here), each test on a collection of its own.
 */
import { randomUUID } from 'node:crypto';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { startService, type ServiceUnderTest } from './service-under-test.js';

export type BackendName = 'hnsw' | 'qdrant';

export interface BackendUnderTest {
  readonly name: BackendName;
  /** Call in `before`: starts what the backend needs (the peer). */
  setUp(): Promise<void>;
  /** Call in `after`. */
  tearDown(): Promise<void>;
  /** The settings that select the backend, on a fresh collection each call. */
  env(): Record<string, string>;
  start(env?: Record<string, string>): Promise<ServiceUnderTest>;
  /** The peer, for the `qdrant` backend. */
  readonly peer: QdrantPeer | undefined;
}

/** A unique collection name, so suites and tests sharing a peer (or a real Qdrant) never see each other's points. */
export function collectionName(): string {
  return `vc_test_${randomUUID().replaceAll('-', '')}`;
}

/** Settings of the `qdrant` backend on the Qdrant at `url`. */
export function qdrantEnv(url: string, collection = collectionName(), apiKey?: string): Record<string, string> {
  return {
    SVC_VECTOR_BACKEND: 'qdrant',
    SVC_QDRANT_URL: url,
    SVC_QDRANT_COLLECTION: collection,
    SVC_QDRANT_TIMEOUT_SECS: '5',
    ...(apiKey === undefined ? {} : { SVC_QDRANT_API_KEY: apiKey }),
  };
}

function hnswBackend(): BackendUnderTest {
  return {
    name: 'hnsw',
    peer: undefined,
    setUp: async () => undefined,
    tearDown: async () => undefined,
    env: () => ({}),
    start: (env = {}) => startService(env),
  };
}

function qdrantBackend(): BackendUnderTest {
  let peer: QdrantPeer | undefined;
  const backend: BackendUnderTest = {
    name: 'qdrant',
    get peer() {
      return peer;
    },
    setUp: async () => void (peer = await QdrantPeer.start()),
    tearDown: async () => peer?.close(),
    env: () => qdrantEnv(peer!.url),
    start: (env = {}) => startService({ ...backend.env(), ...env }),
  };
  return backend;
}

/** Both backends, for `for (const backend of backendsUnderTest()) describe(…)`. */
export function backendsUnderTest(): BackendUnderTest[] {
  return [hnswBackend(), qdrantBackend()];
}
