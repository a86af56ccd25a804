/**
 * Built-in response rules: secrets a model should never hand out. Provider key formats are matched by
 * their documented prefixes and lengths; a value must carry digits as well as letters, so placeholders
 * such as `sk-your-key-here` or `Bearer YOUR_TOKEN` pass.
 */
import type { SecurityRuleSpec } from './rule.js';

const r = String.raw;

/**
 * Whether a key's body (what follows its prefix, named `body` in the pattern) holds a digit and a
 * letter: real keys do, placeholders rarely. Checked in code after the match: a lookahead doing it
 * reads to the end of the run from every start, quadratic on `sk-sk-sk-…`.
 */
function mixedBody(match: RegExpExecArray): boolean {
  const body = match.groups?.body ?? '';
  return /\d/.test(body) && /[A-Za-z]/.test(body);
}

function bodyHasDigit(match: RegExpExecArray): boolean {
  return /\d/.test(match.groups?.body ?? '');
}

/**
 * A bearer token must read as one: the first character that is not a letter, `_` or `-` is a digit, and
 * the first that is not a digit, `_` or `-` is a letter (anchored on the token alone, so linear).
 */
function bearerBody(match: RegExpExecArray): boolean {
  const body = match.groups?.body ?? '';
  return /^[A-Za-z_-]*\d/.test(body) && /^[0-9_-]*[A-Za-z]/.test(body);
}

/**
 * The longest keyword of the password rule with the separator after it (`client_secret=`, 14 characters),
 * and a little over.
 */
const PASSWORD_KEY_SPAN = 16;

/**
 * The password value must hold a digit or one of these symbols: `hunter2`, not `changeme`. A value
 * without one may still end in a keyword whose own value follows the space after it
 * (`password=password= hunter2`): the scan resumes where that keyword can start. Any keyword earlier in
 * the value has a value that is a part of this one, with no digit either, so skipping them keeps the
 * scan linear and counts what the rule's lookahead form counts.
 */
function valueHasDigitOrSymbol(match: RegExpExecArray): true | { readonly resumeAt: number } {
  if (/[\d!@#^&+?~]/.test(match.groups?.value ?? '')) return true;
  return { resumeAt: match.index + match[0].length - PASSWORD_KEY_SPAN };
}

/**
 * The built-in response rules, in the order they are checked.
 * @example
 * RESPONSE_RULES.find((rule) => rule.id === 'leak.private_key')?.severity // 'critical'
 */
export const RESPONSE_RULES: readonly SecurityRuleSpec[] = Object.freeze([
  {
    id: 'leak.private_key',
    kind: 'private_key',
    severity: 'critical',
    stage: 'response',
    description: 'A PEM private key block.',
    flags: '',
    pattern: r`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`,
  },
  {
    id: 'leak.openai_api_key',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'An OpenAI API key.',
    flags: '',
    // `proj-`, `svcacct-` and `admin-` are token characters too: the body runs from `sk-` to the end of the token.
    pattern: r`\bsk-(?!ant-)(?<body>[A-Za-z0-9_-]{20,})`,
    accept: mixedBody,
  },
  {
    id: 'leak.anthropic_api_key',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'An Anthropic API key.',
    flags: '',
    pattern: r`\bsk-ant-(?<body>[A-Za-z0-9_-]{20,})`,
    accept: mixedBody,
  },
  {
    id: 'leak.aws_access_key',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'An AWS access key id or secret access key.',
    flags: '',
    pattern: [
      r`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b`,
      r`(?:aws_secret_access_key|AWS_SECRET_ACCESS_KEY|aws_secret_key)\s*[=:]\s*["']?[A-Za-z0-9/+]{40}\b`,
    ].join('|'),
  },
  {
    id: 'leak.github_token',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'A GitHub token.',
    flags: '',
    pattern: r`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})`,
  },
  {
    id: 'leak.slack_token',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'A Slack token.',
    flags: '',
    pattern: r`\bxox[bpars]-(?<body>[A-Za-z0-9-]{10,})`,
    accept: bodyHasDigit,
  },
  {
    id: 'leak.google_api_key',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'A Google API key.',
    flags: '',
    pattern: r`\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`,
  },
  {
    id: 'leak.stripe_secret_key',
    kind: 'api_key',
    severity: 'critical',
    stage: 'response',
    description: 'A Stripe live secret or restricted key.',
    flags: '',
    pattern: r`\b(?:sk|rk)_live_[0-9A-Za-z]{16,}`,
  },
  {
    id: 'leak.jwt',
    kind: 'jwt',
    severity: 'high',
    stage: 'response',
    description: 'A JSON Web Token.',
    flags: '',
    // Starts where a run of token characters starts: from every `eyJ` inside a run (after `-`) a
    // failing match would reread the run, quadratic on `eyJaaaaaaa-eyJaaaaaaa-…`.
    pattern: r`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`,
  },
  {
    id: 'leak.bearer_token',
    kind: 'bearer_token',
    severity: 'high',
    stage: 'response',
    description: 'A bearer token in an authorization header.',
    pattern: r`\bbearer\s+(?<body>[A-Za-z0-9._~+/-]{20,})=*`,
    accept: bearerBody,
  },
  {
    id: 'leak.password',
    kind: 'password',
    severity: 'medium',
    stage: 'response',
    description: 'A password or secret written as a value.',
    // The value must hold a digit or a symbol and must not be a variable, template or mask, so
    // `password = getpass()` and `password: ${DB_PASSWORD}` in an answer's code pass.
    pattern: r`\b(?:password|passwd|pwd|passphrase|client[_-]?secret|secret[_-]?key)["']?\s*[:=]\s*["']?(?![$%{<\[*•]|xxx|\.{3})(?<value>[^\s"'\`,;()]{6,})`,
    accept: valueHasDigitOrSymbol,
  },
]);
