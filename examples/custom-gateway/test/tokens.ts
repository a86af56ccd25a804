/** Tokens for the tests: signed with the test secret, or made wrong on purpose. */
import { signHs256, type JwtClaims } from '../src/jwt.js';

export const SECRET = 'test-secret-of-at-least-thirty-two-bytes';
export const now = () => Math.floor(Date.now() / 1000);

/** A token for `tenant`, valid for an hour unless the claims say otherwise. */
export const tokenFor = (tenant: string, claims: JwtClaims = {}, secret = SECRET) =>
  signHs256({ tenant, exp: now() + 3600, ...claims }, secret);

/** An unsigned token (`alg: none`), as an attacker would send it. */
export function unsignedToken(claims: JwtClaims): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
