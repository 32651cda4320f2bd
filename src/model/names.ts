/**
 * Near-miss names: how far a name a user wrote is from the names the pack knows, so that a
 * misspelt adapter member (`validateEnvelop`) is named with the member it was meant to be.
 */

/** The Levenshtein distance between two strings (insertions, deletions, substitutions of UTF-16 units), case-sensitive. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, substitution));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `name`: the smallest edit distance ignoring case (a wrong case counts
 * as one edit), the first in `known` on a tie. Undefined when `known` is empty.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d =
      k === name ? 0 : k.toLowerCase() === name.toLowerCase() ? 1 : editDistance(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}
