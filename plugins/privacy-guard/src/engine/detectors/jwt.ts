/** JSON Web Tokens: three base64url parts whose header decodes to a JSON object naming its `alg`. */
import { regexDetector } from './detector.js';

function headerNamesAlg(token: string): boolean {
  const header = token.slice(0, token.indexOf('.'));
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

export const jwtDetector = regexDetector({
  id: 'jwt',
  kind: 'jwt',
  // The signature part is empty for `alg: none`; a header always starts `{"` (base64url `eyJ`).
  pattern: /(?<![\w-])eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*(?![\w-])/g,
  accept: headerNamesAlg,
});
