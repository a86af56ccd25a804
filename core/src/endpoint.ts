/**
 * Which model API a request came in on. Every endpoint runs the same hooks on the same chat-shaped view of
 * the request (`exchange.request.messages`: the texts guards scan and caches embed), so a plugin written for
 * chat completions guards and caches the others too; a plugin that must tell them apart reads
 * `exchange.endpoint` (the semantic cache answers only chat-like endpoints, the exact cache keys by it).
 */

/**
 * `chat.completions` (`POST /v1/chat/completions`), `responses` (`POST /v1/responses`) or `embeddings`
 * (`POST /v1/embeddings`).
 * @example
 * const chatLike = exchange.endpoint === 'chat.completions' || exchange.endpoint === 'responses';
 */
export type Endpoint = 'chat.completions' | 'responses' | 'embeddings';

/**
 * Every endpoint, in the order the host serves them.
 * @example
 * for (const endpoint of ENDPOINTS) console.log(endpoint);
 */
export const ENDPOINTS: readonly Endpoint[] = Object.freeze(['chat.completions', 'responses', 'embeddings'] as const);
