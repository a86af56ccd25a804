/**
 * The search of a lookup: the nearest entries of the request's scope, the first of them above the
 * threshold that passes verification answering. A near-repeat is almost always among the few nearest a
 * narrow walk finds, so the lookup walks narrowly first (`quickSearchEf`) and walks again at the full
 * breadth (`searchEf`) only when that finds no verified hit: a hit costs the narrow walk, a miss both.
 */
import type { VectorHit, VectorStore } from '@sluice/vector-store';
import type { SemanticEntry } from './entry.js';
import type { SemanticCacheOptions } from './options.js';
import type { SemanticKey } from './scope.js';
import type { SemanticMetrics } from './semantic-metrics.js';
import { FactsMemo } from './verification/facts-memo.js';
import { questionFacts, type QuestionFacts } from './verification/question-facts.js';
import { verifyFacts, type VerificationReason } from './verification/verify-pair.js';

type Hit = VectorHit<SemanticEntry>;
type SearchRules = Pick<SemanticCacheOptions, 'threshold' | 'verify' | 'candidates' | 'searchEf' | 'quickSearchEf'> &
  Partial<Pick<SemanticCacheOptions, 'verifyRules'>>;

/** The rules in force as a set, built once per options object rather than once per lookup. */
const ruleSets = new WeakMap<readonly VerificationReason[], ReadonlySet<VerificationReason>>();
function ruleSet(rules: readonly VerificationReason[] | undefined): ReadonlySet<VerificationReason> | undefined {
  if (rules === undefined) return undefined;
  let set = ruleSets.get(rules);
  if (set === undefined) ruleSets.set(rules, (set = new Set(rules)));
  return set;
}

export interface SearchOutcome {
  /** The nearest candidate of the last walk: its similarity is reported even on a miss. */
  readonly best: Hit | undefined;
  /** The candidate that answers, or undefined on a miss. */
  readonly found: Hit | undefined;
}

/** Stored questions' facts: the entries that answer most hits are verified again and again. */
const storedFacts = new FactsMemo();

/** Rejects when the store does; counts each candidate's threshold and verification result once. */
export async function verifiedSearch(
  store: VectorStore<SemanticEntry>,
  vector: readonly number[],
  key: SemanticKey,
  rules: SearchRules,
  metrics: SemanticMetrics,
): Promise<SearchOutcome> {
  const filter = { match: { scope: key.scope }, range: { expires_at: { gt: Date.now() } } };
  const search = (ef: number) => store.search(vector, { k: rules.candidates, ef: Math.max(ef, rules.candidates), filter });
  // Verdicts by entry id: the full walk finds the quick walk's candidates again, and each is judged and counted once.
  const verdicts = new Map<number, boolean>();
  const quick = rules.quickSearchEf > 0 && rules.quickSearchEf < rules.searchEf;
  let hits = await search(quick ? rules.quickSearchEf : rules.searchEf);
  let found = firstVerified(hits, key, rules, metrics, verdicts);
  if (found === undefined && quick) {
    hits = await search(rules.searchEf);
    found = firstVerified(hits, key, rules, metrics, verdicts);
  }
  const best = hits[0];
  if (best !== undefined) metrics.threshold(best.similarity >= rules.threshold);
  return { best, found };
}

function firstVerified(
  hits: readonly Hit[],
  key: SemanticKey,
  rules: SearchRules,
  metrics: SemanticMetrics,
  verdicts: Map<number, boolean>,
): Hit | undefined {
  // The new question's facts are read once, for the first candidate that needs them.
  let fresh: QuestionFacts | undefined;
  for (const hit of hits) {
    if (hit.similarity < rules.threshold) return undefined;
    if (!rules.verify) return hit;
    let ok = verdicts.get(hit.id);
    if (ok === undefined) {
      fresh ??= questionFacts(key.question);
      const verdict = verifyFacts(storedFacts.of(hit.payload.question), fresh, ruleSet(rules.verifyRules));
      metrics.verification(verdict.ok ? 'pass' : verdict.reason);
      ok = verdict.ok;
      verdicts.set(hit.id, ok);
    }
    if (ok) return hit;
  }
  return undefined;
}
