import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { Bench } from 'tinybench';
import { verifyUas } from '../src/reference/uas/verify.js';
import { verifyUasFile } from '../src/reference/uas/verify-file.js';
import { bundledSpec } from '../src/spec/index.js';
import { buildNativeVerifier } from './uas-native/build.js';
import {
  checkAgreement,
  nativeVerifier,
  pairedRounds,
  uasVerifyCli,
  uasVerifyPeakRssMiB,
  type PairedFigure,
} from './uas-native/compare.js';

/** Options of the UAS benchmark. */
export interface UasBenchOptions {
  /** Source size for the throughput figures, MiB (default 256). */
  sourceMiB?: number;
  /** Also measure peak RSS on a 1 GiB source (default: env UAS_BENCH_GIB=1). */
  gib?: boolean;
  /** Rounds: each task runs `perRound` timed iterations per round, tasks in turn (default 5). */
  rounds?: number;
  /** Timed iterations of each task per round (default 2). */
  perRound?: number;
  /** Units of the artifact-heavy case (default 20 000, about 8 MiB of XML). */
  artifactUnits?: number;
  /** Paired rounds of `uas-verify` against the native verifier, per case (default: env UAS_BENCH_PAIRS, else 7). */
  pairs?: number;
  /** Print a summary table and the goals (default true). */
  print?: boolean;
}

/** `uas-verify` (spawned) against the native verifier (spawned), or why that comparison was skipped. */
export type NativeFigures = { skipped: string } | { source: PairedFigure; artifact: PairedFigure };

/** The figures of one run. Throughputs in MiB/s; ratios are verifier / baseline. */
export interface UasBenchFigures {
  rawSha256MiBs: number;
  verifierSourceMiBs: number;
  sourceRatio: number;
  artifactMiB: number;
  plainParseMiBs: number;
  attributeParseMiBs: number;
  verifierArtifactMiBs: number;
  artifactRatio: number;
  artifactRatioVsAttributes: number;
  /** Peak RSS of a `uas-verify` process by source size. */
  peakRssMiB: Record<string, number>;
  native: NativeFigures;
  /** Issue 4's in-process goals, then issue 16's: null when not measured (no compiler, no 1 GiB run). */
  goals: {
    source: boolean;
    artifact: boolean;
    memoryFlat: boolean | null;
    nativeSource: boolean | null;
    nativeArtifact: boolean | null;
  };
}

/** Issue 16's goals: `uas-verify` at most this many times the native verifier's wall time. */
export const NATIVE_GOALS = Object.freeze({ source: 1.2, artifact: 2.5 });

const MiB = 1 << 20;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

/** One MiB of mixed text (ASCII, CRLF, `&`, `<`, smart quotes, multi-byte and astral), padded to exactly 1 MiB. */
function textBlock(): Buffer {
  const line = 'The compiler never mutates raw content: a < b && c > d — “quoted” café 😀 e\u0301\t0.85\r\n';
  const bytes = Buffer.from(line.repeat(Math.ceil(MiB / Buffer.byteLength(line))), 'utf8');
  let cut = MiB;
  while ((bytes[cut]! & 0xc0) === 0x80) cut--; // end on a character boundary
  return Buffer.concat([bytes.subarray(0, cut), Buffer.alloc(MiB - cut, 0x20)]);
}

const unit = (i: number, start: number, end: number, hash: string, text?: string) =>
  `<semantic_unit id="u${i}" source_order="${i}" surface_form="paragraph" source_span="bytes:${start}-${end}" span_sha256="${hash}" base_role="OBSERVATION" ` +
  `preservation_mode="${text === undefined ? 'SPAN_ONLY' : 'VERBATIM_FULL'}" weight="0.50" weight_modifiers=""${text === undefined ? '/>' : `>${esc(text)}</semantic_unit>`}\n`;

