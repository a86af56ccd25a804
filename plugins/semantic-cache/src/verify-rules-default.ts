/**
 * The hit verification's rules in force when `semantic_verify_rules` is not written. Like the threshold
 * (threshold-default.ts), one default does not fit both embedders: a neural embedder scores a question
 * with one word more that changes it ("insure my car for a year" / "insure my electric car for a year")
 * as high as a paraphrase, and `extra` refuses those; the lexical embedder already loses more similarity
 * to such a word than its threshold allows, and `extra` would only refuse the paraphrases that add a
 * word in passing.
 */
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
  if (options.verifyRules !== undefined) return options.verifyRules;
  return options.embedding.provider === 'local' ? LOCAL_VERIFY_RULES : NEURAL_VERIFY_RULES;
}
