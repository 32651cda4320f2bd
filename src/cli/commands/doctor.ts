import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { closeAdapter } from '../../adapters/load.js';
import { ADAPTER_MEMBERS, type Adapter, type AdapterInfo, type AdapterMember } from '../../contract/adapter.js';
import { UsageError } from '../../contract/errors.js';
import { AdapterFault } from '../../engine/check.js';
import { createHarness, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, describeAdapter, pipelineOf } from '../../engine/harness.js';
import { packageRoot } from '../../io/package.js';
import { escapeTerminal } from '../../reporters/escape.js';
import { bundledSpec } from '../../spec/index.js';
import { EXIT } from '../exit.js';
import { cwdOf, type CliIO } from '../io.js';
import { unknownMembers } from '../members.js';
import { adapterSpecOf, guarded, intOption, loadNamedAdapter } from '../options.js';
import { liveIO, liveOptions, serviceFaultWords, unexpectedArgument } from '../live.js';
import type { HttpEvidence } from '../../adapters/http/evidence.js';
import { DOCTOR_USAGE } from '../usage.js';
import { MACHINERY } from '../lazy.js';

type Harness = ReturnType<typeof createHarness>;

/** What the doctor found: problems make it exit 1; notes are said and change nothing. */
interface Findings {
  problems: string[];
  notes: string[];
}

/** A seed fixture shipped with the package (`fixtures/`), as text. */
function fixtureText(path: string): string {
  return readFileSync(join(packageRoot, 'fixtures', path), 'utf8');
}

/** A seed fixture shipped with the package, parsed. */
function fixture(path: string): unknown {
  return JSON.parse(fixtureText(path)) as unknown;
}

/**
 * The one probe of each member: a seed fixture in, and what a conforming implementation answers
 * (the reference's answer, or a verdict). Each returns a plain-words problem, or undefined when the
 * answer is right. A fault (a throw, a timeout, a wrong shape, a broken process) is caught outside.
 */
const PROBES: Readonly<Record<Exclude<AdapterMember, 'recovery'>, (h: Harness) => Promise<string | undefined>>> = {
  async validateEnvelope(h) {
    const v = await h.invoke<{ valid: boolean }>(
      'validateEnvelope',
      [fixture('seeds/ack.keyed.json'), { now: h.now }],
      'verdict',
    );
    return v.valid
      ? undefined
      : 'validateEnvelope said the seed envelope fixtures/seeds/ack.keyed.json is invalid; it is valid';
  },
  async computeChecksum(h) {
    const packet = fixture('seeds/ack.keyed.json');
    const got = await h.invoke<string>('computeChecksum', [packet], 'checksum');
    // The reference loads only for this probe: a usage error of doctor loads none of it.
    const { referenceAdapter } = await MACHINERY.reference();
    const want = await referenceAdapter.computeChecksum!(packet);
    return got === want
      ? undefined
      : `computeChecksum of fixtures/seeds/ack.keyed.json answered ${got}; the right checksum is ${want}`;
  },
  async toKeyless(h) {
    const r = await h.invokeOrReject('toKeyless', [fixture('seeds/ack.keyed.json')]);
    if (r.rejected) return `toKeyless refused the seed envelope fixtures/seeds/ack.keyed.json: ${r.message}`;
    return isDeepStrictEqual(r.value, fixture('seeds/ack.keyless.json'))
      ? undefined
      : 'toKeyless of fixtures/seeds/ack.keyed.json does not give fixtures/seeds/ack.keyless.json';
  },
  async fromKeyless(h) {
    const r = await h.invokeOrReject('fromKeyless', [fixture('seeds/ack.keyless.json')]);
    if (r.rejected) return `fromKeyless refused the seed arrays fixtures/seeds/ack.keyless.json: ${r.message}`;
    return isDeepStrictEqual(r.value, fixture('seeds/ack.keyed.json'))
      ? undefined
      : 'fromKeyless of fixtures/seeds/ack.keyless.json does not give fixtures/seeds/ack.keyed.json';
  },
  async validateError(h) {
    const [first] = (fixture('seeds/error-scenarios.json') as { scenarios: { payload: unknown }[] }).scenarios;
    const v = await h.invoke<{ valid: boolean }>('validateError', [first!.payload, { now: h.now }], 'verdict');
    return v.valid
      ? undefined
      : 'validateError said the first seed error payload of fixtures/seeds/error-scenarios.json is invalid; it is valid';
  },
  async verifyUas(h) {
    const source = new Uint8Array(readFileSync(join(packageRoot, 'fixtures', 'uas', 'raw_input.txt')));
    const v = await h.invoke<{ valid: boolean }>('verifyUas', [source, fixtureText('uas/compiled.xml')], 'uas-verdict');
    return v.valid
      ? undefined
      : 'verifyUas said the seed pair fixtures/uas/raw_input.txt + compiled.xml is invalid; it is valid';
  },
};