const wrap = (size: number, root: string, units: string, edges = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<UAS_Document version="1.0"><source_manifest encoding="UTF-8" byte_length="${size}" root_sha256="${root}"/>` +
  `<concept_registry/><semantic_units>\n${units}</semantic_units><cognitive_map>${edges}</cognitive_map><ambiguity_register/><validation_report status="pass" failure_count="0"/></UAS_Document>\n`;

/**
 * A source of `mib` MiB written block by block (memory stays at one block) and its artifact: 1 MiB
 * hash-only units covering every byte, so the figure measures the source path (root hash, span
 * hashes, positional reads) and the artifact stays small. Verbatim text costs artifact parsing,
 * which the artifact-heavy case measures on its own.
 */
function writeLargeCase(dir: string, name: string, mib: number): { source: string; artifact: string } {
  const block = textBlock();
  const blockHash = sha(block);
  const root = createHash('sha256');
  const source = join(dir, `${name}.txt`);
  const fd = openSync(source, 'w');
  let units = '';
  for (let i = 0; i < mib; i++) {
    writeSync(fd, block);
    root.update(block);
    units += unit(i + 1, i * MiB, (i + 1) * MiB, blockHash);
  }
  closeSync(fd);
  const artifact = join(dir, `${name}.xml`);
  writeFileSync(artifact, wrap(mib * MiB, root.digest('hex'), units));
  return { source, artifact };
}

/** An artifact-heavy case: many small verbatim units with edges, as a compiler emits for prose. */
export function artifactHeavyCase(units: number): { source: Buffer; xml: string } {
  const texts = [
    'Raw text is an immutable byte sequence.',
    'If w ≥ 0.85 & the node is isolated, register it <PM-02>.',
    '“Smart” and "straight" quotes\r\nstay as they are.',
    'Astral 𝔘𝔄𝔖 😀 and combining e\u0301 survive.',
  ];
  const parts: Buffer[] = [];
  let body = '';
  let edges = '';
  let pos = 0;
  for (let i = 1; i <= units; i++) {
    const t = `${texts[i % texts.length]} (${i})`;
    const b = Buffer.from(t, 'utf8');
    parts.push(b, Buffer.from('\n'));
    const deg = units === 1 ? 0 : i === 1 || i === units ? 1 : 2;
    const w = units === 1 ? '0.50' : deg === 2 ? '0.55' : '0.53';
    body += unit(i, pos, pos + b.length, sha(b), t).replace('weight="0.50"', `weight="${w}"`);
    if (i > 1) edges += `<edge id="e${i}" source="u${i - 1}" target="u${i}" base_relation="SEQUENCES"/>`;
    pos += b.length + 1;
  }
  const source = Buffer.concat(parts);
  return { source, xml: wrap(source.length, sha(source), body, edges) };
}

/**
 * Median latency (ms) of each task, measured in alternating rounds: a figure and its baseline take
 * turns, so a load that comes and goes on a shared machine weighs on both alike. One tinybench run
 * per round; samples are pooled across rounds.
 */
async function alternating(
  tasks: Record<string, () => unknown>,
  rounds: number,
  perRound: number,
): Promise<Record<string, number>> {
  const pooled: Record<string, number[]> = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    const bench = new Bench({
      iterations: perRound,
      time: 0,
      warmupIterations: r === 0 ? 1 : 0,
      warmupTime: 0,
      retainSamples: true,
    });
    for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
    await bench.run();
    for (const name of Object.keys(tasks)) {
      const t = bench.getTask(name)!;
      if (t.result.state !== 'completed' || !t.result.latency.samples)
        throw new Error(`bench task ${name}: ${t.result.state}`);
      pooled[name]!.push(...t.result.latency.samples);
    }
  }
  return Object.fromEntries(
    Object.entries(pooled).map(([name, xs]) => {
      const s = [...xs].sort((a, b) => a - b);
      const mid = s.length >> 1;
      return [name, s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2];
    }),
  );
}

/** Peak memory is flat when the 1 GiB source costs at most a quarter more than the 64 MiB one, plus 16 MiB of noise. */
const flatMemory = (at64: number, at1024: number) => at1024 <= at64 * 1.25 + 16;

/** `uas-verify` against the native verifier on both cases, after checking that they agree; or why it is skipped. */
function compareWithNative(
  dir: string,
  heavy: { source: Buffer; xml: string },
  big: { source: string; artifact: string },
  mib: number,
  pairs: number,
): NativeFigures {
  const build = buildNativeVerifier(dir);
  if (!build.ok) return { skipped: build.skipped };
  const baseline = nativeVerifier(build.path);
  const heavyFiles = { source: join(dir, 'heavy.txt'), artifact: join(dir, 'heavy.xml') };
  writeFileSync(heavyFiles.source, heavy.source);
  writeFileSync(heavyFiles.artifact, heavy.xml);
  const tamperedSource = join(dir, 'heavy-tampered.txt');
  writeFileSync(tamperedSource, changeOneLetter(heavy.source));
  const tamperedArtifact = join(dir, 'source-tampered.xml');
  writeFileSync(tamperedArtifact, tamperSpanHash(readFileSync(big.artifact, 'utf8'), Math.ceil(mib / 2)));
  checkAgreement(
    [uasVerifyCli, baseline],
    [
      { label: `the ${mib} MiB source`, ...big, expected: 0 },
      {
        label: `the ${mib} MiB source, one span hash tampered`,
        source: big.source,
        artifact: tamperedArtifact,
        expected: 1,
      },
      { label: 'the artifact-heavy case', ...heavyFiles, expected: 0 },
      {
        label: 'the artifact-heavy case, one source byte changed',
        source: tamperedSource,
        artifact: heavyFiles.artifact,
        expected: 1,
      },
    ],
  );
  return {
    source: pairedRounds(uasVerifyCli, baseline, big.source, big.artifact, pairs),
    artifact: pairedRounds(uasVerifyCli, baseline, heavyFiles.source, heavyFiles.artifact, pairs),
  };
}

/** A copy of `source` with its first ASCII letter from the middle on changed: a root, span and verbatim mismatch at once. */
function changeOneLetter(source: Buffer): Buffer {
  const copy = Buffer.from(source);
  let i = copy.length >> 1;
  while (i < copy.length && !(copy[i]! >= 0x61 && copy[i]! <= 0x7a)) i++;
  if (i === copy.length) throw new Error('UAS bench: the artifact-heavy source has no letter to change');
  copy[i] = copy[i] === 0x61 ? 0x62 : 0x61;
  return copy;
}

/** The artifact with the span_sha256 of unit `u<k>` replaced by another hash. */
function tamperSpanHash(artifact: string, k: number): string {
  const out = artifact.replace(
    new RegExp(`(id="u${k}" [^>]*?span_sha256=")[0-9a-f]{64}`),
    `$1${sha(Buffer.from('tampered'))}`,
  );
  if (out === artifact) throw new Error(`UAS bench: no unit u${k} to tamper`);
  return out;
}

