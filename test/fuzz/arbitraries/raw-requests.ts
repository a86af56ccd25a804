/**
 * HTTP/1.1 requests as bytes, malformed in the ways only a raw socket can send: bodies shorter than
 * their Content-Length, chunked bodies cut short or with bad sizes, conflicting framing, wrong or
 * missing content types, oversized and very many headers, bad methods and versions, odd paths with
 * encoded dots, bad percent-encoding and very long URLs. Text is kept as latin1 "byte strings", one
 * character per byte, so invalid UTF-8 can be written as it is.
 */
import fc from 'fast-check';

export interface RawRequest {
  /** Request line and header lines, up to and including the blank line (or what stands for it). */
  readonly head: string;
  readonly body: string;
  /**
   * True when the bytes frame a whole request, so the server has everything it needs and must answer;
   * false when the client stops short and then closes its side (the server may answer or just close).
   */
  readonly complete: boolean;
  /** What the request does wrong, for a person reading a counterexample. */
  readonly why: string;
}

export type HeaderLines = readonly (readonly [string, string])[];

export interface RawRequestParts {
  /** The service's own paths, as its clients use them. */
  readonly paths: readonly string[];
  /** Headers the service cares about (keys, content types), in the latin1 form they are sent in. */
  readonly headers: fc.Arbitrary<HeaderLines>;
  /** Bodies for the service, as JavaScript text (sent as UTF-8). */
  readonly bodies: fc.Arbitrary<string>;
}

/** JavaScript text as the latin1 string of its UTF-8 bytes. */
export function utf8Bytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

const METHODS = [
  'GET',
  'POST',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
  'PATCH',
  'get',
  'Post',
  'FOO',
  'CONNECT',
  'TRACE',
  'PRI',
  'G\tET',
  'M'.repeat(200),
  '',
];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/9.9', 'HTTX/1.1', 'http/1.1', ''];

/** Paths made from a service's own: encoded dots, doubled slashes, bad escapes, very long. */
function oddPath(paths: readonly string[]): fc.Arbitrary<string> {
  const own = fc.constantFrom(...paths);
  return fc.oneof(
    { arbitrary: own, weight: 12 },
    { arbitrary: own.map((p) => `${p}/`), weight: 1 },
    { arbitrary: own.map((p) => p.toUpperCase()), weight: 1 },
    { arbitrary: own.map((p) => p.replaceAll('/', '//')), weight: 1 },
    { arbitrary: own.map((p) => `/v1/..${p}`), weight: 1 },
    { arbitrary: own.map((p) => `/%2e%2e${p}`), weight: 1 },
    { arbitrary: own.map((p) => p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          own,
          fc.constantFrom('?%', '?a=%zz', '?a=%E0%A4%A', '#x', ';x', '%00', '%2f..%2f..%2fetc%2fpasswd', '?' + 'q='.repeat(3000)),
        )
        .map(([p, s]) => p + s),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        '*',
        '/',
        '/%',
        '/%E0%A4%A',
        '/..%2f..%2fpackage.json',
        '/api-docs/%2e%2e%2f%2e%2e%2fpackage.json',
        '/api-docs/..%5c..%5cpackage.json',
        '/api-docs/swagger-ui.css%00.png',
        'http://127.0.0.1/healthz',
        'healthz',
        '/a b',
        utf8Bytes('/é/\u202e'),
        '/\xff\xfe',
        `/${'a'.repeat(70_000)}`,
        `/healthz?${'x'.repeat(8_000)}`,
      ),
      weight: 2,
    },
  );
}

/** Header lines that are malformed, oversized or too many; each with what it does wrong. */
interface OddHeaders {
  readonly lines: readonly string[];
  readonly why: string;
}

const NO_ODD_HEADERS: OddHeaders = { lines: [], why: '' };

const oddHeaders: fc.Arbitrary<OddHeaders> = fc.oneof(
  fc.constant(NO_ODD_HEADERS),
  fc.constantFrom(4_000, 20_000, 100_000).map((n) => ({ lines: [`x-big: ${'b'.repeat(n)}`], why: `a ${n}-byte header` })),
  fc
    .constantFrom(100, 1_000, 3_000)
    .map((n) => ({ lines: Array.from({ length: n }, (_, i) => `x-h${i}: ${i}`), why: `${n} headers` })),
  fc
    .constantFrom(
      ' folded continuation',
      'no-colon-here',
      'sp ace: x',
      'x-nul: a\0b',
      ': empty name',
      'x-bad\xff: v',
      'x-lf: a\nb',
      utf8Bytes('x-u: \ud800é\u202e'),
    )
    .map((line) => ({ lines: [line], why: `header line ${JSON.stringify(line)}` })),
  fc
    .constantFrom(
      'connection: upgrade\r\nupgrade: websocket',
      'expect: 100-continue',
      'expect: something-else',
      'connection: close',
      'host: a\r\nhost: b',
      'content-encoding: gzip',
      'transfer-encoding: identity',
    )
    .map((line) => ({ lines: [line], why: line.split(':')[0]! })),
);

type Framing =
  | 'none'
  | 'exact'
  | 'longer'
  | 'shorter'
  | 'bad-length'
  | 'two-lengths'
  | 'chunked'
  | 'chunked-cut'
  | 'chunked-bad'
  | 'length-and-chunked';
