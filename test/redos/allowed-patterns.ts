/**
 * Patterns of product source that recheck does not judge safe but that never meet client or model
 * text, each with the reason; and the sites that build a RegExp from a variable, with where the
 * patterns they build are judged instead. Keys are `path` plus the pattern source.
 */

/** Super-linear only on text we write ourselves: configuration values. */
export const NOT_CLIENT_TEXT: ReadonlyMap<string, string> = new Map([
  // Trailing slashes of a module or upstream base URL from the configuration.
  ['core/src/guard/guard-call.ts \\/+$', 'trims a configured base URL'],
  ['core/src/provider-base-url.ts \\/+$', 'trims a configured base URL'],
  ['plugins/audit-sink/src/batch.ts \\/+$', 'trims the configured audit module URL'],
  // Trailing colons of a configured Redis key prefix.
  ['plugins/exact-cache/src/redis-store.ts :+$', 'trims the configured Redis key prefix'],
  ['plugins/privacy-guard/src/engine/redis-mapping-store.ts :+$', 'trims the configured Redis key prefix'],
  // URLs in configuration values and in the gateway's own error messages, to mask their credentials.
  [
    'core/src/config/mask-url.ts \\b[a-z][a-z0-9+.-]*:\\/\\/[^\\s\'"<>`]+',
    'masks credentials in configuration values and own error messages',
  ],
  // The attack needs a line break after the spaces; an HTTP header value cannot hold one.
  ['presets/audit/src/http-io.ts ^Bearer +(.+)$', 'an HTTP header value cannot hold the line break the attack needs'],
]);

/** Sites that build a RegExp from a variable, and where what they build is judged. */
export const DYNAMIC_SITES: ReadonlyMap<string, string> = new Map([
  ['core/src/placeholder.ts', 'PLACEHOLDER_PATTERN, judged as a rule table entry'],
  ['plugins/privacy-guard/src/engine/detectors/api-key.ts', 'the api_key detector, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/ipv4.ts', 'the ipv4 detector, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/iban.ts', 'a copy of the iban detector pattern, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/detector.ts', 'a copy of a detector pattern, judged through BUILTIN_DETECTORS'],
  ['plugins/privacy-guard/src/engine/detectors/pattern.ts', 'policy file patterns, analysed when the policy loads'],
  ['plugins/security-guard/src/engine/request-rules.ts', 'AI_BEFORE, run on at most 120 characters before a match'],
  ['plugins/security-guard/src/engine/rule.ts', 'rule table and policy file patterns, judged here and when the policy loads'],
  ['plugins/usage-guard/src/policy/parse-policy.ts', 'escaped keywords (judged here) and policy patterns (analysed at load)'],
]);

/**
 * Patterns that meet client text and are not yet shown linear: each is skipped with its reason and
 * named in the test's output, so the list can only be shortened knowingly. The request rules are
 * long alternations whose analysis runs out of time or finds growth on runs of whitespace and
 * newlines, which the engine's normalisation shortens (runs of spaces and tabs become one space)
 * but does not remove (newlines stay).
 */
export const NOT_YET_LINEAR: ReadonlyMap<string, string> = new Map([
  ...[
    'injection.ignore_instructions',
    'injection.ignore_instructions_multilingual',
    'injection.override_own_rules',
    'jailbreak.no_restrictions',
    'jailbreak.disable_safety',
    'jailbreak.authority_claim',
    'jailbreak.refusal_suppression',
    'jailbreak.role_play',
    'extraction.system_prompt',
    'injection.hidden_comment',
    'encoded.decode_and_follow',
  ].map((id): [string, string] => [`security ${id}`, 'request rule: rewrite into linear alternatives pending']),
  // Scans the visible ends of a masked key in provider error text; quadratic on runs of "-".
  ['core/src/config/key-redaction.ts [\\w-]*$', 'owned by core config: a backward loop instead of the pattern is needed'],
]);
