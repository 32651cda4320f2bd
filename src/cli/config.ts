import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { adapterKindOf } from '../contract/adapter-spec.js';
import { UsageError } from '../contract/errors.js';
import { moduleLoadProblem } from '../io/module-errors.js';
import { EXIT } from './exit.js';
import { cwdOf, shownPath, waitingFor, type CliIO } from './io.js';
import { RUN_OPTIONS } from './options.js';
import { nearName } from './usage.js';

/** The names a config file may have, looked for in this order in each folder. */
export const CONFIG_FILE_NAMES = ['uaix-conformance.config.json', 'uaix-conformance.config.mjs'] as const;

/**
 * The options a config file may set: every option of a run, by its long name, except those that
 * only make sense on one command line: `--help`, `--version`, `--replay`, and the two that replace
 * a user's files (`--force`, `--update-expect`), which a file must never decide once for every run.
 */
export const CONFIG_KEYS: readonly string[] = Object.keys(RUN_OPTIONS).filter(
  (k) => !['help', 'version', 'replay', 'force', 'update-expect'].includes(k),
);

/** Keys whose value is a path: relative to the config file's folder, not to where the command runs. */
const PATH_KEYS = new Set(['adapter', 'out', 'expect', 'spec-dir']);

/** The commands a config file applies to, and the options of each it may set. */
const APPLIES_TO: Readonly<Record<string, readonly string[]>> = {
  run: CONFIG_KEYS,
  doctor: ['adapter', 'adapter-cmd', 'adapter-url', 'uas-verify-cmd', 'header', 'timeout', 'in-process'],
};

/** A loaded config file: where it is, and its options. */
export interface LoadedConfig {
  file: string;
  values: Record<string, unknown>;
}

/** What `main` hands a command besides its arguments: the config file it read, if any. */
export interface CommandContext {
  config?: LoadedConfig;
}

/** The first config file found in `from` or a folder above it; two names in one folder is a usage error. */
export function findConfig(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const here = CONFIG_FILE_NAMES.map((n) => join(dir, n)).filter((f) => existsSync(f) && statSync(f).isFile());
    if (here.length > 1)
      throw new UsageError(`two config files in ${dir}: ${CONFIG_FILE_NAMES.join(' and ')} (keep one)`);
    if (here.length === 1) return here[0];
    if (dirname(dir) === dir) return undefined;
  }
}

/** How long a `.mjs` config file (its module and its default function) may take to give its options. */
export const CONFIG_LOAD_MS = 30_000;

/** `work()`, or a usage error once it has not settled within `ms` (the timer never keeps the process up by itself). */
function settledWithin<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UsageError(`its module or its default function did not settle within ${ms / 1000} s`)),
      ms,
    );
    timer.unref();
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}

/** Reads a config file: JSON, or an ES module whose default export is the options (or a function returning them). */
export async function readConfig(file: string, shown: string): Promise<Record<string, unknown>> {
  // Only a run that has a config file pays for the JSON reader and its schema validator.
  const { firstSchemaError, readJsonFile, schemaValidator } = await import('../io/json-file.js');
  let values: unknown;
  if (file.endsWith('.mjs')) {
    try {
      // A module or a default function that never settles is a usage error, not a silent exit 13.
      values = await waitingFor(
        `the config file ${shown} to load (its module or its default function never settled)`,
        EXIT.usage,
        settledWithin(CONFIG_LOAD_MS, async () => {
          const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
          return typeof mod.default === 'function' ? await (mod.default as () => unknown)() : mod.default;
        }),
      );
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`config ${shown}: ${e.message}`);
      throw new UsageError(`config ${shown}: ${moduleLoadProblem(e)}`);
    }
  } else {
    values = readJsonFile(file, 'config', shown);
  }
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    throw new UsageError(`config ${shown}: expected an object of options (see schemas/config.schema.json)`);
  for (const key of Object.keys(values)) {
    if (key === '$schema' || CONFIG_KEYS.includes(key)) continue;
    const near = nearName(key, CONFIG_KEYS);
    throw new UsageError(
      `config ${shown}: unknown option "${key}"${near !== undefined ? ` (did you mean "${near}"?)` : ''}`,
    );
  }
  const validate = schemaValidator('config');
  if (!validate(values)) throw new UsageError(`config ${shown}: ${firstSchemaError(validate.errors)}`);
  return values as Record<string, unknown>;
}

