import { createHash } from 'node:crypto';
import { UsageError } from '../contract/errors.js';
import { checkSeed } from './seed.js';

/**
 * Runs of one check are executed in chunks of this many cases, each chunk a fast-check run of its
 * own seed. A check with `runs <= CHUNK_RUNS` is one chunk whose seed is `checkSeed(runSeed, id)`,
 * exactly as before chunking existed, so short runs and their replay commands are unchanged.
 */
export const CHUNK_RUNS = 1000;

/** One fixed-size slice of a check's runs. */
export interface Chunk {
  /** 0-based position among the check's chunks. */
  index: number;
  /** fast-check seed of this chunk. */
  seed: number;
  /** Cases this chunk generates. */
  numRuns: number;
}

/** `--shard i/n`: 1-based shard index and the shard count. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** The seed of chunk `k` of a check: chunk 0 keeps the check seed, later chunks derive their own. */
export function chunkSeed(runSeed: number, checkId: string, k: number): number {
  if (k === 0) return checkSeed(runSeed, checkId);
  return createHash('sha256').update(`${runSeed}\u0000${checkId}\u0000chunk ${k}`).digest().readInt32BE(0);
}

/** How many chunks `runs` cases make. */
export function chunkCount(runs: number, chunkRuns = CHUNK_RUNS): number {
  return Math.max(1, Math.ceil(runs / chunkRuns));
}

/** The chunks of one check, in the order an unsharded run executes them. */
export function chunksOf(runSeed: number, checkId: string, runs: number, chunkRuns = CHUNK_RUNS): Chunk[] {
  return Array.from({ length: chunkCount(runs, chunkRuns) }, (_, k) => ({
    index: k,
    seed: chunkSeed(runSeed, checkId, k),
    numRuns: Math.min(chunkRuns, runs - k * chunkRuns),
  }));
}

/**
 * A report's counterexample path is global: its first step counts cases from the start of the
 * check, across chunks. Inside chunk `k` the same case is `i - k * chunkRuns`.
 */
export function globalPath(chunk: Chunk, localPath: string, chunkRuns = CHUNK_RUNS): string {
  if (localPath === '') return localPath;
  const [first, ...rest] = localPath.split(':');
  return [String(Number(first) + chunk.index * chunkRuns), ...rest].join(':');
}

/** Which chunk a global path falls in, and the path inside it. */
export function locatePath(
  runSeed: number,
  checkId: string,
  runs: number,
  path: string,
  chunkRuns = CHUNK_RUNS,
): { chunk: Chunk; path: string } {
  if (!/^\d+(:\d+)*$/.test(path)) throw new UsageError(`a fast-check path looks like 12:0:3, got "${path}"`);
  const [first, ...rest] = path.split(':');
  const g = Number(first);
  const chunks = chunksOf(runSeed, checkId, runs, chunkRuns);
  const k = Math.floor(g / chunkRuns);
  const chunk = chunks[k];
  if (!chunk || g >= runs)
    throw new UsageError(
      `path ${path} points past the ${runs} runs of ${checkId} (give the number of runs of the run that failed)`,
    );
  return { chunk, path: [String(g - k * chunkRuns), ...rest].join(':') };
}

/** Parses `--shard i/n` (1 <= i <= n <= 256). */
export function parseShard(raw: string): ShardSpec {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > 256 || index < 1 || index > count)
    throw new UsageError(`a shard is i/n with 1 <= i <= n <= 256 (e.g. 2/4), got "${raw}"`);
  return { index, count };
}

/**
 * The deterministic partition: every (check, chunk) unit of the selection, in run order, dealt
 * round-robin to the shards. Depends only on the selected ids, `runs` and the shard count, so every
 * machine of a CI matrix computes the same partition. Returns the chunk indices this shard runs,
 * per check id (checks without any unit here are absent).
 */
export function shardUnits(
  checkIds: readonly string[],
  runs: number,
  shard: ShardSpec,
  chunkRuns = CHUNK_RUNS,
): Map<string, number[]> {
  const mine = new Map<string, number[]>();
  let unit = 0;
  const per = chunkCount(runs, chunkRuns);
  for (const id of checkIds) {
    for (let k = 0; k < per; k++, unit++) {
      if (unit % shard.count !== shard.index - 1) continue;
      const list = mine.get(id) ?? [];
      list.push(k);
      mine.set(id, list);
    }
  }
  return mine;
}
