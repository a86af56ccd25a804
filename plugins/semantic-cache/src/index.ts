export type { Embedder, Embedding } from './embeddings/embedder.js';
export { SemanticCachePlugin } from './plugin.js';
export { semanticHitSimilarity } from './lookup-slot.js';
export { SemanticCacheOptionsSchema, type SemanticCacheOptions, type SemanticCacheOptionsInput } from './options.js';
export { semanticSkipReason, type SkipReason, type EligibilityRules } from './eligibility.js';
export { semanticKey, entryId, type SemanticKey } from './scope.js';
export type { SemanticEntry } from './entry.js';
export { storeLocation } from './semantic-store.js';
export { savedStoreProblem } from './saved-store-check.js';
export type { RestoreProgress } from '@sluice/vector-store';
export { OpenAIEmbedder, type OpenAIEmbedderOptions } from './embeddings/openai-embedder.js';
export { createEmbedder } from './embeddings/create-embedder.js';
export {
  LocalEmbedder,
  LOCAL_EMBEDDER_MODEL,
  LOCAL_EMBEDDER_DEFAULT_DIMS,
  type LocalEmbedderOptions,
} from './embeddings/local-embedder.js';
export { verifyPair, type Verification, type VerificationReason } from './verification/verify-pair.js';
export { questionFacts, type QuestionFacts } from './verification/question-facts.js';
export { SAME_WORDING_THRESHOLD_DEFAULT, sameWording } from './verification/same-wording.js';
export { sameContent } from './verification/same-content.js';
export { CLOSE_WORDING_SIMILARITY, CloseWording, closelyWorded } from './close-wording.js';
export { calibrationReport, type CalibrationBucket, type CalibrationReport, type ThresholdRow } from './calibration-report.js';
export { pruneExpiredSemanticEntries, type PruneProgress, type PruneResult } from './prune.js';
export { SEMANTIC_CACHE_ERRORS } from './errors.js';
export {
  LOCAL_RESTATED_THRESHOLD_DEFAULT,
  LOCAL_THRESHOLD_DEFAULT,
  NEURAL_RESTATED_THRESHOLD_DEFAULT,
  NEURAL_THRESHOLD_DEFAULT,
  restatedThreshold,
  similarityThreshold,
} from './threshold-default.js';
export {
  closeWordingHits,
  LOCAL_CLOSE_WORDING_HITS,
  LOCAL_RESTATED_HITS,
  LOCAL_VERIFY_RULES,
  NEURAL_CLOSE_WORDING_HITS,
  NEURAL_RESTATED_HITS,
  NEURAL_VERIFY_RULES,
  restatedHits,
  verificationRules,
} from './verify-rules-default.js';