/**
 * Takes `--config <file>` and `--no-config` out of a command line (before any `--`): which config
 * to use (a path, `false` for none, `undefined` to look for one) and the rest of the arguments.
 */
export function configChoice(argv: readonly string[]): { choice: string | false | undefined; rest: string[] } {
  const rest: string[] = [];
  let choice: string | false | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--no-config') choice = false;
    else if (a === '--config') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-'))
        throw new UsageError('--config needs a file (or use --no-config)');
      choice = next;
      i += 1;
    } else if (a.startsWith('--config=')) choice = a.slice('--config='.length);
    else rest.push(a);
  }
  return { choice, rest };
}

/** The long names of the options a command line gives (short forms included). */
function givenOptions(argv: readonly string[]): Set<string> {
  const { tokens } = parseArgs({
    args: [...argv],
    options: RUN_OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  return new Set(tokens.filter((t) => t.kind === 'option').map((t) => (t as { name: string }).name));
}

/**
 * A config value as the command-line arguments it stands for. A path, relative to the config's
 * folder, becomes the path the user would type from `cwd` (so reports name it as written, never
 * as an absolute path of this machine), always starting with `.` so `./reference` stays a file.
 */
function argsOf(key: string, value: unknown, dir: string, cwd: string): string[] {
  if (value === false) return [];
  if (value === true) return [`--${key}`];
  const one = (v: unknown) => {
    const text = String(v);
    const isPath = PATH_KEYS.has(key) && (key !== 'adapter' || adapterKindOf(text) === 'module');
    return [`--${key}`, isPath && !isAbsolute(text) ? fromCwd(join(dir, text), cwd) : text];
  };
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** `path` relative to `cwd`, starting with `./` or `../`. */
function fromCwd(path: string, cwd: string): string {
  const rel = relative(cwd, path) || '.';
  return rel.startsWith('..') ? rel : `.${sep}${rel}`;
}

/**
 * The command line with the config file's options put in front of it, for the options the command
 * line does not give itself: a flag always wins over the file. Returns the config loaded (to name it
 * in the run's header), or none when the command takes no config or none was found.
 */
export async function withConfig(
  command: string,
  argv: string[],
  io: CliIO,
): Promise<{ argv: string[]; config?: LoadedConfig }> {
  const keys = APPLIES_TO[command];
  const { choice, rest } = configChoice(argv);
  if (keys === undefined) {
    if (choice !== undefined)
      throw new UsageError(
        `--${choice === false ? 'no-config' : 'config'}: the ${command} command reads no config file`,
      );
    return { argv: rest };
  }
  if (choice === false) return { argv: rest };
  const file = choice === undefined ? findConfig(cwdOf(io)) : resolve(cwdOf(io), choice);
  if (file === undefined) return { argv: rest };
  if (choice !== undefined && !/\.(json|mjs)$/.test(file))
    throw new UsageError(`--config ${choice}: expected a .json or .mjs file`);
  const shown = choice ?? shownPath(io, file);
  const values = await readConfig(file, shown);
  const given = givenOptions(rest);
  const front = Object.entries(values)
    .filter(([key]) => key !== '$schema' && keys.includes(key) && !given.has(key) && !conflicts(key, given))
    .flatMap(([key, value]) => argsOf(key, value, dirname(file), cwdOf(io)));
  return { argv: [...front, ...rest], config: { file, values } };
}

/** The four ways of naming the adapter are one choice: a flag giving any of them overrides the file's. */
const ADAPTER_KEYS = ['adapter', 'adapter-cmd', 'adapter-url', 'uas-verify-cmd'];

/** True when the command line sets something the config key would contradict. */
function conflicts(key: string, given: ReadonlySet<string>): boolean {
  return ADAPTER_KEYS.includes(key) && ADAPTER_KEYS.some((k) => given.has(k));
}