const FRAMINGS: Framing[] = [
  'none',
  'none',
  'exact',
  'exact',
  'exact',
  'exact',
  'exact',
  'exact',
  'exact',
  'exact',
  'longer',
  'shorter',
  'bad-length',
  'two-lengths',
  'chunked',
  'chunked',
  'chunked-cut',
  'chunked-bad',
  'length-and-chunked',
];

/** Frames `body` as `framing` says: the header lines, the bytes sent and whether they are the whole request. */
function frame(framing: Framing, body: string, cutAt: number): { lines: string[]; sent: string; complete: boolean } {
  const n = body.length;
  const chunked = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
  switch (framing) {
    case 'none':
      return { lines: [], sent: '', complete: true };
    case 'exact':
      return { lines: [`content-length: ${n}`], sent: body, complete: true };
    case 'longer':
      return { lines: [`content-length: ${n + 1 + cutAt}`], sent: body, complete: false };
    case 'shorter':
      return { lines: [`content-length: ${Math.floor(n / 2)}`], sent: body, complete: true };
    case 'bad-length':
      return {
        lines: [`content-length: ${['abc', '-1', '1e3', '0x10', ' 5 5', '99999999999999999999999'][cutAt % 6]}`],
        sent: body,
        complete: true,
      };
    case 'two-lengths':
      return { lines: [`content-length: ${n}`, `content-length: ${n + 1}`], sent: body, complete: true };
    case 'chunked':
      return { lines: ['transfer-encoding: chunked'], sent: chunked(body), complete: true };
    case 'chunked-cut':
      return { lines: ['transfer-encoding: chunked'], sent: chunked(body).slice(0, cutAt % (n + 4)), complete: false };
    case 'chunked-bad':
      return {
        lines: ['transfer-encoding: chunked'],
        sent: `${['zz', '-1', '1;x=', 'ffffffffffffffffff'][cutAt % 4]}\r\n${body}\r\n0\r\n\r\n`,
        complete: false,
      };
    case 'length-and-chunked':
      return { lines: [`content-length: ${n}`, 'transfer-encoding: chunked'], sent: chunked(body), complete: true };
  }
}

/** Requests to a service's paths, each malformed in a way or more (or not at all). */
export function rawRequests(parts: RawRequestParts): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: fc.oneof(
        { arbitrary: fc.constantFrom('GET', 'POST'), weight: 4 },
        { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
      ),
      path: oddPath(parts.paths),
      version: fc.oneof(
        { arbitrary: fc.constant('HTTP/1.1'), weight: 6 },
        { arbitrary: fc.constantFrom(...VERSIONS), weight: 1 },
      ),
      host: fc.oneof(
        { arbitrary: fc.constant('host: 127.0.0.1'), weight: 8 },
        { arbitrary: fc.constantFrom('', 'host: ', `host: ${'h'.repeat(300)}`), weight: 1 },
      ),
      own: parts.headers,
      odd: fc.oneof({ arbitrary: fc.constant(NO_ODD_HEADERS), weight: 4 }, { arbitrary: oddHeaders, weight: 1 }),
      framing: fc.constantFrom(...FRAMINGS),
      body: fc.oneof(
        { arbitrary: parts.bodies.map(utf8Bytes), weight: 4 },
        { arbitrary: fc.constantFrom('\xff\xfe\xc0\xaf{"a":"\xed\xa0\x80"}', '{"a":1}\0'), weight: 1 },
      ),
      cutAt: fc.nat({ max: 1_000_000 }),
      lineEnd: fc.oneof({ arbitrary: fc.constant('\r\n'), weight: 12 }, { arbitrary: fc.constantFrom('\n', '\r'), weight: 1 }),
    })
    .map(({ method, path, version, host, own, odd, framing, body, cutAt, lineEnd }) => {
      const framed = frame(framing, body, cutAt);
      const lines = [
        `${method} ${path} ${version}`.trimEnd(),
        ...(host ? [host] : []),
        ...own.map(([name, value]) => `${name}: ${value}`),
        ...odd.lines,
        ...framed.lines,
      ];
      const why = [
        method !== 'GET' && method !== 'POST' ? `method ${JSON.stringify(method.slice(0, 20))}` : '',
        version !== 'HTTP/1.1' ? `version ${JSON.stringify(version)}` : '',
        host === 'host: 127.0.0.1' ? '' : `host line ${JSON.stringify(host.slice(0, 12))}`,
        lineEnd === '\r\n' ? '' : `lines ending ${JSON.stringify(lineEnd)}`,
        odd.why,
        framing === 'exact' || framing === 'none' ? '' : `${framing} body`,
      ]
        .filter(Boolean)
        .join(', ');
      // Nothing obliges an answer to a head that never ends (a bare CR ends no line), to a body held back
      // for 100-continue, or to PRI, which Node's parser reads as the start of an HTTP/2 preface.
      const complete = framed.complete && lineEnd !== '\r' && !odd.why.startsWith('expect') && method !== 'PRI';
      return { head: lines.join(lineEnd) + lineEnd + lineEnd, body: framed.sent, complete, why: why || 'well formed' };
    });
}
