/** Bearer tokens: the credential after `Bearer` (the word itself stays, so the text still reads). */
import { regexDetector } from './detector.js';

export const bearerTokenDetector = regexDetector({
  id: 'bearer_token',
  kind: 'bearer_token',
  pattern: /\b[Bb]earer[ \t]+([A-Za-z0-9\-._~+/]{16,}=*)(?![\w\-.~+/=])/dg,
  group: 1,
  // "Bearer authentication_flows" is prose; a token carries digits.
  accept: (value) => /\d/.test(value),
});
