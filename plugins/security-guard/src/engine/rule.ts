/** A rule of the security engine: an id, a severity, the scan stage it applies to and a pattern. */

export type SecuritySeverity = 'low' | 'medium' | 'high' | 'critical';
export type SecurityStage = 'request' | 'response';
/** `both` applies a rule to requests and responses. */
export type SecurityRuleStage = SecurityStage | 'both';

/** A rule as written in code or in a policy file. */
export interface SecurityRuleSpec {
  /** Stable identifier reported as `rule_id`, e.g. `injection.ignore_instructions`. */
  readonly id: string;
  readonly severity: SecuritySeverity;
  readonly stage: SecurityRuleStage;
  /** A JavaScript regular expression source. */
  readonly pattern: string;
  /** Regular expression flags; `g` is added by the engine. Default `i`. */
  readonly flags?: string;
  /** What a match is, reported in findings (e.g. `prompt_injection`, `api_key`). Default `custom`. */
  readonly kind?: string;
  /** A sentence safe to show a client: says what was found, never quotes it. */
  readonly description?: string;
  /**
   * A check of each match in code, for what a lookahead would otherwise test ("the token holds a
   * digit"): a lookahead reading to the end of a run from every start position is quadratic. A number
   * accepts the match and says where it ends when code read it further, so the scan resumes there
   * and counts the match once. `{ resumeAt }` rejects it and says where the next match may start, when
   * one can start inside the rejected one.
   */
  readonly accept?: MatchCheck;
}

/**
 * `false` rejects a match (the scan resumes after it), `true` accepts it, a number accepts it and is the
 * index its match ends at, `{ resumeAt }` rejects it and resumes the scan at that index (after the
 * match's start; a lookahead that failed would have let the pattern try every later start).
 */
export type MatchCheck = (match: RegExpExecArray) => boolean | number | { readonly resumeAt: number };

/** A rule ready to run. */
export interface SecurityRule {
  readonly id: string;
  readonly severity: SecuritySeverity;
  readonly stage: SecurityRuleStage;
  readonly kind: string;
  readonly description: string;
  readonly pattern: string;
  readonly flags: string;
  readonly regex: RegExp;
  readonly accept?: MatchCheck;
}

/**
 * Severities in order, for ranking findings.
 * @example
 * SEVERITY_RANK.critical > SEVERITY_RANK.high // true
 */
export const SEVERITY_RANK: Readonly<Record<SecuritySeverity, number>> = Object.freeze({
  low: 1,
  medium: 2,
  high: 3,
  critical: 4,
});

/** Largest number of matches counted per rule and message; enough to rank, bounded for huge inputs. */
const MAX_COUNT = 1000;

/**
 * Compiles a rule; a bad pattern or flag throws with the rule's id, so a policy file names its mistake.
 * @example
 * const rule = compileRule({ id: 'custom.codeword', severity: 'high', stage: 'request', pattern: '\\bopen sesame\\b' });
 */
export function compileRule(spec: SecurityRuleSpec): SecurityRule {
  const flags = spec.flags ?? 'i';
  let regex: RegExp;
  try {
    regex = new RegExp(spec.pattern, flags.includes('g') ? flags : `${flags}g`);
  } catch (error) {
    throw new Error(`rule "${spec.id}": ${(error as Error).message}`, { cause: error });
  }
  return Object.freeze({
    id: spec.id,
    severity: spec.severity,
    stage: spec.stage,
    kind: spec.kind ?? 'custom',
    description: spec.description ?? `Matched security rule ${spec.id}.`,
    pattern: spec.pattern,
    flags,
    regex,
    ...(spec.accept === undefined ? {} : { accept: spec.accept }),
  });
}

/**
 * Whether a rule runs at a stage.
 * @example
 * appliesTo(compileRule({ id: 'x', severity: 'low', stage: 'both', pattern: 'x' }), 'response') // true
 */
export function appliesTo(rule: SecurityRule, stage: SecurityStage): boolean {
  return rule.stage === 'both' || rule.stage === stage;
}

/**
 * How often a rule matches a text (0 when it does not).
 * @example
 * countMatches(compileRule({ id: 'x', severity: 'low', stage: 'request', pattern: 'ab' }), 'ab AB') // 2
 */
export function countMatches(rule: SecurityRule, text: string): number {
  const regex = rule.regex;
  regex.lastIndex = 0;
  let count = 0;
  while (count < MAX_COUNT) {
    const match = regex.exec(text);
    if (match === null) break;
    const accepted = rule.accept === undefined || rule.accept(match);
    if (accepted === true || typeof accepted === 'number') count += 1;
    if (typeof accepted === 'number' && accepted > regex.lastIndex) regex.lastIndex = accepted;
    else if (typeof accepted === 'object')
      regex.lastIndex = Math.max(match.index + 1, Math.min(accepted.resumeAt, regex.lastIndex));
    // An empty match would loop forever on the same index.
    else if (match[0] === '') regex.lastIndex += 1;
  }
  regex.lastIndex = 0;
  return count;
}