/** Plain words for a fault: what the adapter did, and for a process adapter what to do about it. */
export function faultWords(member: string, e: unknown): string {
  const evidence =
    e instanceof AdapterFault
      ? (e.evidence as { kind?: string; line?: string; problem?: string; url?: unknown } | undefined)
      : undefined;
  const message = e instanceof Error ? e.message : String(e);
  if (typeof evidence?.url === 'string') return serviceFaultWords(member, evidence as HttpEvidence, message);
  switch (evidence?.kind) {
    case 'bad-json':
      return `${member}: the process wrote a line on stdout that is not JSON (a log line? stdout is for protocol messages only: write logs to stderr): ${JSON.stringify(evidence.line ?? '')}`;
    case 'bad-message':
      return `${member}: the process wrote JSON on stdout that is not a uaix-adapter/1 response (${evidence.problem ?? 'see docs/protocol.md'}): ${evidence.line ?? ''}`;
    case 'bad-result':
      return `${member}: the answer has the wrong shape (${evidence.problem ?? message})`;
    case 'timeout':
      return `${member}: no answer within the timeout (is stdout flushed after each response?)`;
    case 'exit':
      return `${member}: the process exited while answering (${message})`;
    case 'wrong-id':
      return `${member}: the process answered with an id no request had: ${evidence.line ?? ''}`;
    case 'protocol-error':
      return `${member}: answered with a JSON-RPC protocol error, so the pack takes it as broken, not as a refusal (${message}); use code -32000 for "this input is refused"`;
    default:
      return `${member}: ${message}`;
  }
}

/** The members an adapter has, as dotted names (`recovery.start`): what the doctor probes. */
function claimedMembers(adapter: Adapter): AdapterMember[] {
  const record = adapter as unknown as Record<string, unknown>;
  return ADAPTER_MEMBERS.filter((m) =>
    m === 'recovery' ? record[m] !== null && typeof record[m] === 'object' : typeof record[m] === 'function',
  );
}

/** The describe() checks: the info, and whether it claims a capability level. */
function checkInfo(info: AdapterInfo, found: Findings): void {
  if (info.capabilityLevel === undefined)
    found.problems.push(
      'describe() claims no capabilityLevel (one of L0..L7): reports cannot say which level the implementation aims at',
    );
}

/** Probes every member the adapter has, once each, into `found`. */
async function probeMembers(adapter: Adapter, harness: Harness, found: Findings, io: CliIO): Promise<void> {
  for (const m of unknownMembers(adapter))
    found.problems.push(
      `the adapter has a member "${m.name}" the contract does not know: did you mean "${m.closest}"? (its checks are skipped until it is named right)`,
    );
  const members = claimedMembers(adapter);
  if (members.length === 0)
    found.notes.push(
      'the adapter implements no member yet: every check will be skipped (a run exits 4, or 0 with --allow-empty)',
    );
  for (const member of members) {
    if (member === 'recovery') {
      found.notes.push(
        'recovery: present; the doctor does not probe it (a session needs the recovery suite: --suite recovery)',
      );
      continue;
    }
    let problem: string | undefined;
    try {
      problem = await PROBES[member](harness);
    } catch (e) {
      problem = faultWords(member, e);
    }
    if (problem !== undefined) found.problems.push(problem);
    io.err.write(`  ${problem === undefined ? 'ok  ' : 'FAIL'} ${member}\n`);
  }
}

