/**
 * The exporter's headers as OTEL_EXPORTER_OTLP_HEADERS writes them: `key=value` pairs separated by commas,
 * values percent-decoded. Read without a regular expression, and bounded in size.
 */

/** Longer than any real set of collector headers: a bound, not a limit anyone meets. */
const MAX_HEADERS_CHARS = 8192;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * The headers, or a sentence naming what is wrong (never the value: headers hold keys).
 * @example
 * exporterHeaders('authorization=Bearer%20abc,x-team=llm'); // { authorization: 'Bearer abc', 'x-team': 'llm' }
 */
export function exporterHeaders(text: string): Record<string, string> | string {
  if (text.length > MAX_HEADERS_CHARS) return `the headers are longer than ${MAX_HEADERS_CHARS} characters`;
  const headers: Record<string, string> = {};
  for (const [i, pair] of text.split(',').entries()) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim().toLowerCase();
    if (at < 0 || !HEADER_NAME.test(name)) return `pair ${i + 1} is not key=value with a header name as key`;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return `the value of ${name} is not percent-encoded correctly`;
    }
    if (/[\r\n\0]/.test(value)) return `the value of ${name} holds a line break`;
    headers[name] = value;
  }
  return headers;
}

/**
 * The config check: undefined when the text reads as headers.
 * @example
 * exporterHeadersProblem('authorization'); // 'pair 1 is not key=value with a header name as key'
 */
export function exporterHeadersProblem(text: string): string | undefined {
  const headers = exporterHeaders(text);
  return typeof headers === 'string' ? headers : undefined;
}
