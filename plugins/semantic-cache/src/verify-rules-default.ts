/**
 * The hit verification's rules in force when `semantic_verify_rules` is not written. Like the threshold
 * (threshold-default.ts), one default does not fit both embedders: a neural embedder scores a question
 * with one word more that changes it ("insure my car for a year" / "insure my electric car for a year")
 * as high as a paraphrase, and `extra` refuses those; the lexical embedder already loses more similarity
 * to such a word than its threshold allows, and `extra` would only refuse the paraphrases that add a
 * word in passing.
 */
import { byEmbedder } from './embedder-default.js';
import { DEFAULT_RULES, VERIFICATION_RULES, type VerificationReason } from './verification/verify-pair.js';

/**
 * Lexical embedder: all but `extra`. With it, no verdict of the labelled question set changes at the
 * default 0.92 on either half; below that it costs recall (tune half at 0.85: 0.203 to 0.192).
 */
export const LOCAL_VERIFY_RULES: readonly VerificationReason[] = DEFAULT_RULES;

/**
 * Neural embedder (`openai_compatible`): every rule. On the tune half, measured with USE-lite, `extra`
 * raised precision at every threshold where it was below 1.000 (0.988 to 0.993 at 0.86).
 */
export const NEURAL_VERIFY_RULES: readonly VerificationReason[] = VERIFICATION_RULES;

/**
 * The rules a lookup applies: the written ones, else its embedder's default.
 * @example
 * verificationRules({ embedding: { provider: 'local' } }).includes('extra');             // false
 * verificationRules({ embedding: { provider: 'openai_compatible' } }).includes('extra'); // true
 */
export function verificationRules(options: {
  readonly verifyRules?: readonly VerificationReason[];
  readonly embedding: { readonly provider: string };
}): readonly VerificationReason[] {
  return byEmbedder(options.verifyRules, options.embedding.provider, LOCAL_VERIFY_RULES, NEURAL_VERIFY_RULES);
}

/**
 * Hits below the threshold by a restated question (verification/same-content.ts), by embedder. Measured on
 * the labelled question set with each embedder's default threshold and rules: the lexical embedder gains,
 * on the 5,176-pair set of then, recall 0.149 to 0.225 on the tune half at precision 1.000, and the measure
 * half confirms it (0.125 to 0.204, precision 0.992 to 0.990). USE-lite, on the 6,166-pair set once
 * `relations` read who acts in a wh-question and in "is it bad to …" (wh-roles.ts, deeds.ts): recall 0.307
 * to 0.426 on the tune half, precision 0.981 to 0.986; the measure half confirms the recall (0.285 to
 * 0.380) at a precision a little higher (0.929 to 0.937). On the 5,176-pair set of before, the measure half
 * had not held the precision (0.986 to 0.977), and it was off with a neural embedder until then.
 */
export const LOCAL_RESTATED_HITS = true;
export const NEURAL_RESTATED_HITS = true;

/**
 * Whether a lookup answers a restated question below the threshold: as written, else its embedder's default.
 * @example
 * restatedHits({ embedding: { provider: 'local' } });                                         // true
 * restatedHits({ restatedHits: false, embedding: { provider: 'openai_compatible' } });        // false
 */
export function restatedHits(options: {
  readonly restatedHits?: boolean;
  readonly embedding: { readonly provider: string };
}): boolean {
  return byEmbedder(options.restatedHits, options.embedding.provider, LOCAL_RESTATED_HITS, NEURAL_RESTATED_HITS);
}

/**
 * Hits below the threshold by close wording (close-wording.ts), by embedder. Measured with USE-lite at its
 * default threshold and rules, on the 5,176 pairs before the near-wording kind: recall 0.225 to 0.245 on
 * the tune half with no wrong hit more (precision 0.991 to 0.992), and the measure half confirms it (recall
 * 0.216 to 0.239, precision 0.986 to 0.983). With that kind and the `tense` rule it took for "Is Pluto a
 * planet?" / "Was …", no wrong hit more on the tune half and one on the measure half. With the lexical
 * embedder, close wording reads its own similarity a second time: off.
 */
export const LOCAL_CLOSE_WORDING_HITS = false;
export const NEURAL_CLOSE_WORDING_HITS = true;

/**
 * Whether a lookup answers a closely worded question below the threshold: as written, else its embedder's default.
 * @example
 * closeWordingHits({ embedding: { provider: 'openai_compatible' } });                 // true
 * closeWordingHits({ closeWordingHits: false, embedding: { provider: 'openai_compatible' } }); // false
 */
export function closeWordingHits(options: {
  readonly closeWordingHits?: boolean;
  readonly embedding: { readonly provider: string };
}): boolean {
  return byEmbedder(options.closeWordingHits, options.embedding.provider, LOCAL_CLOSE_WORDING_HITS, NEURAL_CLOSE_WORDING_HITS);
}
