/**
 * Privacy policies of a module, from a JSON policy file: per `policy_id`, which kinds to look for, extra
 * patterns (kind `other`), and optionally a mode that wins over the one the gateway asks for.
 *
 *     { "policies": { "default": { "kinds": ["email", "phone"] },
 *                     "strict":  { "mode": "block", "patterns": [{ "id": "employee_id", "pattern": "EMP-\\d{6}" }] } } }
 */
import { readFile } from 'node:fs/promises';
import Type from 'typebox';
import Value from 'typebox/value';
import { FindingKindSchema, PrivacyModeSchema, type PrivacyMode } from '../contract.js';
import type { Detector } from './detectors/detector.js';
import { patternDetector } from './detectors/pattern.js';
import type { FindingKind } from './finding-kinds.js';
import { patternTimeProblem, type PatternAnalysisOptions } from '@sluice/guard-kit';

const PolicySchema = Type.Object(
  {
    mode: Type.Optional(PrivacyModeSchema),
    kinds: Type.Optional(Type.Array(FindingKindSchema)),
    patterns: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
            pattern: Type.String({ minLength: 1 }),
            flags: Type.Optional(Type.String({ pattern: '^[imsu]*$' })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

export const PolicyFileSchema = Type.Object(
  { policies: Type.Record(Type.String({ minLength: 1 }), PolicySchema) },
  { additionalProperties: false },
);

export interface PrivacyPolicy {
  readonly mode?: PrivacyMode;
  /** Undefined: every built-in kind. */
  readonly kinds?: readonly FindingKind[];
  readonly detectors: readonly Detector[];
}

export type PrivacyPolicies = ReadonlyMap<string, PrivacyPolicy>;

/** The policy of a module without a policy file: every kind, the gateway's mode. */
export const BUILTIN_POLICY: PrivacyPolicy = Object.freeze({ detectors: [] });

/**
 * Checks a parsed policy file; throws naming the file and every bad field.
 * @example
 * parsePrivacyPolicies({ policies: { default: { kinds: ['email'] } } }, 'policy.json');
 */
export function parsePrivacyPolicies(value: unknown, source: string): PrivacyPolicies {
  if (!Value.Check(PolicyFileSchema, value)) {
    const problems = [...Value.Errors(PolicyFileSchema, value)].map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(`${source}: invalid privacy policy file: ${problems.join('; ')}`);
  }
  const policies = new Map<string, PrivacyPolicy>();
  for (const [id, policy] of Object.entries(value.policies)) {
    const detectors = (policy.patterns ?? []).map((spec, i) => {
      try {
        return patternDetector(spec);
      } catch (error) {
        throw new Error(`${source}: /policies/${id}/patterns/${i}/pattern: ${(error as Error).message}`, { cause: error });
      }
    });
    policies.set(
      id,
      Object.freeze({
        ...(policy.mode === undefined ? {} : { mode: policy.mode }),
        ...(policy.kinds === undefined ? {} : { kinds: [...policy.kinds, ...(detectors.length > 0 ? ['other' as const] : [])] }),
        detectors,
      }),
    );
  }
  return policies;
}

/**
 * Reads and checks a policy file.
 * @example
 * const policies = await loadPrivacyPolicies('/etc/sluice/privacy-policy.json');
 */
export async function loadPrivacyPolicies(path: string): Promise<PrivacyPolicies> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the privacy policy file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: the privacy policy file is not valid JSON`, { cause: error });
  }
  const policies = parsePrivacyPolicies(value, path);
  await checkPrivacyPolicyPatterns(value as PolicyFile, path);
  return policies;
}

type PolicyFile = Type.Static<typeof PolicyFileSchema>;

/**
 * Refuses a policy file any of whose patterns can take super-linear time on some text (or cannot be
 * shown not to within the analysis time), naming each such pattern and why. Call it on a file
 * `parsePrivacyPolicies` accepted.
 * @example
 * await checkPrivacyPolicyPatterns({ policies: { hr: { patterns: [{ id: 'x', pattern: '(a|a)*$' }] } } }, 'policy.json');
 * // Error: policy.json: /policies/hr/patterns/0 (pattern x): pattern can take super-linear time (…)
 */
export async function checkPrivacyPolicyPatterns(
  file: PolicyFile,
  source: string,
  options: PatternAnalysisOptions = {},
): Promise<void> {
  const patterns = Object.entries(file.policies).flatMap(([id, policy]) =>
    (policy.patterns ?? []).map((spec, i) => ({ at: `/policies/${id}/patterns/${i} (pattern ${spec.id})`, spec })),
  );
  const verdicts = await Promise.all(
    patterns.map(({ spec }) => patternTimeProblem(spec.pattern, `${(spec.flags ?? '').replace(/[gdy]/g, '')}`, options)),
  );
  const problems = patterns.flatMap(({ at }, i) => (verdicts[i] === undefined ? [] : [`${at}: ${verdicts[i]}`]));
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
}

/**
 * The policy a scan uses: the one named, else the file's `default`, else the built-in one. An unknown
 * name is a warning in the reply, not an error: the scan still protects the request.
 * @example
 * resolvePolicy(policies, 'hr'); // { policy } or { policy: <default>, warning: 'unknown_policy' }
 */
export function resolvePolicy(policies: PrivacyPolicies, policyId: string): { policy: PrivacyPolicy; warning?: string } {
  const named = policies.get(policyId);
  if (named !== undefined) return { policy: named };
  const fallback = policies.get('default') ?? BUILTIN_POLICY;
  return policyId === 'default' || policies.size === 0 ? { policy: fallback } : { policy: fallback, warning: 'unknown_policy' };
}
