/** PEM private keys (PKCS#1, PKCS#8, EC, OpenSSH, PGP blocks); a block cut off before its END line counts too. */
import { regexDetector } from './detector.js';

export const privateKeyDetector = regexDetector({
  id: 'private_key',
  kind: 'private_key',
  pattern: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g,
});
