/**
 * The search of a lookup: the nearest entries of the request's scope, the first of them above the
 * threshold that passes verification answering; below the threshold, down to `sameWordingThreshold`, one
 * whose question is the new one written another way (same-wording.ts), and down to `restatedThreshold`
 * one restated (same-content.ts) or closely worded (close-wording.ts), as the options allow, that passes
 * verification. A
 * near-repeat is almost always among the few nearest a narrow walk finds, so the lookup walks narrowly
 * first (`quickSearchEf`) and walks again at the full breadth (`searchEf`) only when that finds no
 * verified hit: a hit costs the narrow walk, a miss both.
 */
import type { VectorHit, VectorStore } from '@sluice/vector-store';
import type { SemanticEntry } from './entry.js';
import type { SemanticCacheOptions } from './options.js';
import type { SemanticKey } from './scope.js';
import type { SemanticMetrics } from './semantic-metrics.js';
import { CloseWording } from './close-wording.js';
import { FactsMemo } from './verification/facts-memo.js';
import { questionFacts, type QuestionFacts } from './verification/question-facts.js';
import { sameWording } from './verification/same-wording.js';
import { sameContent } from './verification/same-content.js';
import { verifyFacts, type VerificationReason } from './verification/verify-pair.js';

type Hit = VectorHit<SemanticEntry>;
type SearchRules = Pick<SemanticCacheOptions, 'threshold' | 'verify' | 'candidates' | 'searchEf' | 'quickSearchEf'> &
  Partial<
    Pick<SemanticCacheOptions, 'verifyRules' | 'sameWordingThreshold' | 'restatedThreshold' | 'restatedHits' | 'closeWordingHits'>
  >;

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
  /** The candidate answers below the threshold, its question written the same way as the new one. */
  readonly sameWording: boolean;
}

/** What the lookup learned of one candidate: whether it answers, and whether only by its wording. */
interface Verdict {
  readonly ok: boolean;
  readonly sameWording: boolean;
}

/** Stored questions' facts: the entries that answer most hits are verified again and again. */
const storedFacts = new FactsMemo();
const closeWording = new CloseWording();

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
  const verdicts = new Map<number, Verdict>();
  const quick = rules.quickSearchEf > 0 && rules.quickSearchEf < rules.searchEf;
  let hits = await search(quick ? rules.quickSearchEf : rules.searchEf);
  let found = firstVerified(hits, key, rules, metrics, verdicts);
  if (found === undefined && quick) {
    hits = await search(rules.searchEf);
    found = firstVerified(hits, key, rules, metrics, verdicts);
  }
  const best = hits[0];
  const byWording = found !== undefined && verdicts.get(found.id)?.sameWording === true;
  if (best !== undefined) metrics.threshold(best.similarity >= rules.threshold ? 'pass' : byWording ? 'same_wording' : 'fail');
  return { best, found, sameWording: byWording };
}

const BELOW_THRESHOLD: Verdict = Object.freeze({ ok: false, sameWording: false });

function firstVerified(
  hits: readonly Hit[],
  key: SemanticKey,
  rules: SearchRules,
  metrics: SemanticMetrics,
  verdicts: Map<number, Verdict>,
): Hit | undefined {
  // The new question's facts (and lexical vector) are read once, for the first candidate that needs them.
  let fresh: QuestionFacts | undefined;
  let freshWording: Float32Array | undefined;
  const wordingFloor = rules.sameWordingThreshold ?? rules.threshold;
  const restatedFloor = rules.restatedThreshold ?? rules.threshold;
  const floor = Math.min(wordingFloor, restatedFloor);
  for (const hit of hits) {
    const above = hit.similarity >= rules.threshold;
    // Nearest first: once one is below every bound, so is the rest.
    if (!above && (!rules.verify || hit.similarity < floor)) return undefined;
    if (!rules.verify) return hit;
    let verdict = verdicts.get(hit.id);
    if (verdict === undefined) {
      fresh ??= questionFacts(key.question);
      const cached = storedFacts.of(hit.payload.question);
      // Below the threshold only the wording can make a hit: it is read first, and the rules only then.
      const restatable = hit.similarity >= restatedFloor;
      const worded =
        !above &&
        ((hit.similarity >= wordingFloor && sameWording(cached, fresh)) ||
          (restatable && rules.restatedHits === true && sameContent(cached, fresh)) ||
          (restatable &&
            rules.closeWordingHits === true &&
            closeWording.isClose(hit.payload.question, (freshWording ??= closeWording.vectorOf(key.question)))));
      verdict = BELOW_THRESHOLD;
      if (above || worded) {
        const checked = verifyFacts(cached, fresh, ruleSet(rules.verifyRules));
        // The verification's counter keeps to candidates above the threshold, as its name says.
        if (above) metrics.verification(checked.ok ? 'pass' : checked.reason);
        verdict = { ok: checked.ok, sameWording: worded };
      }
      verdicts.set(hit.id, verdict);
    }
    if (verdict.ok) return hit;
  }
  return undefined;
}
