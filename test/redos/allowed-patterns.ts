/**
 * Patterns of product source that recheck does not judge safe but that never meet client or model
 * text, each with the reason; and the sites that build a RegExp from a variable, with where the
 * patterns they build are judged instead. Keys are `path` plus the pattern source.
 */

/** Super-linear only on text we write ourselves: configuration values. */
export const NOT_CLIENT_TEXT: ReadonlyMap<string, string> = new Map([
  // Trailing slashes of a module or upstream base URL from the configuration.
  ['packages/guard-kit/src/guard-call.ts \\/+$', 'trims a configured base URL'],
  ['packages/util/src/provider-base-url.ts \\/+$', 'trims a configured base URL'],
  ['plugins/audit-sink/src/batch.ts \\/+$', 'trims the configured audit module URL'],
  // ${NAME} and ${NAME:-default} references in the configuration file.
  [
    'packages/config/src/interpolate.ts \\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\\}|\\$\\{',
    'expands references in the configuration file',
  ],
  // Trailing colons of a configured Redis key prefix.
  ['plugins/exact-cache/src/redis-store.ts :+$', 'trims the configured Redis key prefix'],
  ['plugins/privacy-guard/src/engine/redis-mapping-store.ts :+$', 'trims the configured Redis key prefix'],
  // The attack needs a line break after the spaces; an HTTP header value cannot hold one.
  ['apps/audit/src/http-io.ts ^Bearer +(.+)$', 'an HTTP header value cannot hold the line break the attack needs'],
]);

/** Sites that build a RegExp from a variable, and where what they build is judged. */
export const DYNAMIC_SITES: ReadonlyMap<string, string> = new Map([
  ['packages/guard-kit/src/placeholder.ts', 'PLACEHOLDER_PATTERN, judged as a rule table entry'],
  ['plugins/privacy-guard/src/engine/detectors/api-key.ts', 'the api_key detector, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/ipv4.ts', 'the ipv4 detector, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/iban.ts', 'a copy of the iban detector pattern, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/detector.ts', 'a copy of a detector pattern, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/pattern.ts', 'policy file patterns, analysed when the policy loads'],
  ['packages/util/src/key-redaction.ts', 'an alternation of escaped fixed pieces of the configured keys: literal strings'],
  [
    'plugins/security-guard/src/engine/request-rules.ts',
    'AI_BEFORE and the persona, author and decode checks: each runs on a fixed read of at most 400 characters around a match',
  ],
  ['plugins/security-guard/src/engine/rule.ts', 'rule table and policy file patterns, judged here and when the policy loads'],
  ['plugins/usage-guard/src/policy/parse-policy.ts', 'escaped keywords (judged here) and policy patterns (analysed at load)'],
]);

/**
 * Patterns that meet client text and are not yet shown linear by the analysis: each is skipped with
 * its reason and named in the test's output, so the list can only be shortened knowingly. Empty: a
 * pattern the analysis cannot judge is rewritten (a linear anchor, the bounded rest read in code).
 */
export const NOT_YET_LINEAR: ReadonlyMap<string, string> = new Map<string, string>([]);
