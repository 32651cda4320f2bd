import { existsSync, statSync } from 'node:fs';
import type { LoadOptions } from '../adapters/load.js';
import { adapterKindOf, COMMAND_PREFIX, UAS_VERIFY_PREFIX } from '../contract/adapter-spec.js';
import { BUDGET_NAMES, type BudgetName, type Budgets } from '../contract/budgets.js';
import { nearName } from './usage.js';
import type { Adapter } from '../contract/adapter.js';
import { UsageError } from '../contract/errors.js';
import { parseShard, type ShardSpec } from '../engine/chunks.js';
import { expandPath, PATH_SYNTAX } from '../engine/path.js';
import { SEED_MAX, SEED_MIN } from '../engine/seed.js';
import { loadSpec } from '../io/spec-files.js';
import type { SpecData } from '../spec/index.js';
import { pathIn, waitingFor, type CliIO } from './io.js';
import { MACHINERY } from './lazy.js';

/** Option definitions shared by the commands that run checks. */
export const RUN_OPTIONS = {
  adapter: { type: 'string', short: 'a' },
  'adapter-cmd': { type: 'string' },
  'adapter-url': { type: 'string' },
  'uas-verify-cmd': { type: 'string' },
  header: { type: 'string', multiple: true, short: 'H' },
  'read-only': { type: 'boolean' },
  'max-rate': { type: 'string' },
  out: { type: 'string', short: 'o' },
  seed: { type: 'string', short: 's' },
  runs: { type: 'string', short: 'n' },
  timeout: { type: 'string' },
  suite: { type: 'string', multiple: true },
  check: { type: 'string', multiple: true, short: 'c' },
  replay: { type: 'string' },
  now: { type: 'string' },
  'spec-dir': { type: 'string' },
  'in-process': { type: 'boolean' },
  'shrink-budget': { type: 'string' },
  'no-reports': { type: 'boolean' },
  'allow-empty': { type: 'boolean' },
  force: { type: 'boolean' },
  expect: { type: 'string' },
  'allow-stale': { type: 'boolean' },
  'update-expect': { type: 'boolean' },
  shard: { type: 'string' },
  workers: { type: 'string' },
  budget: { type: 'string', multiple: true },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** Runs an argument parse; any parse problem becomes one usage line. */
export function guarded<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
}

