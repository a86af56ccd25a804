/**
 * A light English suffix stripper (plural, -ing, -ed, final e), so "passwords"/"password" and
 * "shipped"/"shipping"/"ship" meet. Weaker than Porter's on purpose: it only needs two phrasings of
 * one question to agree, and each stem keeps a vowel and at least three letters.
 */

/** Porter's rule: a doubled final consonant goes ("shipp" → "ship"), except l, s and z ("bill"). */
const DOUBLED = /([b-df-hj-km-np-rtv-y])\1$/;
const VOWEL = /[aeiouy]/;

/**
 * @example
 * lightStem('charges');  // 'charg'
 * lightStem('charging'); // 'charg'
 * lightStem('shipped');  // 'ship'
 */
export function lightStem(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  let stem = plural(word);
  if (stem.endsWith('ing') && isStem(stem.slice(0, -3))) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ed') && !stem.endsWith('eed') && isStem(stem.slice(0, -2))) stem = undouble(stem.slice(0, -2));
  if (stem.length >= 4 && stem.endsWith('e') && !stem.endsWith('ee')) stem = stem.slice(0, -1);
  return stem;
}

function plural(word: string): string {
  if (word.endsWith('ies') && word.length >= 5) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

function isStem(rest: string): boolean {
  return rest.length >= 3 && VOWEL.test(rest);
}

function undouble(stem: string): string {
  return DOUBLED.test(stem) ? stem.slice(0, -1) : stem;
}
