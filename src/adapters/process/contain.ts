import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants as fsConstants, readdirSync, readFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Nothing an adapter process or a verifier command starts outlives it (D-REL-03), whatever it does
 * to escape: a child in a session of its own (`setsid`), detached, burning CPU for ever. Killing the
 * process group cannot reach those; what can, in order of preference, where the platform has it:
 *
 * 1. `pid-namespace`: the command runs as the second process of a PID namespace of its own
 *    (`unshare --pid` from util-linux, as root, else in a user namespace). When it ends, or when the
 *    pack kills its process group, the namespace's first process (a shell of ours) ends and the
 *    kernel kills every process left in it. The command itself is not process 1, so its own signals
 *    and `abort()` behave as anywhere else. The shells report a death by signal N as exit status
 *    128 + N, which the pack reports as the signal (`exitOf`), as it would without them. bubblewrap
 *    is not used: it could not be tried on the machine this was built on.
 * 2. `environment`: a PID namespace is not allowed here. Each command gets a mark in its environment
 *    (`OWNER_ENV`, its own value); once it ended, every process of this user still carrying that mark
 *    (read from /proc) is killed. A child that clears its environment escapes this.
 * 3. `none`: neither (no /proc, or `UAIX_CONFORMANCE_CONTAINMENT=none`): what left the process group
 *    may outlive the run, and the run says so.
 *
 * `UAIX_CONFORMANCE_CONTAINMENT` chooses: `auto` (the default, the first that works), `environment`
 * or `none`. The probe runs once per process, the first time a command is started.
 */

export type ContainmentKind = 'pid-namespace' | 'environment' | 'none';

/** The environment variable that chooses the containment. */
export const CONTAINMENT_ENV = 'UAIX_CONFORMANCE_CONTAINMENT';
/** The environment variable that marks the processes of one command (containment `environment`). */
export const OWNER_ENV = 'UAIX_CONFORMANCE_OWNER';

/** How one command is started: its words, and the environment mark to sweep for once it ended. */
export interface Contained {
  argv: string[];
  /** The environment to start it with (undefined: the caller's). */
  env?: NodeJS.ProcessEnv;
  /** True when shells of ours run it in between: its exit status 128 + N stands for signal N. */
  shell: boolean;
  /** Kills whatever this command left behind; call once it has exited or been killed. */
  sweep(): void;
}

export interface Containment {
  kind: ContainmentKind;
  /** What this containment leaves undone, for the one line the run prints (none for a namespace). */
  note?: string;
  /** How to start `argv` (a command that cannot be found is started as it is, to fail as it would). */
  contain(argv: readonly string[], env?: NodeJS.ProcessEnv, cwd?: string): Contained;
}

let chosen: Containment | undefined;

/** The containment of this process (probed once). */
export function containment(): Containment {
  chosen ??= choose(process.env[CONTAINMENT_ENV]);
  return chosen;
}

/** Forgets the probe (tests choose another containment through the environment). */
export function resetContainment(): void {
  chosen = undefined;
}

function choose(asked: string | undefined): Containment {
  if (asked === 'none') return none('the containment was switched off (UAIX_CONFORMANCE_CONTAINMENT=none)');
  if (asked !== 'environment') {
    const prefix = process.platform === 'linux' ? namespacePrefix() : undefined;
    if (prefix !== undefined) return namespace(prefix);
  }
  if (process.platform === 'linux' && readable('/proc/self/environ')) return environmentMark();
  return none('this platform has neither PID namespaces nor /proc');
}

/**
 * The two shells a contained command runs under. `unshare --pid` (without `--fork`) puts the children
 * of the process it becomes into a new PID namespace; that process becomes the first shell, which
 * starts the second (process 1 of the namespace), which starts the command (process 2). Each shell
 * hands its standard input, output and error on to the next and then closes its own copies, so that
 * the command's closing its output is seen at once, and its own messages ("Segmentation fault") go
 * nowhere. Each waits for its child and exits with its status.
 */
const OUTER =
  'init=$1; shift; exec 3>&2 4<&0 2>/dev/null; /bin/sh -c "$init" sh "$@" <&4 & exec 0<&- 1>&- 3>&- 4<&-; wait $!';
