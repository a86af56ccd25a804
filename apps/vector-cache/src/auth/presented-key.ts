/** Finds the API key a request presents: `X-SVC-Key: <key>` or `Authorization: Bearer <key>`. */

/** Request headers as Node and Koa give them (lower-case names); other spellings are found too. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The presented key, or undefined when there is none. `X-SVC-Key` wins when both headers are sent, so a request
 * is judged by exactly one key.
 *
 * @example
 * presentedKey({ authorization: 'Bearer k1' }); // 'k1'
 */
export function presentedKey(headers: RequestHeaders): string | undefined {
  const direct = header(headers, 'x-svc-key')?.trim();
  if (direct !== undefined && direct !== '') return direct;
  const authorization = header(headers, 'authorization');
  const bearer = authorization === undefined ? null : /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  return bearer?.[1];
}

function header(headers: RequestHeaders, name: string): string | undefined {
  let value = headers[name];
  if (value === undefined) {
    const spelled = Object.keys(headers).find((key) => key.toLowerCase() === name);
    if (spelled !== undefined) value = headers[spelled];
  }
  return typeof value === 'string' ? value : value?.[0];
}
