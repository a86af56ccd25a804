/**
 * `embedding_base_url` takes a provider root or a `/v1` base, like `upstream_base_url`; the client
 * appends `/embeddings` itself. Same rule as the openai-upstream plugin's base URL: a candidate for
 * `@sluice/core`, where both plugins could share it.
 */

const ENDPOINT = /\/(chat\/completions|completions|models|embeddings)\/?$/;

/**
 * Why a base URL is unusable, with the likely intended value; undefined when it is fine.
 * @example
 * embeddingBaseUrlProblem('https://api.openai.com/v1/embeddings');
 * // 'must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?'
 */
export function embeddingBaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL; write e.g. https://api.openai.com/v1`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be http:// or https://, not ${url.protocol}//`;
  const endpoint = ENDPOINT.exec(url.pathname);
  if (endpoint !== null) {
    const suggestion = `${url.origin}${url.pathname.slice(0, endpoint.index)}`.replace(/\/$/, '');
    return `must be a provider root or a /v1 base, not an endpoint; did you mean "${suggestion}"?`;
  }
  return undefined;
}

/**
 * The `/v1` base the `/embeddings` route is appended to; throws with the problem when unusable.
 * @example
 * normaliseEmbeddingBaseUrl('http://127.0.0.1:11434');     // 'http://127.0.0.1:11434/v1'
 * normaliseEmbeddingBaseUrl('https://api.openai.com/v1/'); // 'https://api.openai.com/v1'
 */
export function normaliseEmbeddingBaseUrl(value: string): string {
  const problem = embeddingBaseUrlProblem(value);
  if (problem !== undefined) throw new Error(`embedding_base_url ${problem}`);
  const url = new URL(value);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith('/v1') ? path : `${path}/v1`}`;
}
