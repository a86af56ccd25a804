/**
 * Reads a usage policy file: the schema first, then what a schema cannot say (names that refer to
 * nothing, regexes that do not compile), every problem named by its path in one error.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { canonicalJson } from '@sluice/util';
import { patternTimeProblem, type PatternAnalysisOptions } from '@sluice/guard-kit';
import Value from 'typebox/value';
import {
  GENERAL_CATEGORY,
  type CompiledCategory,
  type CompiledPolicy,
  type CompiledQuota,
  type UsagePolicySet,
} from './compiled-policy.js';
import { PolicyFileSchema, type PolicySpec, type QuotaSpec, type UsagePolicyFile } from './policy-schema.js';

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const WINDOWS = { minute: 60, hour: 3600, day: 86400 } as const;

/**
 * A policy file that cannot be used; the message names the file and every problem.
 * @example
 * try { await loadUsagePolicy(path); } catch (error) { if (error instanceof UsagePolicyError) console.error(error.problems); }
 */
export class UsagePolicyError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`usage policy ${source}: ${problems.join('; ')}`);
    this.name = 'UsagePolicyError';
  }
}

/**
 * Reads and checks a policy file (JSON).
 * @example
 * const policy = await loadUsagePolicy('/etc/sluice/usage-policy.json');
 * new UsageEngine({ policy });
 */
export async function loadUsagePolicy(path: string): Promise<UsagePolicySet> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsagePolicyError(path, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsagePolicyError(path, [`is not valid JSON (${(error as Error).message})`]);
  }
  const policy = parseUsagePolicy(value, path);
  await checkUsagePolicyPatterns(value as UsagePolicyFile, path);
  return policy;
}

/**
 * Refuses a policy file any of whose category patterns can take super-linear time on some text (or
 * cannot be shown not to within the analysis time), naming each such pattern and why. Keywords are
 * matched as escaped literals and need no analysis. Call it on a file `parseUsagePolicy` accepted.
 * @example
 * await checkUsagePolicyPatterns({ categories: { x: { patterns: ['(\\w+\\s?)+$'] } }, policies: { p: {} }, default_policy: 'p' }, 'inline');
 * // UsagePolicyError: usage policy inline: categories.x.patterns.0: pattern can take super-linear time (…)
 */
export async function checkUsagePolicyPatterns(
  file: UsagePolicyFile,
  source = 'inline',
  options: PatternAnalysisOptions = {},
): Promise<void> {
  const patterns = Object.entries(file.categories ?? {}).flatMap(([name, spec]) =>
    (spec.patterns ?? []).map((pattern, i) => ({ at: `categories.${name}.patterns.${i}`, pattern })),
  );
  const verdicts = await Promise.all(patterns.map(({ pattern }) => patternTimeProblem(pattern, PATTERN_FLAGS, options)));
  const problems = patterns.flatMap(({ at }, i) => (verdicts[i] === undefined ? [] : [`${at}: ${verdicts[i]}`]));
  if (problems.length > 0) throw new UsagePolicyError(source, problems);
}

/**
 * Checks a parsed policy file and compiles it.
 * @example
 * const policy = parseUsagePolicy({ default_policy: 'open', policies: { open: {} } }, 'inline');
 */
export function parseUsagePolicy(value: unknown, source = 'inline'): UsagePolicySet {
  if (!Value.Check(PolicyFileSchema, value)) throw new UsagePolicyError(source, schemaProblems(value));
  const file = value;
  const problems: string[] = [];
  const categories = Object.entries(file.categories ?? {}).map(([name, spec]) => {
    if (!NAME.test(name)) problems.push(`categories.${name}: a name must be 1-64 letters, digits, "_", "." or "-"`);
    if (name === GENERAL_CATEGORY)
      problems.push(`categories.${name}: "${GENERAL_CATEGORY}" is reserved for text no category matches`);
    const keywords = (spec.keywords ?? []).map((keyword) => keywordMatcher(keyword));
    const patterns = (spec.patterns ?? []).map((pattern, i) =>
      patternMatcher(pattern, `categories.${name}.patterns.${i}`, problems),
    );
    if (keywords.length + patterns.length === 0) problems.push(`categories.${name}: needs at least one keyword or pattern`);
    return { name, severity: spec.severity ?? 'medium', matchers: [...keywords, ...patterns.filter((p) => p !== undefined)] };
  }) satisfies CompiledCategory[];
  const known = new Set([GENERAL_CATEGORY, ...categories.map((c) => c.name)]);
  const policies = new Map<string, CompiledPolicy>();
  for (const [id, spec] of Object.entries(file.policies)) {
    if (!NAME.test(id)) problems.push(`policies.${id}: a name must be 1-64 letters, digits, "_", "." or "-"`);
    policies.set(id, compilePolicy(id, spec, known, problems));
  }
  if (!policies.has(file.default_policy)) {
    problems.push(`default_policy: no policy named "${file.default_policy}" in policies (${listed(policies.keys())})`);
  }
  for (const [tenant, policy] of Object.entries(file.tenants ?? {})) {
    if (!policies.has(policy))
      problems.push(`tenants.${tenant}: no policy named "${policy}" in policies (${listed(policies.keys())})`);
  }
  if (problems.length > 0) throw new UsagePolicyError(source, problems);
  const hash = createHash('sha256').update(canonicalJson(file)).digest('hex');
  return Object.freeze({
    source,
    version: file.version ?? `sha256:${hash.slice(0, 12)}`,
    hash,
    categories,
    policies,
    defaultPolicy: file.default_policy,
    tenants: new Map(Object.entries(file.tenants ?? {})),
  });
}

