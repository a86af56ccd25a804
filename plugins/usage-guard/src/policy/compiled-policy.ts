/** A usage policy file made ready to evaluate: regexes built, names resolved, version and hash known. */

/** The label of a request no category matched. */
export const GENERAL_CATEGORY = 'general';

export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface CompiledCategory {
  readonly name: string;
  readonly severity: Severity;
  /** One per keyword or pattern; a category's score is how many of them match. */
  readonly matchers: readonly RegExp[];
}

export interface CompiledQuota {
  readonly id: string;
  readonly windowSeconds: number;
  readonly requests?: number;
  readonly promptTokens?: number;
}

export interface CompiledPolicy {
  readonly id: string;
  /** Undefined: every category that is not denied is allowed. */
  readonly allowed?: ReadonlySet<string>;
  readonly denied: ReadonlySet<string>;
  /** Undefined: every model is allowed. */
  readonly models?: (model: string) => boolean;
  readonly quotas: readonly CompiledQuota[];
}

/** Every policy of one file. */
export interface UsagePolicySet {
  /** Where it came from, for messages: a path or `built-in`. */
  readonly source: string;
  /** `policy_version` of every reply. */
  readonly version: string;
  /** SHA-256 (hex) of the file's canonical JSON. */
  readonly hash: string;
  readonly categories: readonly CompiledCategory[];
  readonly policies: ReadonlyMap<string, CompiledPolicy>;
  readonly defaultPolicy: string;
  /** Tenant id → policy name. */
  readonly tenants: ReadonlyMap<string, string>;
}
