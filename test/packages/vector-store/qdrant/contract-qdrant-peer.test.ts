import { QdrantPeer } from '../../../fixtures/qdrant-peer.js';
import { qdrantBackend, type StoreBackend } from './store-backends.js';
import { vectorStoreContract } from './vector-store-contract.js';

describe('vector-store: the VectorStore contract on the qdrant backend, against the local Qdrant gRPC peer', () => {
  let peer: QdrantPeer;
  let backend: StoreBackend;

  before(async () => {
    peer = await QdrantPeer.start();
    backend = qdrantBackend(peer.url);
  });

  vectorStoreContract(() => backend);

  // After the contract's own cleanup, which still talks to the peer.
  after(() => peer.close());
});
