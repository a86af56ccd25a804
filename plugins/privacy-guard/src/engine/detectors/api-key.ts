/** API keys recognisable by their provider's prefix and length. */
import { regexDetector } from './detector.js';

/** One alternative per provider; each names a shape the provider documents or is widely seen in leaks. */
const PROVIDER_KEYS = [
  // OpenAI and Anthropic: `sk-`, `sk-proj-`, `sk-ant-api03-` …
  'sk-(?:proj-|svcacct-|admin-|ant-(?:api|admin)\\d{2}-)?[A-Za-z0-9_-]{20,}',
  // Stripe secret and restricted keys.
  '[sr]k_(?:live|test)_[A-Za-z0-9]{16,}',
  // AWS access key ids.
  '(?:AKIA|ASIA)[0-9A-Z]{16}',
  // GitHub tokens and fine-grained personal access tokens.
  'gh[pousr]_[A-Za-z0-9]{36,255}',
  'github_pat_[A-Za-z0-9_]{22,255}',
  // GitLab personal access tokens.
  'glpat-[A-Za-z0-9_-]{20,}',
  // Slack tokens.
  'xox[abposr]-[A-Za-z0-9-]{10,}',
  // Google API keys.
  'AIza[0-9A-Za-z_-]{35}',
  // Hugging Face tokens.
  'hf_[A-Za-z0-9]{30,}',
  // SendGrid keys.
  'SG\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{16,64}',
  // npm tokens.
  'npm_[A-Za-z0-9]{36}',
];

export const apiKeyDetector = regexDetector({
  id: 'api_key',
  kind: 'api_key',
  pattern: new RegExp(`(?<![\\w-])(?:${PROVIDER_KEYS.join('|')})(?![\\w-])`, 'g'),
  // A real key body mixes letters and digits; `sk-this-is-not-a-real-key-at-all` does not.
  accept: (value) => /\d/.test(value) && /[A-Za-z]/.test(value.slice(3)),
});
