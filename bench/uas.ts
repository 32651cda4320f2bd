import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { Bench } from 'tinybench';
import { verifyUas } from '../src/reference/uas/verify.js';
import { verifyUasFile } from '../src/reference/uas/verify-file.js';
import { bundledSpec } from '../src/spec/index.js';

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
  /** Units of the artifact-heavy case (default 20 000, about 5 MiB of XML). */
  artifactUnits?: number;
  /** Print a summary table (default true). */
  print?: boolean;
}

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
  peakRssMiB: Record<string, number>;
  goals: { source: boolean; artifact: boolean; memoryFlat: boolean | null };
}

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
  const texts = ['Raw text is an immutable byte sequence.', 'If w ≥ 0.85 & the node is isolated, register it <PM-02>.', '“Smart” and "straight" quotes\r\nstay as they are.', 'Astral 𝔘𝔄𝔖 😀 and combining e\u0301 survive.'];
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
 * Peak RSS (MiB) of a fresh process verifying one file pair. The child reports VmHWM (Linux), since
 * getrusage's maxRSS survives exec and would include this (large) parent's footprint.
 */
function peakRss(dir: string, source: string, artifact: string): number {
  const mod = new URL('../src/reference/uas/verify-file.js', import.meta.url).href;
  const specMod = new URL('../src/spec/index.js', import.meta.url).href;
  const file = join(dir, 'peak-rss.mjs');
  writeFileSync(file, `import { readFileSync } from 'node:fs';\nconst { verifyUasFile } = await import(${JSON.stringify(mod)});\nconst { bundledSpec } = await import(${JSON.stringify(specMod)});\nconst v = await verifyUasFile(${JSON.stringify(source)}, ${JSON.stringify(artifact)}, bundledSpec().uas);\nif (!v.valid) throw new Error('bench case invalid');\nlet kib = process.resourceUsage().maxRSS;\ntry { kib = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}\nconsole.log(kib);\n`);
  const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`peak RSS child failed: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return Math.round(Number(r.stdout.trim()) / 1024);
}

/**
 * Median latency (ms) of each task, measured in alternating rounds: a figure and its baseline take
 * turns, so a load that comes and goes on a shared machine weighs on both alike. One tinybench run
 * per round; samples are pooled across rounds.
 */
async function alternating(tasks: Record<string, () => unknown>, rounds: number, perRound: number): Promise<Record<string, number>> {
  const pooled: Record<string, number[]> = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    const bench = new Bench({ iterations: perRound, time: 0, warmupIterations: r === 0 ? 1 : 0, warmupTime: 0, retainSamples: true });
    for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
    await bench.run();
    for (const name of Object.keys(tasks)) {
      const t = bench.getTask(name)!;
      if (t.result.state !== 'completed' || !t.result.latency.samples) throw new Error(`bench task ${name}: ${t.result.state}`);
      pooled[name]!.push(...t.result.latency.samples);
    }
  }
  return Object.fromEntries(Object.entries(pooled).map(([name, xs]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return [name, s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2];
  }));
}

/**
 * The UAS benchmark (issue 4): raw SHA-256 on the source bytes, the verifier's source throughput on a
 * 256 MiB source, its artifact throughput against plain fast-xml-parser on the same artifact, and peak
 * RSS for 64 MiB (and, opt-in, 1 GiB) sources. Temporary files are deleted afterwards.
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
    if (!(await verifyUasFile(big.source, big.artifact, bundledSpec().uas)).valid) throw new Error('bench cases must be valid');
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
    const peak: Record<string, number> = {};
    const small = writeLargeCase(dir, 'rss-64', 64);
    peak['64 MiB'] = peakRss(dir, small.source, small.artifact);
    rmSync(small.source);
    if (gib) {
      const huge = writeLargeCase(dir, 'rss-1024', 1024);
      peak['1 GiB'] = peakRss(dir, huge.source, huge.artifact);
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
      goals: {
        source: src / raw >= 0.7,
        artifact: ver / parse >= 0.7,
        memoryFlat: gib ? peak['1 GiB']! <= peak['64 MiB']! * 1.25 + 16 : null,
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
        ...Object.fromEntries(Object.entries(peak).map(([k, v]) => [`peak RSS, ${k} source (MiB)`, v])),
      });
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