/** An integer option within bounds, or a usage error naming the option. */
export function intOption(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be between ${min} and ${max}, got ${raw}`);
  return n;
}

/** `--seed`: a 32-bit integer. */
export function seedOption(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : intOption('seed', raw, 0, SEED_MIN, SEED_MAX);
}

/** Repeated or comma-separated list options (`--suite a,b --suite c`). */
export function listOption(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * True when the fields of `YYYY-MM-DDTHH:MM:SS` name a real instant: a day that exists in its month
 * (leap years included), hours below 24, minutes and seconds below 60. `Date.parse` alone would roll
 * `2026-02-30` over to March 2.
 */
export function isCalendarInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one (years below 100 too)
  const daysInMonth = lastDay.getUTCDate();
  return day <= daysInMonth;
}

/** `--now`: a UTC instant with a trailing Z, on a real calendar day. */
export function nowOption(raw: string | undefined, fallback: string): string {
  if (raw === undefined) return fallback;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?Z$/.exec(raw);
  if (!m || Number.isNaN(Date.parse(raw)))
    throw new UsageError(`--now must be a UTC instant with a trailing Z, got "${raw}"`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (!isCalendarInstant(y, mo, d, h, mi, s))
    throw new UsageError(`--now names no real instant: "${raw}" (check the day of the month and the time)`);
  return raw;
}

/**
 * The longest adapter spec the pack takes (characters): a path, a URL or a command line is far shorter,
 * and every report names the spec (report.html three times), so a longer one would only make them huge.
 */
export const MAX_ADAPTER_SPEC = 4096;

/**
 * The one adapter spec named by `--adapter`, `--adapter-cmd`, `--adapter-url` or `--uas-verify-cmd`
 * (exactly one of them). A service's URL is its own spec, as `--adapter <URL>` gives it.
 */
export function adapterSpecOf(values: {
  adapter?: string | undefined;
  'adapter-cmd'?: string | undefined;
  'adapter-url'?: string | undefined;
  'uas-verify-cmd'?: string | undefined;
}): string | undefined {
  const url = values['adapter-url'];
  if (url !== undefined && adapterKindOf(url.trim()) !== 'http')
    throw new UsageError('--adapter-url takes an http:// or https:// URL');
  const given = [
    values.adapter !== undefined ? values.adapter : undefined,
    values['adapter-cmd'] !== undefined ? COMMAND_PREFIX + values['adapter-cmd'] : undefined,
    url !== undefined ? url.trim() : undefined,
    values['uas-verify-cmd'] !== undefined ? UAS_VERIFY_PREFIX + values['uas-verify-cmd'] : undefined,
  ].filter((s): s is string => s !== undefined);
  if (given.length > 1)
    throw new UsageError('give one of --adapter, --adapter-cmd, --adapter-url and --uas-verify-cmd');
  const spec = given[0];
  if (spec !== undefined && spec.length > MAX_ADAPTER_SPEC)
    throw new UsageError(
      `the adapter spec is ${spec.length} characters long, more than the ${MAX_ADAPTER_SPEC} an adapter spec may have`,
    );
  return spec;
}

/** `--spec-dir`: the spec data of the command (the bundled spec without it). The one place the option is read. */
export function specOption(io: CliIO, dir: string | undefined): SpecData {
  const at = dir === undefined ? undefined : pathIn(io, dir);
  if (at !== undefined && (!existsSync(at) || !statSync(at).isDirectory()))
    throw new UsageError(`--spec-dir ${dir} is not a folder`);
  return loadSpec(at, dir);
}

/** Loads the adapter a user named; a module path that looks like a command line gets a hint. */
export async function loadNamedAdapter(spec: string, options: LoadOptions): Promise<Adapter> {
  const { loadAdapter } = await MACHINERY.adapters(); // only the commands that load an adapter pay for it
  try {
    // A module whose top-level await never settles ends the process with nothing left to wait for: said, exit 2.
    return await waitingFor(
      `the adapter ${spec.slice(0, 200)} to load (its module never settled)`,
      2,
      loadAdapter(spec, options),
    );
  } catch (e) {
    if (e instanceof UsageError && adapterKindOf(spec) === 'module' && /\s/.test(spec.trim())) {
      throw new UsageError(`${e.message} (to run a command, use --adapter-cmd "${spec}" or --adapter "cmd:${spec}")`);
    }
    throw e;
  }
}

/** `--shard i/n`. */
export function shardOption(raw: string | undefined): ShardSpec | undefined {
  if (raw === undefined) return undefined;
  try {
    return parseShard(raw);
  } catch (e) {
    throw new UsageError(`--shard: ${(e as Error).message}`);
  }
}

/** The largest value `--budget` takes (a budget that high is no budget, but stays a safe integer in every sum). */
export const MAX_BUDGET = 2 ** 40;

/**
 * `--budget <name>=<n>` (repeat or comma-separate): the budgets a run sets (D-REL-02); the others
 * keep their defaults. An unknown name is a usage error naming the closest one.
 */
export function budgetOption(values: readonly string[] | undefined): Partial<Budgets> {
  const out: Partial<Budgets> = {};
  for (const item of listOption(values as string[] | undefined)) {
    const m = /^([a-z-]+)=(.*)$/.exec(item);
    if (m === null)
      throw new UsageError(`--budget takes <name>=<n> (names: ${BUDGET_NAMES.join(', ')}), got "${item}"`);
    const name = m[1]!;
    if (!(BUDGET_NAMES as readonly string[]).includes(name)) {
      const near = nearName(name, BUDGET_NAMES);
      throw new UsageError(
        `--budget: no budget named "${name}"${near !== undefined ? ` (did you mean "${near}"?)` : ''} (budgets: ${BUDGET_NAMES.join(', ')})`,
      );
    }
    out[name as BudgetName] = intOption(`budget ${name}`, m[2]!, 0, 1, MAX_BUDGET);
  }
  return out;
}

/** The longest run of one repeated step a replay path may write (`0*1000000`), as `expandPath` takes it. */
export const MAX_REPEATED_STEP = 1_000_000;

/**
 * A replay path option (`--replay` of a run, `--path` of replay): fast-check's path, with runs of a
 * repeated step written `step*count`, expanded; anything else (a count past `MAX_REPEATED_STEP`
 * included) is one usage line naming the option.
 */
export function pathOption(name: string, raw: string): string {
  const tooLong = raw.split(':').some((step) => Number(step.split('*')[1] ?? 1) > MAX_REPEATED_STEP);
  if (!PATH_SYNTAX.test(raw) || tooLong)
    throw new UsageError(
      `--${name} takes a fast-check path such as 12:0:3 or 12:0*40:3 (a step repeated at most ${MAX_REPEATED_STEP} times), got "${raw}"`,
    );
  try {
    return expandPath(raw);
  } catch {
    throw new UsageError(`--${name} takes a fast-check path such as 12:0:3 or 12:0*40:3, got "${raw}"`);
  }
}
