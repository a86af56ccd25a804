/** `upstream_base_url` takes a provider root or a `/v1` base; the gateway appends the routes. */

const ENDPOINT = /\/(chat\/completions|completions|models|embeddings)\/?$/;

/** Why a base URL is unusable, with the likely intended value; undefined when it is fine. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL; write e.g. https://api.openai.com/v1`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be http:// or https://, not ${url.protocol}//`;
  const endpoint = ENDPOINT.exec(url.pathname);
  if (endpoint !== null) {
    const suggestion = `${url.origin}${url.pathname.slice(0, endpoint.index) || ''}`.replace(/\/$/, '');
    return `must be a provider root or a /v1 base, not an endpoint; did you mean "${suggestion}"?`;
  }
  return undefined;
}

/**
 * The `/v1` base the routes are appended to.
 * @example
 * normaliseBaseUrl('https://api.openai.com');    // 'https://api.openai.com/v1'
 * normaliseBaseUrl('http://127.0.0.1:9000/v1/'); // 'http://127.0.0.1:9000/v1'
 */
export function normaliseBaseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem !== undefined) throw new Error(`upstream_base_url ${problem}`);
  const url = new URL(value);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith('/v1') ? path : `${path}/v1`}`;
}