/**
 * `uaix-conformance doctor --adapter <spec>`: starts or loads the adapter, runs the handshake, calls
 * each member it has once with a seed fixture, and says in plain words what is wrong. Exit 0 when
 * all is well, 1 when anything is wrong (the adapter does not even start: 1 too, with the reason);
 * 2 for a bad option.
 */
export async function doctorCommand(argv: string[], given: CliIO): Promise<number> {
  let io = given;
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        adapter: { type: 'string', short: 'a' },
        'adapter-cmd': { type: 'string' },
        'adapter-url': { type: 'string' },
        'uas-verify-cmd': { type: 'string' },
        header: { type: 'string', multiple: true, short: 'H' },
        timeout: { type: 'string' },
        'in-process': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${DOCTOR_USAGE}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(unexpectedArgument(positionals[0]!, values));
  const named = adapterSpecOf(values);
  if (named === undefined)
    throw new UsageError(
      'missing --adapter (the adapter to examine: a module, a folder, --adapter-cmd "<command>" or --adapter-url <URL>)',
    );
  // A live service: said by its URL without secrets, and every secret hidden from what is printed (D-HTTP-05).
  const live = liveOptions(named, values);
  io = liveIO(io, live);
  const spec = live.shownSpec;
  const timeoutMs = intOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  const found: Findings = { problems: [], notes: [] };
  let adapter: Adapter;
  try {
    adapter = await loadNamedAdapter(named, {
      timeoutMs,
      cwd: cwdOf(io),
      ...(values['in-process'] === true ? { inProcess: true } : {}),
      ...(live.http !== undefined ? { http: live.http } : {}),
    });
  } catch (e) {
    return verdict(io, spec, { problems: [startWords(e)], notes: [] });
  }
  try {
    let info: AdapterInfo;
    try {
      info = await describeAdapter(adapter, timeoutMs);
    } catch (e) {
      return verdict(io, spec, { problems: [startWords(e)], notes: [] });
    }
    io.err.write(
      `uaix-conformance doctor: ${spec}: ${info.name} ${info.version}${info.capabilityLevel !== undefined ? `, claims ${info.capabilityLevel}` : ''}\n`,
    );
    checkInfo(info, found);
    const h = createHarness(adapter, info, { timeoutMs, now: DEFAULT_NOW, spec: bundledSpec() });
    const window = pipelineOf(h)?.window;
    if (window !== undefined)
      found.notes.push(
        `it takes ${window} requests at once: a run sends the cases of every check but the recovery sessions ahead (docs/protocol.md, "Several requests in flight")`,
      );
    await probeMembers(adapter, h, found, io);
    return verdict(io, spec, found);
  } finally {
    await closeAdapter(adapter);
  }
}

/** Plain words for an adapter that does not start or cannot describe itself. */
function startWords(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const hint =
    /not JSON|bad-json|not a response|bad-message/i.test(message) && !/stderr/.test(message)
      ? ' (stdout is for protocol messages only: write logs to stderr)'
      : '';
  return `the adapter did not start: ${message.split('\n')[0]}${hint}`;
}

/** Prints the findings and returns the exit code: 0 when there is no problem, 1 otherwise. */
function verdict(io: CliIO, spec: string, found: Findings): number {
  for (const n of found.notes) io.out.write(`note: ${escapeTerminal(n)}\n`);
  for (const p of found.problems) io.out.write(`problem: ${escapeTerminal(p)}\n`);
  const count = found.problems.length;
  io.out.write(count === 0 ? `${spec}: all is well\n` : `${spec}: ${count} ${count === 1 ? 'problem' : 'problems'}\n`);
  return count === 0 ? EXIT.ok : EXIT.failed;
}
