/** A count and its noun, singular for exactly one: `1 check`, `2 checks`, `1 entry`, `3 entries`. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
