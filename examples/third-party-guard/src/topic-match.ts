/**
 * Whether a request's user messages mention an allowed topic: words compared one by one, or by a
 * light stem so that "invoices" and "billing" meet the topics "invoice" and "bill". No model, no
 * network: the same text always gives the same answer, and the guard costs microseconds.
 */
import type { ChatRequest } from '@sluice/core';

/** `word`: the exact word (case-insensitive); `stem`: plural, -ing and -ed forms meet too. */
export type MatchMode = 'word' | 'stem';

/** Suffixes stripped by `stem`, longest first, with what replaces them. */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['ies', 'y'],
  ['ied', 'y'],
  ['ing', ''],
  ['es', ''],
  ['ed', ''],
  ['s', ''],
];
/** A stem shorter than this is no longer the word: "is", "has" and "bus" keep their ending. */
const MIN_STEM = 3;

/**
 * The lower-case words of a text: runs of letters and digits in any script.
 * @example
 * words('Where is my March invoice?') // ['where', 'is', 'my', 'march', 'invoice']
 */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A suffix stripper, not a linguistic stemmer: both sides of a comparison go through it, so it only
 * has to send the forms of one word to the same string. Irregular forms ("bought") stay apart.
 * @example
 * stem('invoices') === stem('invoice') // true: both 'invoic'
 * stem('shipping') === stem('ship') // true
 */
export function stem(word: string): string {
  let base = word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_STEM) continue;
    if (suffix === 's' && /(ss|us|is)$/.test(word)) break;
    base = word.slice(0, -suffix.length) + replacement;
    // "shipping" → "shipp" → "ship"; "billing" keeps its "ll", like "bill".
    if ((suffix === 'ing' || suffix === 'ed') && /([^aeiouls])\1$/.test(base)) base = base.slice(0, -1);
    break;
  }
  // "invoice" and "invoic(es)" meet on "invoic".
  return base.length > MIN_STEM && base.endsWith('e') ? base.slice(0, -1) : base;
}

/**
 * The text of every user message: string contents and the text parts of content arrays, so that a
 * client cannot step around the guard by sending parts.
 * @example
 * userTexts({ model: 'm', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'My bill' }] }) // ['My bill']
 */
export function userTexts(request: Readonly<ChatRequest>): string[] {
  const texts: string[] = [];
  for (const message of request.messages) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') texts.push(message.content);
    else if (Array.isArray(message.content)) {
      for (const part of message.content as unknown[]) {
        const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
        if (type === 'text' && typeof text === 'string') texts.push(text);
      }
    }
  }
  return texts;
}

/**
 * The allowed topics, compiled once. A topic of several words (`"payment method"`) matches when
 * those words appear together and in that order.
 * @example
 * const matcher = new TopicMatcher(['billing', 'payment method'], 'stem');
 * matcher.matches(['How do I change my payment methods?']) // ['payment method']
 */
export class TopicMatcher {
  readonly #topics: readonly { readonly topic: string; readonly terms: readonly string[] }[];
  readonly #term: (word: string) => string;

  constructor(
    topics: readonly string[],
    readonly mode: MatchMode,
  ) {
    this.#term = mode === 'stem' ? stem : (word) => word;
    this.#topics = topics.map((topic) => ({ topic, terms: words(topic).map(this.#term) }));
    const empty = this.#topics.find((t) => t.terms.length === 0);
    if (empty !== undefined) throw new Error(`topic "${empty.topic}" has no letters or digits to match`);
  }

  /** The allowed topics the texts mention, in the order they were configured. */
  matches(texts: readonly string[]): string[] {
    const found = new Set<string>();
    for (const text of texts) {
      const terms = words(text).map(this.#term);
      for (const { topic, terms: wanted } of this.#topics) {
        if (!found.has(topic) && containsRun(terms, wanted)) found.add(topic);
      }
    }
    return this.#topics.map((t) => t.topic).filter((topic) => found.has(topic));
  }
}

/** Whether `run` appears in `terms` as consecutive items. */
function containsRun(terms: readonly string[], run: readonly string[]): boolean {
  for (let start = 0; start + run.length <= terms.length; start += 1) {
    if (run.every((term, offset) => terms[start + offset] === term)) return true;
  }
  return false;
}
