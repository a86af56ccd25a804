import { maskUrl } from './mask-url.js';

/**
 * Provider base URLs (`upstream_base_url`, `embedding_base_url`): a provider root or a `/v1` base, to which
 * the gateway appends the OpenAI-compatible routes itself; a full endpoint path is a mistake worth naming.
 */

const ENDPOINT = /\/(chat\/completions|completions|models|embeddings)\/?$/;

/**
 * Why a base URL is unusable, with the likely intended value; undefined when it is fine. A value is only
 * ever quoted masked: it may carry credentials.
 * @example
 * baseUrlProblem('https://api.openai.com/v1/embeddings');
 * // 'must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?'
 */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${maskUrl(value)}" is not a URL; write e.g. https://api.openai.com/v1`;
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
 * The `/v1` base the routes are appended to; throws naming the directive when the value is unusable.
 * @example
 * normaliseBaseUrl('https://api.openai.com');    // 'https://api.openai.com/v1'
 * normaliseBaseUrl('http://127.0.0.1:9000/v1/'); // 'http://127.0.0.1:9000/v1'
 */
export function normaliseBaseUrl(value: string, directive = 'upstream_base_url'): string {
  const problem = baseUrlProblem(value);
  if (problem !== undefined) throw new Error(`${directive} ${problem}`);
  const url = new URL(value);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith('/v1') ? path : `${path}/v1`}`;
}

/** Keys that mean "no authentication": no Authorization header is sent for them. */
const PLACEHOLDER_KEYS = new Set(['', 'dummy', 'none', 'null', '-']);

/**
 * `dummy`, `none`, `null`, `-` (and an empty key) send no Authorization header, e.g. to a local model server.
 * @example
 * isPlaceholderKey('dummy');   // true
 * isPlaceholderKey('sk-live'); // false
 */
export function isPlaceholderKey(key: string | undefined): boolean {
  return key === undefined || PLACEHOLDER_KEYS.has(key.trim().toLowerCase());
}
