/**
 * The passive voice read in the active order. "Was Constantinople captured by the Ottomans?" and "Did the
 * Ottomans capture Constantinople?" name the same roles in another order, which {@link swapped} would
 * read as a swap; "… captured by the Ottomans" / "Did Constantinople capture the Ottomans?" trade them,
 * which the passive's order hides. Rewriting a passive as "doer, deed, done to" lets the order compare.
 */

/** Forms of "be" (and "get") that make a passive of the participle after them. */
// prettier-ignore
const PASSIVE_AUXILIARIES: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got', 'gotten', 'getting',
]);

/** Participles not made with "-ed", the common ones. */
// prettier-ignore
const IRREGULAR_PARTICIPLES: ReadonlySet<string> = new Set([
  'taken', 'written', 'eaten', 'given', 'driven', 'chosen', 'stolen', 'broken', 'spoken', 'forgotten',
  'hidden', 'frozen', 'beaten', 'bitten', 'shaken', 'proven', 'known', 'seen', 'shown', 'grown', 'thrown',
  'drawn', 'done', 'made', 'paid', 'built', 'sold', 'bought', 'held', 'told', 'found', 'kept', 'sent',
  'spent', 'taught', 'caught', 'brought', 'hit', 'cut', 'put', 'won', 'lost', 'hurt', 'led', 'fed', 'run',
  'owned', 'sung', 'worn', 'torn', 'sworn', 'struck', 'bound', 'ridden', 'forbidden', 'overseen', 'become',
  'gone', 'begun', 'risen', 'fallen', 'been',
]);

/** Words in "-ed" that are no participle. */
const NOT_PARTICIPLES: ReadonlySet<string> = new Set(['hundred', 'indeed', 'naked', 'sacred', 'wicked']);

/** Particles a participle may take before its "by": "switched on", "picked up", "turned off". */
const PARTICLES: ReadonlySet<string> = new Set(['on', 'off', 'up', 'down', 'out', 'in', 'over', 'back', 'away']);

/** How far back the auxiliary may stand: "Was [the city of Constantinople] captured …". */
const AUXILIARY_REACH = 6;

export interface Passive {
  /** The participle's token index. */
  readonly deed: number;
  /** The token index of the "by" that names the doer, when one does. */
  readonly by: number | undefined;
}

/**
 * The passives of a clause: a participle after a form of "be", with the doer after "by" ("was captured
 * by the Ottomans"), or with no doer when the participle follows "be" at once ("should the oil be
 * changed").
 * @example
 * passivesOf(['was', 'constantinople', 'captured', 'by', 'the', 'ottomans']); // [{ deed: 2, by: 3 }]
 * passivesOf(['did', 'the', 'ottomans', 'capture', 'constantinople']);        // []
 */
export function passivesOf(tokens: readonly string[]): Passive[] {
  const found: Passive[] = [];
  for (let i = 0; i < tokens.length && found.length < MAX_PASSIVES; i += 1) {
    if (!isParticiple(tokens[i]!)) continue;
    // "switched on by the ECU": a particle may stand between the participle and its "by".
    const by = tokens[i + 1] === 'by' ? i + 1 : PARTICLES.has(tokens[i + 1] ?? '') && tokens[i + 2] === 'by' ? i + 2 : -1;
    if (by !== -1 && auxiliaryBefore(tokens, i)) found.push({ deed: i, by });
    else if (PASSIVE_AUXILIARIES.has(tokens[i - 1] ?? '')) found.push({ deed: i, by: undefined });
  }
  return found;
}

/**
 * The passives read of one text. Rewriting each moves the words around it, which grows with the square of
 * their number: a text of 4,000 crafted passives ("x is paid by y …", 90 KB) took 2.7 s to read. A
 * question holds a few; beyond these the text is a document, whose order the rules compare as written.
 */
const MAX_PASSIVES = 8;

