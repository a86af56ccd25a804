/**
 * The words of a question that carry its answer: its content words with their stems, the named
 * things among them (a capital inside a sentence, a capital inside a word, letters with digits),
 * the people it is about, and the letters of scripts other than Latin.
 */
import { FUNCTION_WORDS } from '../embeddings/function-words.js';
import { stemOf } from './stems.js';
import { calendarWord } from './calendar-words.js';
import { AUXILIARIES, CURRENCIES, FILLER, ORDINAL_WORDS, PERSONS, RELATIONS, REQUEST_VERBS, UNITS } from './word-lists.js';

export interface ContentWord {
  readonly word: string;
  readonly stem: string;
  /** Its place among the question's tokens. */
  readonly at: number;
}

/** A word with its inner hyphens and apostrophes ("Wi-Fi"); each repeat opens with one, so linear. */
const WORD = /[\p{Script=Latin}\p{N}]+(?:[-'][\p{Script=Latin}\p{N}]+)*/gu;
/** "2nd", "5km", "3pm", "4K": a number with its suffix or unit, compared as a number. */
const NUMBER_WITH_SUFFIX = /^\d+[a-z]{1,3}$/i;
const UPPER = /\p{Lu}/u;
const LETTER_DIGIT = /\p{L}\p{N}|\p{N}\p{L}/u;
/** Letters of any script but Latin: text a lexical embedder cannot read. */
const NOT_LATIN = /[^\p{Script=Latin}\P{L}]/gu;
const NON_ASCII = /[^\u0020-\u007e]/;
const HAS_DIGIT = /\d/;

/**
 * Content words in reading order: not function words, filler, people, numbers, relation words, nor the
 * words other rules compare (negations, arithmetic, calendar words).
 */
export function contentWords(tokens: readonly string[]): ContentWord[] {
  const words: ContentWord[] = [];
  tokens.forEach((word, i) => {
    if (!isCarrier(word) || FILLER.has(word) || PERSONS.has(word) || HAS_DIGIT.test(word) || ORDINAL_WORDS.has(word)) return;
    // A calendar word, or the "last" of "last month".
    const next = tokens[i + 1] ?? '';
    if (
      calendarWord(word, tokens[i - 1]) !== undefined ||
      (calendarWord(next, word) !== undefined && calendarWord(next, undefined) === undefined)
    )
      return;
    // A unit after a number is the number's: "5 km" / "five kilometres" compare as quantities. Money
    // goes without saying: "how much" / "how many dollars".
    const unit = UNITS.get(word);
    const previous = tokens[i - 1] ?? '';
    if (unit !== undefined && (HAS_DIGIT.test(previous) || CURRENCIES.has(unit) || previous === 'degrees')) return;
    // "3 point 5", "0 degrees", "80 miles per hour": the words of a quantity are the quantity's.
    if ((word === 'point' || word === 'degrees' || word === 'degree') && HAS_DIGIT.test(previous)) return;
    if (word === 'hour' && previous === 'per' && UNITS.has(tokens[i - 2] ?? '')) return;
    words.push({ word, stem: stemOf(word), at: i });
  });
  return words;
}

/** A word that may carry the answer: not a function, relation, negation or arithmetic word. */
export function isCarrier(word: string): boolean {
  return !FUNCTION_WORDS.has(word) && !RELATIONS.has(word) && !NEGATIONS.has(word) && !ARITHMETIC.has(word);
}

export const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'without',
  // A verb that says no: "Why do some churches refuse to ordain women?" asks the opposite of "… ordain
  // women?", and "Why does my car refuse to start?" is "Why won't my car start?".
  'refuse',
  'refuses',
  'refused',
  'refusing',
]);
const ARITHMETIC: ReadonlySet<string> = new Set(['plus', 'minus', 'times', 'multiplied', 'divided', 'power', 'squared', 'cubed']);

/**
 * Stems of the named things of the raw text: "Austria" inside a sentence, "iPhone", "USA", "N1",
 * "RTX3080", the "A" of "type A". A capital at the start of a sentence says nothing.
 * @example
 * namedThings('Do I need a visa for Japan?'); // Set { 'japan' }
 */
