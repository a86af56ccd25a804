/**
 * HS256 JSON Web Tokens with node:crypto alone: enough to check a token a client got from your own
 * sign-in service. Only HS256 is accepted (never `none`, never another algorithm named by the
 * token), the signature is compared in constant time, and a token must say when it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims as the token carries them (only `exp` and `nbf` are read here). */
export type JwtClaims = Readonly<Record<string, unknown>>;

/** Why a token was refused; each becomes a reason code in evidence and a sentence for the client. */
export type JwtProblem = 'malformed' | 'algorithm' | 'signature' | 'no_expiry' | 'expired' | 'not_yet_valid';

export type JwtCheck = { readonly ok: true; readonly claims: JwtClaims } | { readonly ok: false; readonly problem: JwtProblem };

/** Longer than any sane token: bounds the work a stranger can make the gateway do. */
const MAX_TOKEN_CHARS = 8192;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

export interface VerifyOptions {
  /** Seconds since the epoch; defaults to now. */
  readonly now?: number;
  /** Clock skew allowed on `exp` and `nbf`, in seconds. */
  readonly clockToleranceSeconds?: number;
}

/**
 * @example
 * const check = verifyHs256(token, secret);
 * if (check.ok) console.log(check.claims.tenant);
 */
export function verifyHs256(token: string, secret: string, options: VerifyOptions = {}): JwtCheck {
  const parts = token.length <= MAX_TOKEN_CHARS ? token.split('.') : [];
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return refused('malformed');
  const [header, payload, signature] = parts as [string, string, string];
  const head = jsonObject(header);
  if (head === undefined) return refused('malformed');
  // The token names its algorithm, but we decide: anything but HS256 (`none` above all) is refused.
  if (head.alg !== 'HS256') return refused('algorithm');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused('signature');
  const claims = jsonObject(payload);
  if (claims === undefined) return refused('malformed');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.clockToleranceSeconds ?? 0;
  if (typeof claims.exp !== 'number') return refused('no_expiry');
  if (now > claims.exp + tolerance) return refused('expired');
  if (typeof claims.nbf === 'number' && now + tolerance < claims.nbf) return refused('not_yet_valid');
  return { ok: true, claims };
}

/**
 * Signs claims with HS256, for tests and for the demo token `start.js` prints.
 * @example
 * const token = signHs256({ tenant: 'acme', exp: Math.floor(Date.now() / 1000) + 3600 }, secret);
 */
export function signHs256(claims: JwtClaims, secret: string, header: Readonly<Record<string, unknown>> = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

function refused(problem: JwtProblem): JwtCheck {
  return { ok: false, problem };
}

function jsonObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
