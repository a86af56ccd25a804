/**
 * URLs as the gateway shows them anywhere (printed config, start-up summary, logs, evidence, errors):
 * the password of the userinfo and the values of query parameters that look like credentials masked.
 */

/**
 * What a masked credential is shown as.
 * @example
 * maskUrl('https://bob:hunter2@proxy.example/') === `https://bob:${URL_SECRET_MASK}@proxy.example/`; // true
 */
export const URL_SECRET_MASK = '***';

/** Query parameter names whose value is a credential (`key`, `api_key`, `access_token`, `sig`, …). */
const SECRET_PARAM = /(?:^|[_.-])(?:key|apikey|token|secret|password|passwd|pwd|pass|sig|signature|auth|credentials?)$/i;
/** The same names ending a camelCase name (`apiKey`, `accessToken`). */
const SECRET_PARAM_CAMEL = /[a-z](?:Key|Token|Secret|Password|Sig|Signature|Auth|Credentials?)$/;

/**
 * A URL inside free text: a scheme, `://`, then everything up to a space or a quote. It starts only where
 * a run of scheme characters starts (digits, `+`, `.` and `-` before the scheme's first letter are taken
 * in): starting again inside the run, as a word edge would after each `+`, is quadratic on `a+a+a+…`.
 */
const URL_IN_TEXT = /(?<![\w+.-])[0-9+.-]*[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi;

/**
 * `text` with every URL in it masked: `user:pass@` becomes `user:***@`, a userinfo without a password
 * (often a token itself) becomes `***@`, and secret-looking query values become `***`. Text that holds no
 * URL comes back unchanged, so it can be applied to any message or directive value.
 * @example
 * maskUrl('https://bob:hunter2@proxy.example/v1?api_key=abc&x=1'); // 'https://bob:***@proxy.example/v1?api_key=***&x=1'
 * maskUrl('redis://:pw@cache:6379/0');                            // 'redis://:***@cache:6379/0'
 * maskUrl(`invalid URL 'https://u:p@host'`);                        // "invalid URL 'https://u:***@host'"
 */
export function maskUrl(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, maskOne);
}

/**
 * `url` without its `user:password@`. Our HTTP clients (guard calls, audit delivery) authenticate with a
 * key header, and fetch refuses a URL with credentials outright, quoting it whole in its error.
 * @example
 * urlWithoutUserinfo('https://bob:pw@audit.example/'); // 'https://audit.example/'
 */
export function urlWithoutUserinfo(url: string): string {
  if (!url.includes('@')) return url;
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * Whether `text` holds a URL with a userinfo (`user[:password]@`): credentials the gateway would show or drop.
 * @example
 * hasUrlCredentials('https://bob:pw@audit.example/'); // true
 * hasUrlCredentials('https://audit.example/?api_key=abc'); // false: a query value is masked, not dropped
 */
export function hasUrlCredentials(text: string): boolean {
  for (const match of text.matchAll(URL_IN_TEXT)) if (userinfoEnd(match[0]) !== undefined) return true;
  return false;
}

function maskOne(url: string): string {
  const start = url.indexOf('://') + 3;
  const at = userinfoEnd(url);
  let masked = at === undefined ? url : `${url.slice(0, start)}${maskUserinfo(url.slice(start, at))}${url.slice(at)}`;
  const query = masked.indexOf('?');
  if (query !== -1) {
    const hash = masked.indexOf('#', query);
    const end = hash === -1 ? masked.length : hash;
    masked = `${masked.slice(0, query + 1)}${maskQuery(masked.slice(query + 1, end))}${masked.slice(end)}`;
  }
  return masked;
}

/**
 * Where the userinfo ends (the index of its `@`), as a WHATWG parser reads it: the last `@` before the
 * authority ends. A URL that does not parse is read more widely, since its credentials may hold a `/`.
 */
function userinfoEnd(url: string): number | undefined {
  const start = url.indexOf('://') + 3;
  let end = url.slice(start).search(/[/?#\\]/);
  end = end === -1 ? url.length : start + end;
  if (!URL.canParse(url)) end = url.length;
  const at = url.lastIndexOf('@', end - 1);
  return at >= start ? at : undefined;
}

function maskUserinfo(userinfo: string): string {
  const colon = userinfo.indexOf(':');
  if (colon === -1) return URL_SECRET_MASK;
  return `${userinfo.slice(0, colon)}:${URL_SECRET_MASK}`;
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = safeDecode(pair.slice(0, equals));
      return SECRET_PARAM.test(name) || SECRET_PARAM_CAMEL.test(name) ? `${pair.slice(0, equals)}=${URL_SECRET_MASK}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