/** A past participle, by its ending or the list of common irregular ones. */
export function isParticiple(token: string): boolean {
  if (IRREGULAR_PARTICIPLES.has(token)) return true;
  return token.length > 4 && token.endsWith('ed') && !token.endsWith('eed') && !NOT_PARTICIPLES.has(token);
}

function auxiliaryBefore(tokens: readonly string[], at: number): boolean {
  for (let i = at - 1; i >= Math.max(0, at - AUXILIARY_REACH); i -= 1) if (PASSIVE_AUXILIARIES.has(tokens[i]!)) return true;
  return false;
}

/**
 * `stems` with each passive in the active order: the doer's words, the deed, then the words of what it is
 * done to ("constantinople captur ~by ottoman" becomes "ottoman captur constantinople"; "oil ~in car
 * chang" becomes "chang oil ~in car"). `at[k]` is the token index `stems[k]` was read from; marks
 * (`~…`) bound the runs of words moved, except a preposition inside the thing done to ("the oil in my car").
 */
export function inActiveOrder(
  stems: readonly string[],
  at: readonly number[],
  passives: readonly Passive[],
  tokens: readonly string[],
): string[] {
  let result = [...stems];
  let from = [...at];
  for (const passive of passives) {
    const deed = from.indexOf(passive.deed);
    if (deed === -1) continue;
    const doneToStart = runStart(result, deed);
    const doneTo = result.slice(doneToStart, deed);
    if (passive.by === undefined) {
      if (doneTo.length === 0) continue;
      result = [...result.slice(0, doneToStart), result[deed]!, ...doneTo, ...result.slice(deed + 1)];
      from = [...from.slice(0, doneToStart), from[deed]!, ...from.slice(doneToStart, deed), ...from.slice(deed + 1)];
      continue;
    }
    const byToken = passive.by;
    const by = from.indexOf(byToken);
    // The deed with its particle, if the particle is read ("switch ~on"), then the "by".
    if (by <= deed || from.slice(deed + 1, by).some((at) => at <= passive.deed || at >= byToken)) continue;
    // A pronoun opens the doer's words ("dropped by her club team"), or is the doer ("dropped by her").
    let doerEnd = PERSON_MARKS.has(result[by + 1] ?? '') ? by + 2 : by + 1;
    // The doer's words run to a mark or to a clause that opens after them ("by the ECU when I turn the key").
    while (
      doerEnd < result.length &&
      !result[doerEnd]!.startsWith('~') &&
      (doerEnd === by + 1 || !opensBetween(tokens, from[doerEnd - 1]!, from[doerEnd]!))
    )
      doerEnd += 1;
    const doer = result.slice(by + 1, doerEnd);
    if (doer.length === 0) continue;
    result = [...result.slice(0, doneToStart), ...doer, ...result.slice(deed, by), ...doneTo, ...result.slice(doerEnd)];
    from = [
      ...from.slice(0, doneToStart),
      ...from.slice(by + 1, doerEnd),
      ...from.slice(deed, by),
      ...from.slice(doneToStart, deed),
      ...from.slice(doerEnd),
    ];
  }
  return result;
}

/** The marks carriers.ts gives the pronouns that stand for a party: the asker as the one acted on, and a third party. */
export const PERSON_MARKS: ReadonlySet<string> = new Set(['~me', '~they']);

/** A word opening a clause stands between the tokens at `from` and `to`. */
function opensBetween(tokens: readonly string[], from: number, to: number): boolean {
  for (let k = from + 1; k < to; k += 1) if (CLAUSE_OPENERS.has(tokens[k]!)) return true;
  return false;
}

// prettier-ignore
const CLAUSE_OPENERS: ReadonlySet<string> = new Set([
  'when', 'if', 'because', 'while', 'after', 'before', 'since', 'that', 'which', 'who', 'whenever', 'unless', 'so',
]);

