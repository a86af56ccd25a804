/** Backend factories for the shared VectorStore suite: in-process `hnsw`, `qdrant` on the local peer, a real Qdrant. */
import { randomBytes } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-grpc';
import { HnswVectorStore, QdrantVectorStore, type JsonValue, type VectorStore } from '@sluice/vector-store';

/** A semantic-cache-like entry: flat fields to filter on, plus a few of other types for the round trip. */
export interface ContractPayload {
  readonly scope: string;
  readonly expires_at: number;
  readonly question_hash: string;
  readonly answer: string;
  readonly flag?: boolean;
  readonly tier?: number;
  readonly weight?: number;
  readonly extra?: JsonValue;
}

export interface StoreBackend {
  readonly name: string;
  /** A fresh, empty store. */
  open(dims: number): Promise<VectorStore<ContractPayload>>;
  /** Removes what `open` created on a shared server. */
  cleanup(): Promise<void>;
}

export const INDEXED_FIELDS = { scope: 'keyword', expires_at: 'integer', flag: 'bool', tier: 'integer' } as const;

export function hnswBackend(): StoreBackend {
  return {
    name: 'hnsw',
    open: (dims) => HnswVectorStore.open<ContractPayload>({ dims, metric: 'cosine' }),
    cleanup: async () => undefined,
  };
}

/** A unique collection name per store, so suites never see each other's points on a shared server. */
export function collectionName(prefix = 'sluice_test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * Stores on the Qdrant at `url`; a small scroll page so `iterate` crosses pages.
 * @example
 * const backend = qdrantBackend(peer.url);
 */
export function qdrantBackend(url: string, apiKey?: string): StoreBackend {
  const created: string[] = [];
  return {
    name: 'qdrant',
    open: (vectorSize) => {
      const collection = collectionName();
      created.push(collection);
      return QdrantVectorStore.open<ContractPayload>({
        url,
        ...(apiKey === undefined ? {} : { apiKey }),
        collection,
        vectorSize,
        timeoutMs: 10_000,
        indexedFields: INDEXED_FIELDS,
        pageSize: 3,
      });
    },
    cleanup: async () => {
      const client = new QdrantClient({ url, checkCompatibility: false, ...(apiKey === undefined ? {} : { apiKey }) });
      for (const collection of created.splice(0)) await client.api('collections').delete({ collectionName: collection });
    },
  };
}
