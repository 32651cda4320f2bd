import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../../contract/errors.js';
import { packageRoot } from '../../io/package.js';
import { closestName } from '../../model/names.js';
import { pathIn, type CliIO } from '../io.js';
import { guarded } from '../options.js';
import { INIT_USAGE } from '../usage.js';

/** One starter kit: its folder under `templates/`, and how the pack runs what it writes. */
export interface Starter {
  /** The pack's command line to run the starter, from the folder it was written to. */
  run: string;
  /** The build step a compiled language needs first, if any. */
  build?: string;
  /** For a service: the command that starts it (in another terminal), before the pack runs. */
  start?: string;
}

/**
 * The starters `init` writes, by `--lang`. JavaScript and TypeScript are in-process modules;
 * python, go, rust and java are child processes speaking `uaix-adapter/1` (docs/protocol.md), run
 * with `--adapter-cmd`; python-http and node-http are services speaking its HTTP binding, run with
 * `--adapter-url`.
 */
export const STARTERS: Readonly<Record<string, Starter>> = Object.freeze({
  ts: { run: 'npx uaix-conformance --adapter ./adapter.ts' },
  js: { run: 'npx uaix-conformance --adapter ./adapter.mjs' },
  python: { run: 'npx uaix-conformance --adapter-cmd "python3 adapter.py"' },
  go: { run: 'npx uaix-conformance --adapter-cmd "go run ."' },
  rust: { build: 'cargo build --release', run: 'npx uaix-conformance --adapter-cmd "./target/release/my-adapter"' },
  java: { build: 'javac -d build Adapter.java', run: 'npx uaix-conformance --adapter-cmd "java -cp build Adapter"' },
  'python-http': { start: 'python3 server.py', run: 'npx uaix-conformance --adapter-url http://127.0.0.1:8080/uaix' },
  'node-http': { start: 'node server.mjs', run: 'npx uaix-conformance --adapter-url http://127.0.0.1:8080/uaix' },
});

/** The folder holding the starter files of a language (shipped with the package). */
export function starterDir(lang: string): string {
  return join(packageRoot, 'templates', lang);
}

/** The files of a starter, as paths relative to its folder (sub-folders included), sorted. */
export function starterFiles(lang: string): string[] {
  const root = starterDir(lang);
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => statSync(join(root, f)).isFile())
    .map((f) => f.split('\\').join('/'))
    .sort();
}

/** `--lang`: a known language, or a usage error naming the closest one. */
export function langOption(raw: string | undefined): string {
  const lang = (raw ?? 'ts').toLowerCase();
  if (Object.hasOwn(STARTERS, lang)) return lang;
  throw new UsageError(
    `unknown --lang "${raw}" (did you mean "${closestName(lang, Object.keys(STARTERS))}"? languages: ${Object.keys(STARTERS).join(', ')})`,
  );
}

/**
 * `uaix-conformance init [--lang l] [dir]`: writes a starter adapter into `dir` (default: the
 * current folder). Never overwrites: when any file it would write exists, it writes nothing and
 * refuses with one line (exit 2), so a second `init` cannot destroy work.
 */
export async function initCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: { lang: { type: 'string', short: 'l' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${INIT_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const lang = langOption(values.lang);
  const target = pathIn(io, positionals[0] ?? '.');
  if (existsSync(target) && !statSync(target).isDirectory())
    throw new UsageError(`${positionals[0]} is a file, not a folder`);
  const files = starterFiles(lang);
  const taken = files.find((f) => existsSync(join(target, f)));
  if (taken !== undefined)
    throw new UsageError(
      `${join(relative(pathIn(io, '.'), target) || '.', taken)} already exists; init never overwrites a file (choose another folder)`,
    );
  for (const f of files) {
    mkdirSync(join(target, f, '..'), { recursive: true });
    writeFileSync(join(target, f), readFileSync(join(starterDir(lang), f)), { flag: 'wx' });
  }
  io.out.write(nextSteps(lang, positionals[0], files));
  return 0;
}

/** What `init` prints: the files it wrote and the commands to run next. */
function nextSteps(lang: string, dir: string | undefined, files: readonly string[]): string {
  const starter = STARTERS[lang]!;
  const steps = [
    ...(dir !== undefined && dir !== '.' ? [`cd ${dir}`] : []),
    ...(starter.build !== undefined ? [starter.build] : []),
    ...(starter.start !== undefined ? [`${starter.start}    # the service: leave it running (another terminal)`] : []),
    starter.run,
  ];
  return `wrote a ${lang} starter ${starter.start !== undefined ? 'service' : 'adapter'}: ${files.join(', ')}\nevery member is a stub, so every check is skipped (exit 4) until you implement one; then:\n${steps.map((s) => `  ${s}\n`).join('')}`;
}