/** Issue 16's goals, one line each: the figure, its baseline, met or NOT met. */
function printNativeGoals(f: UasBenchFigures, mib: number, units: number): void {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const n = f.native;
  console.log(
    '\nUAS goals (issue 16): uas-verify, spawned, against the native verifier (bench/uas-native/verify.c), wall time',
  );
  if ('skipped' in n) console.log(`  native comparison skipped: ${n.skipped}`);
  else {
    const line = (what: string, p: PairedFigure, goal: number) =>
      console.log(
        `  ${what}: ${p.ratio.toFixed(2)}x the native verifier (uas-verify ${p.ms.toFixed(0)} ms, native ${p.baselineMs.toFixed(0)} ms; goal <= ${goal}x): ${verdict(p.ratio <= goal)}`,
      );
    line(`${mib} MiB source`, n.source, NATIVE_GOALS.source);
    line(`${f.artifactMiB} MiB artifact, ${units} verbatim units`, n.artifact, NATIVE_GOALS.artifact);
  }
  const at64 = f.peakRssMiB['64 MiB']!;
  const at1024 = f.peakRssMiB['1 GiB'];
  if (at1024 === undefined)
    console.log(`  peak RSS flat from 64 MiB to 1 GiB: not measured (64 MiB source: ${at64} MiB; set UAS_BENCH_GIB=1)`);
  else
    console.log(
      `  peak RSS flat from 64 MiB to 1 GiB: ${at1024} MiB at 1 GiB against ${at64} MiB at 64 MiB (goal <= 1.25x + 16 MiB): ${verdict(flatMemory(at64, at1024))}`,
    );
}

/**
 * The UAS benchmark (issues 4 and 16): raw SHA-256 on the source bytes, the verifier's source
 * throughput on a 256 MiB source, its artifact throughput against plain fast-xml-parser on the same
 * artifact (in process); then the built `uas-verify` against a native verifier in C on both cases
 * (spawned, after checking they agree), and the peak RSS of `uas-verify` for 64 MiB (and, opt-in,
 * 1 GiB) sources. Temporary files are deleted afterwards.
 */
