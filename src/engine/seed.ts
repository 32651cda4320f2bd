import { createHash } from 'node:crypto';

/** Smallest and largest run seeds accepted (fast-check seeds are 32-bit integers). */
export const SEED_MIN = -0x80000000;
export const SEED_MAX = 0xffffffff;

/**
 * The fast-check seed of one check: derived from the run seed and the check id, so that selecting
 * a subset of checks, or running them in another order or shard, gives each check the same cases.
 */
export function checkSeed(runSeed: number, checkId: string): number {
  return createHash('sha256').update(`${runSeed}\u0000${checkId}`).digest().readInt32BE(0);
}

/** A fresh random run seed, for runs without `--seed`. */
export function randomSeed(): number {
  return (Math.random() * 0x80000000) | 0;
}