/** Where the run of words that ends just before `end` starts, across "of" and "in" inside it. */
function runStart(stems: readonly string[], end: number): number {
  let start = end;
  while (start > 0) {
    const before = stems[start - 1]!;
    if (!before.startsWith('~')) start -= 1;
    else if (INSIDE_A_THING.has(before) && start - 2 >= 0 && !stems[start - 2]!.startsWith('~') && start < end) start -= 1;
    else break;
  }
  return start;
}

const INSIDE_A_THING: ReadonlySet<string> = new Set(['~of', '~in']);

/** A text's tokens and its passives ({@link passivesOf}), read once with its facts (question-facts.ts). */
export interface Voiced {
  readonly tokens: readonly string[];
  readonly passives: readonly Passive[];
}

/**
 * The one a passive is done to acting in the other question: "how much do comedians get paid for open
 * mics" / "how much do comedians pay for open mics", "Do rehabbers get paid by the state?" / "Do rehabbers
 * have to pay the state?". The same words stand in the same order, and the passive's reordering (above)
 * moves its deed past one word only, which {@link swapped} does not count.
 * @example
 * const voiced = (text: string) => { const tokens = lexicalTokens(text); return { tokens, passives: passivesOf(tokens) }; };
 * flippedVoice(voiced('do comedians get paid'), voiced('do comedians pay'), stemOf); // true
 * flippedVoice(voiced('was wordle bought by the nyt'), voiced('did the nyt buy wordle'), stemOf); // false
 */
export function flippedVoice(a: Voiced, b: Voiced, stem: (token: string) => string): boolean {
  return flipped(a, b, stem) || flipped(b, a, stem);
}

function flipped(
  { tokens: passive, passives }: Voiced,
  { tokens: active, passives: activePassives }: Voiced,
  stem: (token: string) => string,
): boolean {
  if (passives.length === 0) return false;
  const inPassive = new Set(activePassives.map((p) => p.deed));
  for (const { deed } of passives) {
    const doneTo = wordBefore(passive, PASSIVE_AUXILIARIES.has(passive[deed - 1] ?? '') ? deed - 1 : deed);
    if (doneTo === undefined) continue;
    const verb = stem(passive[deed]!);
    for (let k = 1; k < active.length; k += 1) {
      // The participle itself on the other side ("tips appreciated", "get my puppy spayed") is no active verb.
      if (inPassive.has(k) || active[k] === passive[deed] || stem(active[k]!) !== verb) continue;
      const doer = wordBefore(active, k);
      if (doer !== undefined && stem(doer) === stem(doneTo)) return true;
    }
  }
  return false;
}

/** The nearest word before `at` that may name a party: auxiliaries, "have to" and determiners passed over. */
function wordBefore(tokens: readonly string[], at: number): string | undefined {
  for (let k = at - 1; k >= 0; k -= 1) {
    const token = tokens[k]!;
    if (PASSED_OVER.has(token) || PASSIVE_AUXILIARIES.has(token) || (token.length > 4 && token.endsWith('ly'))) continue;
    return WH.has(token) || GOING_ON.has(token) ? undefined : token;
  }
  return undefined;
}

// prettier-ignore
const PASSED_OVER: ReadonlySet<string> = new Set([
  'do', 'does', 'did', 'can', 'could', 'should', 'will', 'would', 'may', 'might', 'must', 'have', 'has', 'had',
  'to', 'need', 'needs', 'not', 'also', 'still', 'even', 'usually', 'really', 'just', 'ever', 'always', 'a', 'an',
  'the', 'my', 'your', 'our', 'their', 'his', 'her', 'its',
]);
/** Verbs that take another ("keeps getting picked up", "keeps picking up"): the party stands before them. */
// prettier-ignore
const GOING_ON: ReadonlySet<string> = new Set([
  'keep', 'keeps', 'kept', 'keeping', 'start', 'starts', 'started', 'stop', 'stops', 'want', 'wants', 'try', 'tries',
]);
const WH: ReadonlySet<string> = new Set(['what', 'which', 'who', 'whom', 'how', 'why', 'when', 'where', 'much', 'many']);
