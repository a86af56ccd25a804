/** Keyword and regex classification of a request's text against a policy file's categories. */
import { GENERAL_CATEGORY, type CompiledCategory } from '../policy/compiled-policy.js';

export interface Classification {
  /** The category with the most matched terms (the first listed on a tie), or `general`. */
  readonly label: string;
  /** 1 − 0.5^terms for a category: one term 0.5, two 0.75, three 0.875; `general` 0.5. */
  readonly confidence: number;
  /** Every category that matched, with how many of its terms did, strongest first. */
  readonly matches: readonly { readonly category: CompiledCategory; readonly terms: number }[];
}

/**
 * Counts, per category, the keywords and patterns that occur in the text; a term counts once however
 * often it occurs, so repeating a word does not make a request "more" of a category.
 * @example
 * classify('what dosage of ibuprofen', policy.categories).label; // 'medical_dosage'
 */
export function classify(text: string, categories: readonly CompiledCategory[]): Classification {
  const matches: { category: CompiledCategory; terms: number }[] = [];
  for (const category of categories) {
    let terms = 0;
    for (const matcher of category.matchers) if (matcher.test(text)) terms += 1;
    if (terms > 0) matches.push({ category, terms });
  }
  // A stable sort keeps the file's order among equal scores, so the label is deterministic.
  matches.sort((a, b) => b.terms - a.terms);
  const top = matches[0];
  if (top === undefined) return { label: GENERAL_CATEGORY, confidence: 0.5, matches };
  return { label: top.category.name, confidence: round(1 - 0.5 ** top.terms), matches };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
