/**
 * Short support questions for the semantic-hit benchmark, drawn from templates with a seeded PRNG so
 * every run stores and asks the same ones, and the paraphrases the load sends in their place.
 */

/** mulberry32: small, fast and good enough to pick template parts; not for anything secret. */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

const VERBS = [
  'reset', 'change', 'update', 'delete', 'export', 'recover', 'verify', 'download',
  'share', 'rename', 'back up', 'restore', 'transfer', 'disable', 'enable', 'sync',
] as const; // prettier-ignore
const OBJECTS = [
  'password', 'email address', 'billing plan', 'profile photo', 'two-factor settings', 'API key',
  'invoices', 'subscription', 'notification settings', 'payment method', 'username', 'contacts',
  'calendar', 'shipping address', 'team members', 'saved searches', 'browser extension',
  'recovery codes', 'storage quota', 'language settings',
] as const; // prettier-ignore
const PRODUCTS = [
  'Nimbus', 'Orbit Mail', 'Atlas CRM', 'Pixel Studio', 'Harbor Bank', 'Beacon Notes',
  'Summit HR', 'Lumen Drive', 'Cobalt Chat', 'Vista Photos', 'Granite Pay', 'Willow Docs',
] as const; // prettier-ignore
/** Version numbers: the part that makes near-identical questions distinct, and that verification checks. */
const VERSIONS = 40;

type Parts = { verb: string; object: string; product: string; n: number };

const TEMPLATES: readonly ((p: Parts) => string)[] = [
  (p) => `How do I ${p.verb} my ${p.object} on ${p.product} ${p.n}?`,
  (p) => `What is the fastest way to ${p.verb} the ${p.object} in ${p.product} ${p.n}?`,
  (p) => `Can I ${p.verb} my ${p.object} from the ${p.product} ${p.n} app?`,
  (p) => `Where do I go to ${p.verb} the ${p.object} of my ${p.product} ${p.n} account?`,
  (p) => `Why does ${p.product} ${p.n} not let me ${p.verb} my ${p.object}?`,
];

/** How many distinct questions the templates can make: the most `distinctQuestions` can return. */
export const QUESTION_SPACE = VERBS.length * OBJECTS.length * PRODUCTS.length * VERSIONS * TEMPLATES.length;

/**
 * `count` distinct questions, the same for the same seed.
 * @example
 * distinctQuestions(2, 7); // ['How do I sync my calendar on Nimbus 12?', 'Can I reset my …']
 */
export function distinctQuestions(count: number, seed: number): string[] {
  if (count > QUESTION_SPACE / 2) throw new Error(`at most ${QUESTION_SPACE / 2} questions, asked for ${count}`);
  const random = new SeededRandom(seed);
  const seen = new Set<string>();
  while (seen.size < count) {
    const parts = {
      verb: random.pick(VERBS),
      object: random.pick(OBJECTS),
      product: random.pick(PRODUCTS),
      n: 1 + Math.floor(random.next() * VERSIONS),
    };
    seen.add(random.pick(TEMPLATES)(parts));
  }
  return [...seen];
}

/** How users rephrase a question they asked before, without new words the local embedder cannot know. */
const REWORDINGS: readonly ((typed: string) => string)[] = [
  (typed) => typed,
  (typed) =>
    typed
      .replace(/^how do i /, 'how can i ')
      .replace(/^can i /, 'is it ok if i ')
      .replace(/^where do i go to /, 'where can i '),
  (typed) => `${typed} please`,
];

/**
 * What a user types when asking a stored question again: lower case, no punctuation, and (by `form`)
 * one of a few rewordings. Its words are the stored question's, so the local embedder (which matches
 * wording, not meaning) finds it, but its text, vector and request body are its own.
 * @example
 * paraphrase('Can I sync my calendar from the Nimbus 3 app?', 1); // 'is it ok if i sync my calendar from the nimbus 3 app'
 */
export function paraphrase(question: string, form: number): string {
  const typed = question
    .toLowerCase()
    .replace(/[?.!,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return REWORDINGS[form % REWORDINGS.length]!(typed);
}
