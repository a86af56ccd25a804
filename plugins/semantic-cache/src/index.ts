export type { Embedder, Embedding } from './embeddings/embedder.js';
export { OpenAIEmbedder, type OpenAIEmbedderOptions } from './embeddings/openai-embedder.js';
export {
  LocalEmbedder,
  LOCAL_EMBEDDER_MODEL,
  LOCAL_EMBEDDER_DEFAULT_DIMS,
  type LocalEmbedderOptions,
} from './embeddings/local-embedder.js';
export { embeddingBaseUrlProblem, normaliseEmbeddingBaseUrl } from './embeddings/embedding-base-url.js';
export { verifyPair, type Verification, type VerificationReason } from './verification/verify-pair.js';
export { questionFacts, type QuestionFacts } from './verification/question-facts.js';
