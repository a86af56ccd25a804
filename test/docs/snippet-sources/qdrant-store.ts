/** docs/reference/packages/vector-store.md: opening the qdrant backend. */
import { QdrantVectorStore } from '@sluice/vector-store';
import type { SemanticEntry } from '@sluice/plugin-semantic-cache';

// #region open
const store = await QdrantVectorStore.open<SemanticEntry>({
  url: 'http://qdrant:6334', // gRPC; https:// for TLS
  apiKey: process.env.QDRANT_API_KEY, // optional, sent as the `api-key` header
  collection: 'semantic_cache',
  vectorSize: 384, // the embedding model's output length
  timeoutMs: 5000, // per call, default 10000
  indexedFields: { scope: 'keyword', expires_at: 'integer' },
});
// #endregion open
export { store };