export async function benchUas(options: UasBenchOptions = {}): Promise<UasBenchFigures> {
  const mib = options.sourceMiB ?? 256;
  const gib = options.gib ?? process.env.UAS_BENCH_GIB === '1';
  const rounds = options.rounds ?? 5;
  const perRound = options.perRound ?? 2;
  const dir = mkdtempSync(join(tmpdir(), 'uas-bench-'));
  try {
    // The artifact figures come first: the 256 MiB source held in memory for the raw-hash baseline
    // is external memory that makes V8 collect more often, which would weigh on parsing.
    const heavy = artifactHeavyCase(options.artifactUnits ?? 20_000);
    const artifactBytes = Buffer.byteLength(heavy.xml);
    const plain = new XMLParser();
    const withAttributes = new XMLParser({ ignoreAttributes: false });
    if (!verifyUas(heavy.source, heavy.xml, bundledSpec().uas).valid) throw new Error('bench cases must be valid');
    const artifactMs = await alternating(
      {
        plain: () => void plain.parse(heavy.xml),
        attributes: () => void withAttributes.parse(heavy.xml),
        verifier: () => void verifyUas(heavy.source, heavy.xml, bundledSpec().uas),
      },
      rounds,
      perRound,
    );
    const big = writeLargeCase(dir, 'source', mib);
    const bytes = readFileSync(big.source);
    if (!(await verifyUasFile(big.source, big.artifact, bundledSpec().uas)).valid)
      throw new Error('bench cases must be valid');
    const sourceMs = await alternating(
      {
        raw: () => void createHash('sha256').update(bytes).digest(),
        verifier: async () => void (await verifyUasFile(big.source, big.artifact, bundledSpec().uas)),
      },
      rounds,
      perRound,
    );
    const rate = (bytesN: number, ms: number) => bytesN / MiB / (ms / 1000);
    const raw = rate(bytes.length, sourceMs.raw!);
    const src = rate(bytes.length, sourceMs.verifier!);
    const parse = rate(artifactBytes, artifactMs.plain!);
    const parseAttrs = rate(artifactBytes, artifactMs.attributes!);
    const ver = rate(artifactBytes, artifactMs.verifier!);
    const native = compareWithNative(dir, heavy, big, mib, options.pairs ?? Number(process.env.UAS_BENCH_PAIRS ?? 7));
    const peak: Record<string, number> = {};
    const small = writeLargeCase(dir, 'rss-64', 64);
    peak['64 MiB'] = uasVerifyPeakRssMiB(dir, small.source, small.artifact);
    rmSync(small.source);
    if (gib) {
      const huge = writeLargeCase(dir, 'rss-1024', 1024);
      peak['1 GiB'] = uasVerifyPeakRssMiB(dir, huge.source, huge.artifact);
      rmSync(huge.source);
    }
    const figures: UasBenchFigures = {
      rawSha256MiBs: Math.round(raw),
      verifierSourceMiBs: Math.round(src),
      sourceRatio: +(src / raw).toFixed(3),
      artifactMiB: +(artifactBytes / MiB).toFixed(1),
      plainParseMiBs: +parse.toFixed(1),
      attributeParseMiBs: +parseAttrs.toFixed(1),
      verifierArtifactMiBs: +ver.toFixed(1),
      artifactRatio: +(ver / parse).toFixed(3),
      artifactRatioVsAttributes: +(ver / parseAttrs).toFixed(3),
      peakRssMiB: peak,
      native,
      goals: {
        source: src / raw >= 0.7,
        artifact: ver / parse >= 0.7,
        memoryFlat: gib ? flatMemory(peak['64 MiB']!, peak['1 GiB']!) : null,
        nativeSource: 'skipped' in native ? null : native.source.ratio <= NATIVE_GOALS.source,
        nativeArtifact: 'skipped' in native ? null : native.artifact.ratio <= NATIVE_GOALS.artifact,
      },
    };
    if (options.print ?? true) {
      console.log(`\nUAS hash-lock (source ${mib} MiB, artifact ${figures.artifactMiB} MiB)`);
      console.table({
        'raw SHA-256 (MiB/s)': figures.rawSha256MiBs,
        'verifier, source (MiB/s)': figures.verifierSourceMiBs,
        'source ratio (goal >= 0.7)': figures.sourceRatio,
        'fast-xml-parser plain (MiB/s)': figures.plainParseMiBs,
        'fast-xml-parser + attributes (MiB/s)': figures.attributeParseMiBs,
        'verifier, artifact (MiB/s)': figures.verifierArtifactMiBs,
        'artifact ratio vs plain (goal >= 0.7)': figures.artifactRatio,
        'artifact ratio vs attributes': figures.artifactRatioVsAttributes,
        ...Object.fromEntries(Object.entries(peak).map(([k, v]) => [`uas-verify peak RSS, ${k} source (MiB)`, v])),
      });
      printNativeGoals(figures, mib, options.artifactUnits ?? 20_000);
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