export function namedThings(text: string): Set<string> {
  const named = new Set<string>();
  if (!UPPER.test(text) && !LETTER_DIGIT.test(text)) return named;
  // A function word with a capital inside a sentence is a name ("a library from Go"), unless the
  // question capitalises most of its words ("How To Make A Cake").
  const spelledLikeWords: string[] = [];
  let words = 0;
  let capitalised = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    words += 1;
    // The shape first (most words are lower case): a capital inside, a capital not opening a sentence, letters with digits.
    const shaped =
      UPPER.test(word.slice(1)) || (UPPER.test(word[0]!) && !opensSentence(text, match.index)) || LETTER_DIGIT.test(word);
    // "I", "I'm", "I've", "I'd": the asker, capital wherever it stands.
    if (!shaped || word === 'I' || word.startsWith("I'") || NUMBER_WITH_SUFFIX.test(word)) continue;
    capitalised += 1;
    const lower = word.toLowerCase().replace(/[-']/g, '');
    if (PERSONS.has(lower) || UNITS.has(lower) || FILLER.has(lower)) continue;
    if (FUNCTION_WORDS.has(lower)) {
      // A lone capital inside a sentence is a label ("type A", "vitamin A", "Plan A"), not the article.
      if (word.length === 1 || (!UPPER.test(word.slice(1)) && !TITLE_WORDS.has(lower))) spelledLikeWords.push(lower);
      continue;
    }
    if (calendarWord(lower, undefined) === undefined && !COMMON_ABBREVIATIONS.has(lower)) named.add(nameOf(lower));
  }
  if (2 * capitalised < words) for (const word of spelledLikeWords) named.add(word);
  return named;
}

/**
 * Words a title capitalises that name nothing themselves: "The Hobbit", "The Lord of the Rings". Left in,
 * "the" would count as a word that carries the question and stretch every title past a swap's reach.
 */
const TITLE_WORDS: ReadonlySet<string> = new Set(['the', 'an', 'of', 'and']);

/** Abbreviations written in capitals that name no one thing: "a Windows PC", "TL;DR", "DIY". */
// prettier-ignore
const COMMON_ABBREVIATIONS: ReadonlySet<string> = new Set([
  'pc', 'pcs', 'tv', 'id', 'ok', 'diy', 'asap', 'fyi', 'tl', 'dr', 'tldr', 'faq', 'eta', 'btw', 'imo', 'imho',
  'aka', 'eg', 'ie', 'ps', 'am', 'pm', 'vs',
]);

/**
 * Names of one thing spelled two ways, to one stem: "JS" / "JavaScript", "the US" / "America", "an
 * American" / "a US citizen" (the text already reads "United States" as "USA").
 */
// prettier-ignore
const NAME_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  js: 'javascript', ts: 'typescript', py: 'python', us: 'usa', america: 'usa', american: 'usa',
  americans: 'usa', uk: 'britain', british: 'britain', postgres: 'postgresql', k8s: 'kubernetes', mac: 'macos',
  osx: 'macos',
}));

export function nameOf(word: string): string {
  return NAME_ALIASES.get(word) ?? stemOf(word);
}

/** Whether the word at `at` opens the text or a sentence: only spaces between it and . ? ! : ; " ( or a line break. */
function opensSentence(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  return i < 0 || SENTENCE_MARKS.has(text[i]!);
}

const SENTENCE_MARKS: ReadonlySet<string> = new Set(['.', '?', '!', ':', ';', '"', '(', '\n']);

/** The people a question is about, by class ("speaker", "addressee", "other", or a relative). */
export function people(tokens: readonly string[]): Set<string> {
  const found = new Set<string>();
  tokens.forEach((token, i) => {
    const person = PERSONS.get(token);
    // "Can someone explain …", "could anyone tell me …": whom the question is put to, not what it is about.
    if (person === 'other' && REQUEST_VERBS.has(tokens[i + 1] ?? '')) return;
    // "Thank you!", "thank you in advance": a courtesy, not the one asked.
    if (person === 'addressee' && (tokens[i - 1] === 'thank' || tokens[i - 1] === 'thanks')) return;
    if (person !== undefined) found.add(person);
  });
  // "How do you reset your password?" asks what "How do I reset my password?" asks: a "you" that is
  // the subject of a question with no "I" in it is anyone, the asker included.
  if (
    found.has('addressee') &&
    tokens.some((token, i) => (token === 'you' || token === 'u') && AUXILIARIES.has(tokens[i - 1] ?? ''))
  ) {
    found.delete('addressee');
    found.add('speaker');
  }
  return found;
}

/** The letters of other scripts than Latin, sorted: "去日本" and "去韩国" differ though neither is read. */
export function foreignLetters(text: string): string {
  if (!NON_ASCII.test(text)) return '';
  const letters = text.match(NOT_LATIN);
  return letters === null ? '' : letters.sort().join('');
}
