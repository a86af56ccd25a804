/**
 * Two deeds in the other order around "before" or "after": "Is it normal for the lead investor to sign
 * the term sheet before the other investors commit?" / "… for the other investors to commit before the
 * lead investor signs the term sheet?", "Should I rinse bottles before I crush them?" / "… crush bottles
 * before I rinse them?". Both hold the same words, too many on each side for a run of words to trade
 * places (carriers.ts), and one asks what the other asks in reverse. A clause put before the question
 * ("Before throwing clay, do I need to wedge it?") moves words one way only and trades nothing.
 */

/** The stems of the words that order two deeds in time (relations.ts, orderStem). */
const PIVOTS: ReadonlySet<string> = new Set(['befor', 'after']);

/**
 * @example
 * tradedAroundTime(['rins', 'bottl', 'befor', 'crush'], ['crush', 'bottl', 'befor', 'rins']); // true
 * tradedAroundTime(['wedg', 'clay', 'befor', 'throw'], ['befor', 'throw', 'clay', 'wedg']);   // false
 */
export function tradedAroundTime(a: readonly string[], b: readonly string[]): boolean {
  // "cardio before or after lifting weights" asks of both orders.
  if (bothOrders(a) || bothOrders(b)) return false;
  for (const pivot of PIVOTS) {
    const atA = onlyAt(a, pivot);
    const atB = onlyAt(b, pivot);
    if (atA === -1 || atB === -1) continue;
    const [beforeA, afterA] = sides(a, atA);
    const [beforeB, afterB] = sides(b, atB);
    // What stood before the pivot in one and not in the other stands after it in the other, both ways.
    const leftA = [...beforeA].filter((stem) => !beforeB.has(stem));
    const leftB = [...beforeB].filter((stem) => !beforeA.has(stem));
    if (
      leftA.length > 0 &&
      leftB.length > 0 &&
      leftA.every((stem) => afterB.has(stem)) &&
      leftB.every((stem) => afterA.has(stem))
    )
      return true;
  }
  return false;
}

function bothOrders(stems: readonly string[]): boolean {
  for (const pivot of PIVOTS) if (!stems.includes(pivot)) return false;
  return true;
}

/** Where `pivot` stands in `stems`, or -1 when it stands nowhere or more than once. */
function onlyAt(stems: readonly string[], pivot: string): number {
  const at = stems.indexOf(pivot);
  return at !== -1 && stems.indexOf(pivot, at + 1) === -1 ? at : -1;
}

/** The words before and after `at`, marks and the other pivots left out. */
function sides(stems: readonly string[], at: number): [Set<string>, Set<string>] {
  const word = (stem: string) => !stem.startsWith('~') && !PIVOTS.has(stem);
  return [new Set(stems.slice(0, at).filter(word)), new Set(stems.slice(at + 1).filter(word))];
}
