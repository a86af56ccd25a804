/** Did-you-mean for misspelt directive names (optimal string alignment distance). */

/**
 * The known name closest to a misspelt one, when it is close enough to be a likely typo (at most 2 edits,
 * or a third of the name's length), so an unknown directive's error can say what was meant.
 * @example
 * suggestName('listen_adr', ['listen_addr', 'upstream_url']); // 'listen_addr'
 */
export function suggestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/**
 * Edits (insert, delete, substitute, swap of neighbours) that turn `a` into `b`; a swap counts as one
 * edit, since swapped letters are the commonest typo.
 * @example
 * distance('listen_adrd', 'listen_addr'); // 1
 */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
