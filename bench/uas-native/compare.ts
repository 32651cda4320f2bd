import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../../src/io/package.js';

/** The built `uas-verify` (the bench builds first, as `npm run bench` does). */
export const UAS_VERIFY_BIN = join(packageRoot, 'bin', 'uas-verify.js');

/** What one verifier said about a file pair: its exit code and its findings as `CHECK[ unit=ID][ byte=N]` lines, sorted. */
export interface Said {
  status: number | null;
  findings: string[];
}

/** A verifier the bench spawns: `uas-verify` or the native baseline. */
export interface SpawnedVerifier {
  name: string;
  /** The command and arguments that verify `source` against `artifact`, with findings in a form `said` reads. */
  argv(source: string, artifact: string): string[];
  /** The exit code and findings, from the process's output. */
  said(status: number | null, stdout: string): Said;
}

/** A finding of `uas-verify` in the native verifier's line format: `CHECK[ unit=ID][ byte=N]`. */
export const findingLine = (f: { checkId: string; unitId?: string; byteOffset?: number }): string =>
  `${f.checkId}${f.unitId !== undefined ? ` unit=${f.unitId}` : ''}${f.byteOffset !== undefined ? ` byte=${f.byteOffset}` : ''}`;

/** The findings `uas-verify --json` prints, as sorted lines. */
function jsonFindings(stdout: string): string[] {
  try {
    const v = JSON.parse(stdout) as { findings: { checkId: string; unitId?: string; byteOffset?: number }[] };
    return v.findings.map(findingLine).sort();
  } catch {
    return [`(not JSON: ${stdout.slice(0, 80)})`];
  }
}

/** The built CLI, spawned as a user runs it. */
export const uasVerifyCli: SpawnedVerifier = {
  name: 'uas-verify',
  argv: (source, artifact) => [process.execPath, UAS_VERIFY_BIN, '--source', source, '--artifact', artifact, '--json'],
  said: (status, stdout) => ({ status, findings: jsonFindings(stdout) }),
};

/** The native verifier at `path` (bench/uas-native/verify.c, built for this run). */
export function nativeVerifier(path: string): SpawnedVerifier {
  return {
    name: 'native verifier',
    argv: (source, artifact) => [path, source, artifact],
    said: (status, stdout) => ({
      status,
      findings: stdout
        .split('\n')
        .filter((l) => l !== '')
        .sort(),
    }),
  };
}

/** Runs a verifier once; its wall time in milliseconds and what it said. Throws when it could not run. */
export function runVerifier(v: SpawnedVerifier, source: string, artifact: string): { ms: number; said: Said } {
  const [cmd, ...args] = v.argv(source, artifact);
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd!, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw new Error(`${v.name} did not run: ${r.error.message}`);
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`${v.name} exited ${r.status ?? r.signal}: ${r.stderr.trim().split('\n')[0]}`);
  return { ms, said: v.said(r.status, r.stdout) };
}

/** A file pair both verifiers must judge alike, and the exit code they must agree on. */
export interface AgreementCase {
  label: string;
  source: string;
  artifact: string;
  expected: 0 | 1;
}

/**
 * Holds the baseline to the same work: on every case both verifiers exit as expected and report
 * the same findings (check, unit, byte), else the bench stops with a message naming the case.
 */
export function checkAgreement(
  verifiers: readonly [SpawnedVerifier, SpawnedVerifier],
  cases: readonly AgreementCase[],
): void {
  for (const c of cases) {
    const [a, b] = verifiers.map((v) => runVerifier(v, c.source, c.artifact).said) as [Said, Said];
    const show = (s: Said) => `exit ${s.status}${s.findings.length ? `, ${s.findings.join('; ')}` : ''}`;
    if (a.status !== c.expected || b.status !== a.status || a.findings.join('\n') !== b.findings.join('\n')) {
      throw new Error(
        `UAS bench: ${verifiers[1].name} and ${verifiers[0].name} disagree on ${c.label} (expected exit ${c.expected}): ${verifiers[0].name} ${show(a)}; ${verifiers[1].name} ${show(b)}. A baseline that does less work is no baseline: fix it before timing.`,
      );
    }
  }
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** A figure against its baseline: medians of each, and the median of the per-round ratios. */
export interface PairedFigure {
  ms: number;
  baselineMs: number;
  ratio: number;
}

/**
 * `subject` against `baseline` on one file pair in paired, interleaved rounds: each round runs both
 * once, in alternating order, so a load that comes and goes weighs on both alike; the figure is the
 * median of the rounds' ratios. The caller has run both once already (the agreement check warms
 * the page cache).
 */
export function pairedRounds(
  subject: SpawnedVerifier,
  baseline: SpawnedVerifier,
  source: string,
  artifact: string,
  rounds: number,
): PairedFigure {
  const ms: number[] = [];
  const base: number[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      ms.push(runVerifier(subject, source, artifact).ms);
      base.push(runVerifier(baseline, source, artifact).ms);
    } else {
      base.push(runVerifier(baseline, source, artifact).ms);
      ms.push(runVerifier(subject, source, artifact).ms);
    }
  }
  return { ms: median(ms), baselineMs: median(base), ratio: median(ms.map((m, i) => m / base[i]!)) };
}

/**
 * Peak RSS (MiB) of one `uas-verify` process verifying a file pair, its helper thread included. A
 * preloaded module reports VmHWM (Linux) as the process exits; getrusage's maxRSS survives exec and
 * would include this (large) parent's footprint, so it is only the fallback.
 */
export function uasVerifyPeakRssMiB(dir: string, source: string, artifact: string): number {
  const preload = join(dir, 'peak-rss-preload.mjs');
  writeFileSync(
    preload,
    `import { readFileSync, writeSync } from 'node:fs';\nprocess.on('exit', () => {\n  let kib = process.resourceUsage().maxRSS;\n  try { kib = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}\n  writeSync(2, \`\\npeak-rss-kib=\${kib}\\n\`);\n});\n`,
  );
  const r = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(preload).href, UAS_VERIFY_BIN, '--source', source, '--artifact', artifact],
    { encoding: 'utf8' },
  );
  const kib = /peak-rss-kib=(\d+)/.exec(r.stderr);
  if (r.status !== 0 || !kib)
    throw new Error(
      `UAS bench: uas-verify on the peak-RSS case exited ${r.status}: ${(r.stdout + r.stderr).trim().split('\n')[0]}`,
    );
  return Math.round(Number(kib[1]) / 1024);
}