const INIT = 'exec 2>/dev/null 4<&0; "$@" <&4 2>&3 3>&- 4<&- & exec 0<&- 1>&- 3>&- 4<&-; wait $!';

/** The words that run `argv` in a PID namespace of its own, after `prefix` (`unshare ... --pid`). */
function inNamespace(prefix: readonly string[], argv: readonly string[]): string[] {
  return [...prefix, '/bin/sh', '-c', OUTER, 'sh', INIT, ...argv];
}

/** The first way to a PID namespace that works here (util-linux's unshare, as root, then in a user namespace); undefined when none does. */
function namespacePrefix(): string[] | undefined {
  if (onPath('unshare') === undefined || onPath('/bin/sh') === undefined) return undefined;
  const tries = [
    ['unshare', '--pid'],
    ['unshare', '--user', '--map-current-user', '--pid'],
    ['unshare', '--user', '--map-root-user', '--pid'],
  ];
  for (const prefix of tries) {
    const probe = inNamespace(prefix, ['/bin/sh', '-c', 'exit 7']);
    const r = spawnSync(probe[0]!, probe.slice(1), { stdio: 'ignore', timeout: 5000 });
    if (r.status === 7) return prefix;
  }
  return undefined;
}

function namespace(prefix: readonly string[]): Containment {
  return {
    kind: 'pid-namespace',
    contain(argv, env, cwd) {
      if (onPath(argv[0]!, cwd) === undefined) return asIs(argv, env);
      return {
        argv: inNamespace(prefix, argv),
        ...(env !== undefined ? { env } : {}),
        shell: true,
        sweep: () => undefined,
      };
    },
  };
}

let marks = 0;

function environmentMark(): Containment {
  return {
    kind: 'environment',
    note: 'no PID namespace here (unshare --pid is missing or not allowed): what an adapter starts in a session of its own is found by a mark in its environment and killed with it; a process that clears its environment may outlive the run',
    contain(argv, env) {
      const mark = `${process.pid}.${++marks}.${randomBytes(6).toString('hex')}`;
      return {
        argv: [...argv],
        env: { ...(env ?? process.env), [OWNER_ENV]: mark },
        shell: false,
        sweep: () => killMarked(mark),
      };
    },
  };
}

function none(why: string): Containment {
  return {
    kind: 'none',
    note: `${why}: what an adapter starts in a session of its own may outlive the run`,
    contain: asIs,
  };
}

function asIs(argv: readonly string[], env?: NodeJS.ProcessEnv): Contained {
  return { argv: [...argv], ...(env !== undefined ? { env } : {}), shell: false, sweep: () => undefined };
}

/** Kills every process of this user whose environment carries `OWNER_ENV=<mark>` (Linux, /proc). */
export function killMarked(mark: string): number {
  const needle = Buffer.from(`\0${OWNER_ENV}=${mark}\0`);
  let killed = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${name}/environ`)]);
    } catch {
      continue; // gone, or another user's
    }
    if (environ.indexOf(needle) < 0) continue;
    try {
      process.kill(Number(name), 'SIGKILL');
      killed += 1;
    } catch {
      // gone since
    }
  }
  return killed;
}

/**
 * How a contained command ended, as the command itself ended: a shell of ours reports a death by
 * signal N as exit status 128 + N.
 */
export function exitOf(
  shell: boolean,
  code: number | null,
  signal: NodeJS.Signals | null,
): { code: number | null; signal: NodeJS.Signals | null } {
  if (!shell || code === null || code <= 128) return { code, signal };
  const name = (Object.entries(osConstants.signals) as [NodeJS.Signals, number][]).find(([, n]) => n === code - 128);
  return name !== undefined ? { code: null, signal: name[0] } : { code, signal };
}

/** The file a command word names: itself when it has a slash, else the first executable on PATH; undefined when none. */
function onPath(word: string, cwd?: string): string | undefined {
  const executable = (file: string) => {
    try {
      accessSync(file, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (word.includes('/')) {
    const file = isAbsolute(word) ? word : join(cwd ?? process.cwd(), word);
    return executable(file) ? file : undefined;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir !== '' && executable(join(dir, word))) return join(dir, word);
  return undefined;
}

function readable(file: string): boolean {
  try {
    accessSync(file, fsConstants.R_OK);
    return true;
  } catch {
    return false;
  }
}
