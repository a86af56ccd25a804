/**
 * Which of the words one question has and the other lacks narrow what it asks: the `extra` rule refuses
 * a pair with exactly one, and a question restated in another order (same-content.ts) has only words
 * that restate.
 */
import { framesTheAsk } from './ask-frame.js';
import { atAll, passingWord } from './qualifier.js';
import type { ContentWord } from './question-words.js';
import { REQUEST_VERBS } from './word-lists.js';

/**
 * A word that restates rather than adds: one said in passing ("at home", "my account password"), one
 * framing the ask ("the reason", "which city is"), a number said loosely ("around 1200"), a request for
 * what follows ("give me …"), or a single letter standing for a word ("mac n cheese").
 * @example
 * restates({ word: 'reason', stem: 'reason', at: 3 }, ['what', 'is', 'the', 'reason']); // true
 * restates({ word: 'electric', stem: 'electr', at: 2 }, ['insure', 'my', 'electric', 'car']); // false
 */
export function restates(word: ContentWord, tokens: readonly string[]): boolean {
  return (
    word.word.length <= 1 ||
    passingWord(word.word) ||
    framesTheAsk(word, tokens) ||
    approximates(word, tokens) ||
    asksForIt(word, tokens) ||
    greets(word, tokens) ||
    atAll(word, tokens)
  );
}

/** "Hi all", "thanks folks": who a greeting is to, not what is asked. */
function greets(word: ContentWord, tokens: readonly string[]): boolean {
  return GREETED.has(word.word) && GREETINGS.has(tokens[word.at - 1] ?? '');
}

const GREETED: ReadonlySet<string> = new Set(['folks', 'all', 'team']);
const GREETINGS: ReadonlySet<string> = new Set(['hi', 'hello', 'hey', 'thanks', 'thank', 'cheers']);

/** "Give me wedding toast ideas", "suggest us a route": a request for what follows, as the bare question is. */
function asksForIt(word: ContentWord, tokens: readonly string[]): boolean {
  return REQUEST_VERBS.has(word.word) && (tokens[word.at + 1] === 'me' || tokens[word.at + 1] === 'us');
}

/** "around 1200", "roughly 30 minutes": a number said loosely is the number ("about 1200" already is). */
function approximates(word: ContentWord, tokens: readonly string[]): boolean {
  return APPROXIMATELY.has(word.word) && DIGIT.test(tokens[word.at + 1] ?? '');
}

const APPROXIMATELY: ReadonlySet<string> = new Set(['around', 'roughly', 'approximately', 'approx', 'circa']);
const DIGIT = /\d/;

/**
 * A word `extra` counts: not one that restates, nor an "-ing" form, which tells the asker's circumstances
 * ("When travelling with a toddler, …", "Working on a side project. …") more often than it narrows.
 * @example
 * narrows({ word: 'electric', stem: 'electr', at: 2 }, ['insure', 'my', 'electric', 'car']); // true
 * narrows({ word: 'travelling', stem: 'travel', at: 1 }, ['when', 'travelling', 'with']);     // false
 */
export function narrows(word: ContentWord, tokens: readonly string[]): boolean {
  return !restates(word, tokens) && !inPassingForm(word.word);
}

const inPassingForm = (word: string) => word.length > 5 && word.endsWith('ing');
