export type { Embedder, Embedding } from './embeddings/embedder.js';
