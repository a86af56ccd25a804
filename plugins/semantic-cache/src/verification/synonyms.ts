/**
 * Words a question may use for one another without changing what it asks: "delete" / "remove my
 * account", "a lawyer" / "an attorney", "a sofa" / "a couch". Each group holds words that stand for
 * each other in every sense a question is likely to use; a word with a second sense the others lack
 * ("fall" the season, "film" for a camera, "a show" on television, "pick" a lock) stays out. Words are
 * matched by stem, so "deleting" / "removing" and "kids" / "child" are joined too. One thing's British and
 * American names, and words that ask for one measure ("cost" / "price"), are word-forms.ts's.
 */
import { stemOf } from './stems.js';

// prettier-ignore
const GROUPS: readonly (readonly string[])[] = [
  ['delete', 'erase'], ['remove', 'delete'],
  ['fix', 'repair'], ['fix', 'resolve'],
  ['find', 'locate'],
  ['build', 'construct'],
  ['start', 'begin'],
  ['buy', 'purchase'],
  ['kid', 'child'], ['kids', 'children'],
  ['car', 'automobile'],
  ['big', 'large'], ['huge', 'enormous'],
  ['help', 'assist'],
  ['use', 'utilize', 'utilise'],
  ['need', 'require'],
  ['choose', 'select'],
  ['cheap', 'inexpensive'],
  ['mistake', 'error'],
  ['photo', 'picture', 'pic'],
  ['doctor', 'physician'],
  ['lawyer', 'attorney'],
  ['sofa', 'couch'],
  ['happen', 'occur'],
  ['allow', 'permit'], ['allowed', 'permitted'],
  ['forbidden', 'prohibited', 'banned'],
  ['enough', 'sufficient'],
  ['wrong', 'incorrect'],
  ['speak', 'talk'],
  ['baby', 'infant'],
  ['teenager', 'teen'],
  ['ill', 'sick'],
  ['medicine', 'medication'],
  ['reduce', 'decrease', 'lessen'],
  ['rich', 'wealthy'],
  ['dangerous', 'unsafe'],
  ['luggage', 'baggage'],
  ['stitch', 'sew'],
  ['sticky', 'tacky'],
  ['bunny', 'rabbit'], ['bunnies', 'rabbits'],
  ['see', 'check'],
  ['stop', 'prevent'],
  ['keep', 'last', 'stay'],
];

const GROUP_OF: ReadonlyMap<string, ReadonlySet<number>> = (() => {
  const byStem = new Map<string, Set<number>>();
  GROUPS.forEach((group, id) => {
    for (const word of group) {
      const stem = stemOf(word);
      byStem.set(stem, (byStem.get(stem) ?? new Set()).add(id));
    }
  });
  return byStem;
})();

/**
 * Two stems of words that stand for each other.
 * @example
 * synonymStems(stemOf('deleting'), stemOf('removing')); // true
 */
export function synonymStems(a: string, b: string): boolean {
  const first = GROUP_OF.get(a);
  const second = GROUP_OF.get(b);
  if (first === undefined || second === undefined) return false;
  for (const id of first) if (second.has(id)) return true;
  return false;
}
