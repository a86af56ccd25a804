/**
 * What a question asks of its action: whether one may (permission: "can", "could", "may", "allowed to",
 * "able to"), must (obligation: "must", "have to", "need to", "required to", "supposed to") or had better
 * (advice: "should", "ought to"). "Can I take the SAT more than once?" and "Should I take the SAT more than
 * once?" share every other word and want different answers; so do "How long can I leave hair dye on?" and
 * "How long do I have to leave hair dye on?".
 *
 * The last modal word of the question is read: the ask comes last more often than the words before it
 * ("I can't recommend Portugal enough, but which city should I see first?", "Could you tell me whether I
 * have to …?"). One right after "how" or "what" asks for a way, not a permission ("how can I reset …" is
 * "how do I reset …", "what should I do …" is "what can I do …"), so such a question has none. After "how
 * often" or "how long", "should", "need to" and "have to" ask for one schedule ("How often should I water a
 * new lawn?" / "how often do I need to water a new lawn", "How long do I have to fast …?" / "How long should I
 * fast …?"), while "how often can I" and "how long can I" still ask what one may.
 */

export type Modality = 'permission' | 'obligation' | 'advice';

const MODALS: ReadonlyMap<string, Modality> = new Map([
  ['can', 'permission'],
  ['could', 'permission'],
  ['may', 'permission'],
  ['must', 'obligation'],
  ['should', 'advice'],
  ['ought', 'advice'],
]);

/** Words that make a modal with the "to" after them: "have to", "need to", "allowed to". */
const BEFORE_TO: ReadonlyMap<string, Modality> = new Map([
  ['have', 'obligation'],
  ['has', 'obligation'],
  ['had', 'obligation'],
  ['need', 'obligation'],
  ['needs', 'obligation'],
  ['required', 'obligation'],
  ['supposed', 'obligation'],
  ['allowed', 'permission'],
  ['able', 'permission'],
]);

/**
 * "Do I need a license …?", "Does my dog need a passport?": "need" without "to" in a yes/no question,
 * a word or two after its opening "do", asks whether it is required, as "do I need to have a license"
 * does. Elsewhere it asks for an amount or a kind ("how much sleep does a teen need").
 */
function needOpening(tokens: readonly string[], i: number): Modality | undefined {
  if (tokens[i] !== 'need' && tokens[i] !== 'needs') return undefined;
  return i >= 2 && i <= 4 && (tokens[0] === 'do' || tokens[0] === 'does') ? 'obligation' : undefined;
}

/** A modal right after one of these asks for a way or a thing to do, not for leave or duty. */
const ASKS_A_WAY: ReadonlySet<string> = new Set(['how', 'what']);

/**
 * @example
 * modalityOf(['can', 'i', 'take', 'the', 'sat', 'twice']);       // 'permission'
 * modalityOf(['do', 'i', 'have', 'to', 'register', 'a', 'name']); // 'obligation'
 * modalityOf(['how', 'can', 'i', 'reset', 'my', 'password']);     // undefined
 */
export function modalityOf(tokens: readonly string[]): Modality | undefined {
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    const modality = MODALS.get(token) ?? (tokens[i + 1] === 'to' ? BEFORE_TO.get(token) : undefined) ?? needOpening(tokens, i);
    if (modality === undefined) continue;
    if (ASKS_A_WAY.has(tokens[i - 1] ?? '')) return undefined;
    return modality === 'obligation' && asksHowOften(tokens, i) ? 'advice' : modality;
  }
  return undefined;
}

/**
 * "how often" or "how long" before the modal at `at`: "How long do I have to fast before the test?" asks
 * the one length "How long should I fast …?" asks.
 */
function asksHowOften(tokens: readonly string[], at: number): boolean {
  for (let i = 1; i < at; i += 1) if (SCHEDULE.has(tokens[i]!) && tokens[i - 1] === 'how') return true;
  return false;
}

const SCHEDULE: ReadonlySet<string> = new Set(['often', 'long']);
