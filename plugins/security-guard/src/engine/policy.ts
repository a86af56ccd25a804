/**
 * Policy files: JSON that adds, replaces, re-grades or disables rules of the engine. The format is
 * documented in docs/reference/guards/security.md; a bad file fails loudly, naming the entry.
 */
import { readFile } from 'node:fs/promises';
import Value from 'typebox/value';
import { patternTimeProblem, type PatternAnalysisOptions } from '@sluice/guard-kit';
import { REQUEST_RULES } from './request-rules.js';
import { RESPONSE_RULES } from './response-rules.js';
import { buildRuleSet } from './rule-set.js';
import { SecurityPolicySchema, type SecurityPolicy } from './policy-schema.js';

/**
 * Checks a parsed policy; throws an Error naming the source and every bad field.
 * @example
 * const policy = parseSecurityPolicy({ rules: [{ id: 'leak.password', enabled: false }] });
 */
export function parseSecurityPolicy(value: unknown, source = 'security policy'): SecurityPolicy {
  const withDefaults = Value.Default(SecurityPolicySchema, structuredClone(value ?? {}));
  const problems = [...Value.Errors(SecurityPolicySchema, withDefaults)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => `${fieldPath(e.instancePath, e.params)} ${e.message}`);
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return withDefaults as SecurityPolicy;
}

/**
 * Reads and checks a policy file.
 * @example
 * const engine = new SecurityGuardEngine({ policy: await loadSecurityPolicy('./security-policy.json') });
 */
export async function loadSecurityPolicy(file: string): Promise<SecurityPolicy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read security policy ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`security policy ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return checkSecurityPolicyPatterns(parseSecurityPolicy(value, `security policy ${file}`), `security policy ${file}`);
}

/** Built-in rules are analysed by the test suite; only what a policy writes is analysed at load. */
const BUILTIN_PATTERNS = new Set([...REQUEST_RULES, ...RESPONSE_RULES].map((spec) => `${spec.flags ?? 'i'}/${spec.pattern}`));

/**
 * Refuses a policy any of whose own patterns can take super-linear time on some text (or cannot be
 * shown not to within the analysis time), naming each such rule and why; returns the policy otherwise.
 * @example
 * await checkSecurityPolicyPatterns(parseSecurityPolicy({ rules: [{ id: 'custom.x', severity: 'low', stage: 'request', pattern: '(a+)+$' }] }));
 * // Error: security policy: rule custom.x: pattern can take super-linear time (exponential; attack string 'aaaa…')
 */
export async function checkSecurityPolicyPatterns(
  policy: SecurityPolicy,
  source = 'security policy',
  options: PatternAnalysisOptions = {},
): Promise<SecurityPolicy> {
  let rules;
  try {
    rules = buildRuleSet(policy).rules;
  } catch (error) {
    throw new Error(`${source}: ${(error as Error).message}`, { cause: error });
  }
  const own = rules.filter((rule) => !BUILTIN_PATTERNS.has(`${rule.flags}/${rule.pattern}`));
  const verdicts = await Promise.all(own.map((rule) => patternTimeProblem(rule.pattern, rule.flags, options)));
  const problems = own.flatMap((rule, i) => (verdicts[i] === undefined ? [] : [`rule ${rule.id}: ${verdicts[i]}`]));
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return policy;
}

/** `rules.0.colour` rather than `/rules/0`, so an unknown field is named. */
function fieldPath(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
  const extra = (params as { additionalProperties?: unknown } | undefined)?.additionalProperties;
  return Array.isArray(extra) && extra.length > 0 ? extra.map((key) => `${base}.${String(key)}`).join(', ') : base;
}