function compilePolicy(id: string, spec: PolicySpec, known: ReadonlySet<string>, problems: string[]): CompiledPolicy {
  for (const list of ['allowed_categories', 'denied_categories'] as const) {
    (spec[list] ?? []).forEach((name, i) => {
      if (!known.has(name)) problems.push(`policies.${id}.${list}.${i}: unknown category "${name}" (known: ${listed(known)})`);
    });
  }
  const ids = new Set<string>();
  const quotas = (spec.quotas ?? []).map((quota, i): CompiledQuota => {
    const at = `policies.${id}.quotas.${i}`;
    if (ids.has(quota.id)) problems.push(`${at}.id: "${quota.id}" is used twice in this policy`);
    ids.add(quota.id);
    if (quota.requests === undefined && quota.prompt_tokens === undefined) {
      problems.push(`${at}: needs "requests", "prompt_tokens" or both`);
    }
    return compileQuota(quota);
  });
  return {
    id,
    ...(spec.allowed_categories ? { allowed: new Set(spec.allowed_categories) } : {}),
    denied: new Set(spec.denied_categories ?? []),
    ...(spec.models ? { models: modelMatcher(spec.models) } : {}),
    quotas,
  };
}

function compileQuota(quota: QuotaSpec): CompiledQuota {
  return {
    id: quota.id,
    windowSeconds: typeof quota.window === 'number' ? quota.window : WINDOWS[quota.window],
    ...(quota.requests === undefined ? {} : { requests: quota.requests }),
    ...(quota.prompt_tokens === undefined ? {} : { promptTokens: quota.prompt_tokens }),
  };
}

/** A keyword matches as a whole word (or phrase) in any case: `sue` does not match `pursue`. */
function keywordMatcher(keyword: string): RegExp {
  const escaped = keyword.trim().replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'iu');
}

/** Category patterns are case-insensitive and read Unicode. */
const PATTERN_FLAGS = 'iu';

function patternMatcher(pattern: string, at: string, problems: string[]): RegExp | undefined {
  try {
    return new RegExp(pattern, PATTERN_FLAGS);
  } catch (error) {
    problems.push(`${at}: not a valid regular expression (${(error as Error).message})`);
    return undefined;
  }
}

/** Exact names, or a prefix when the entry ends with `*`. */
function modelMatcher(models: readonly string[]): (model: string) => boolean {
  const exact = new Set(models.filter((m) => !m.endsWith('*')));
  const prefixes = models.filter((m) => m.endsWith('*')).map((m) => m.slice(0, -1));
  return (model) => exact.has(model) || prefixes.some((prefix) => model.startsWith(prefix));
}

/** The schema's errors, one line per path; a union's branches are folded into "must be one of". */
function schemaProblems(value: unknown): string[] {
  const errors = [...Value.Errors(PolicyFileSchema, value)].filter((e) => e.keyword !== 'boolean');
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const groups = new Map<string, { union: boolean; lines: string[] }>();
  for (const error of errors) {
    if (error.keyword === 'anyOf') continue;
    const path = describe(error.instancePath, error.params);
    const union = unions.has(error.instancePath);
    const group = groups.get(path) ?? { union, lines: [] };
    const params = error.params as { allowedValue?: unknown; type?: unknown };
    if (!union) group.lines.push(error.keyword === 'required' ? 'is required' : error.message);
    else group.lines.push(params.allowedValue !== undefined ? JSON.stringify(params.allowedValue) : article(String(params.type)));
    groups.set(path, group);
  }
  return [...groups].map(([path, { union, lines }]) => `${path}: ${union ? 'must be one of ' : ''}${lines.join(', ')}`);
}

function describe(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const extra = (params as { additionalProperties?: unknown; requiredProperties?: unknown } | undefined) ?? {};
  const names = Array.isArray(extra.additionalProperties) ? extra.additionalProperties : extra.requiredProperties;
  if (Array.isArray(names) && names.length > 0) return names.map((n) => (base ? `${base}.${String(n)}` : String(n))).join(', ');
  return base || '(file)';
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function listed(names: Iterable<string>): string {
  return [...names].map((n) => `"${n}"`).join(', ') || 'none';
}

export type { UsagePolicyFile };
