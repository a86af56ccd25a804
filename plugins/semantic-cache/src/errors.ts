/** The error codes of the semantic cache when it fails closed: the embedding endpoint or the vector store. */
import { defineErrors } from '@sluice/core';

/**
 * The semantic cache's codes, answered only when it fails closed.
 * @example
 * const { status } = SEMANTIC_CACHE_ERRORS.embedding_timeout; // 504
 */
export const SEMANTIC_CACHE_ERRORS = defineErrors('@sluice/plugin-semantic-cache', {
  embedding_timeout: {
    status: 504,
    type: 'cache_error',
    message: 'The embedding endpoint did not answer in time.',
    description: 'The embedding endpoint did not answer within its timeout, with the semantic cache failing closed.',
  },
  embedding_unavailable: {
    status: 502,
    type: 'cache_error',
    message: 'The embedding endpoint is unavailable.',
    description: 'The embedding endpoint failed or answered in an unexpected form, with the semantic cache failing closed.',
  },
  vectordb_unavailable: {
    status: 502,
    type: 'cache_error',
    message: 'The vector database is unavailable.',
    description: 'The vector store failed, with the semantic cache failing closed.',
  },
});
