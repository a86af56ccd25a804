import { hnswBackend } from './store-backends.js';
import { vectorStoreContract } from './vector-store-contract.js';

describe('vector-store: the VectorStore contract on the hnsw backend', () => {
  const backend = hnswBackend();
  vectorStoreContract(() => backend);
});
