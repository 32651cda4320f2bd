import { referenceAdapter } from '../../../src/adapters/reference.js';
import { createHarness } from '../../../src/engine/harness.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { fakeAccessToken, fakeRefreshToken } from '../../../generators/recovery/grant.js';
import type { CaseTask, Endpoints, RecoveryCase } from '../../../generators/recovery/types.js';
import { runSession } from '../../../suites/recovery/world/session.js';
import type { LoggedEvent } from '../../../suites/recovery/world/world.js';

/**
 * The session transcripts of docs/recovery-contract.md: one fixed case per scenario of seed 000
 * (and the isolated no-op of its Step A / Step B example), played by the bundled reference agent in
 * the pack's simulated world, and rendered as the exact messages that crossed. The document holds
 * their rendering between `<!-- transcript:<name> -->` and `<!-- /transcript -->`; a test replays
 * them and compares, and `npx tsx test/suites/recovery/write-transcripts.ts` writes them.
 */

/** The validators' clock of the transcripts: the pack's default `--now`. */
export const TRANSCRIPT_NOW = '2026-06-01T00:00:00Z';

/** The world's URLs in every transcript: the seed's own where it gives one. */
const ENDPOINTS: Endpoints = {
  scheduler: 'https://api.example.com/wp-json/uaix/v1/intents',
  schemaUrl: 'https://api.example.com/wp-json/uaix/v1/schemas/schedule-intent.v2',
  orchestrator: 'https://orchestrator.example.net/uaix/v1/status',
  repository: 'https://repo.example.com/v1/commits',
  readback: 'https://repo.example.com/v1/commits/status',
  refreshUri: 'https://auth.example.com/v1/renew',
  login: 'https://auth.example.com/v1/login',
  receiver: 'https://target.agent/wp-json/uaix/v1/handoff',
  capabilityStatement: 'https://target.agent/wp-json/uaix/v1/schemas/uai.capability.statement.v1',
  getAction: 'https://target.agent/wp-json/uaix/v1/get-action',
  review: 'https://review.example.com/uaix/v1/reviews/',
  publicStateBase: 'https://agent.example.com/uaix/v1/state/',
  anchors: {
    Totem: 'https://repo.example.com/v1/anchors/totem',
    Taboo: 'https://repo.example.com/v1/anchors/taboo',
    Talisman: 'https://repo.example.com/v1/anchors/talisman',
  },
};

/** A transcript: its marker name, the seed section it plays, and the case. */
export interface TranscriptCase {
  name: string;
  section: string;
  case: RecoveryCase;
}

const write = (item: string, content: string, o: Partial<CaseTask> = {}): CaseTask =>
  ({ kind: 'write', deps: [], faults: [], item, content, ...o }) as CaseTask;
const status = (note: string, progress: number, o: Partial<CaseTask> = {}): CaseTask =>
  ({ kind: 'status', deps: [], faults: [], final: false, note, progress, ...o }) as CaseTask;

/** A case at L7 with the transcripts' URLs and grant. */
const at7 = (tasks: CaseTask[], o: Partial<RecoveryCase> = {}): RecoveryCase => ({
  level: 'L7',
  endpoints: ENDPOINTS,
  grant: {
    token_type: 'Bearer',
    access_token: fakeAccessToken('at0-transcript'),
    refresh_token: fakeRefreshToken('rt0transcript'),
  },
  rotateRefresh: false,
  reviewUrls: false,
  tasks,
  ...o,
});

/** The cases, built fresh on each call (the world numbers the sessions of one case object). */
export function transcriptCases(): TranscriptCase[] {
  return [
    {
      name: 'scenario-1',
      section: '§Scenario 1: Autonomous Recovery from Malformed Data',
      case: at7([
        {
          kind: 'schedule',
          deps: [],
          faults: [],
          unix: 1_780_304_400,
          path: ['parameters', 'scheduled_time'],
          schemaChanged: true,
          subject: 'weekly review',
          extra: { duration_minutes: 30 },
        },
        status('summarizing the public knowledge graph', 40),
      ]),
    },
    {
      name: 'scenario-2',
      section: '§Scenario 2: Autonomous Recovery from Network Loss',
      case: at7([
        status('section 1 of the final report drafted', 30, {
          faults: [{ kind: 'outage', durationMs: 2500, maxRetries: 5 }],
        }),
        status('section 2 drafted', 60),
        status('final report ready', 100, { final: true } as Partial<CaseTask>),
      ]),
    },
    {
      name: 'scenario-3',
      section: '§Scenario 3: Autonomous Recovery from Expired Sessions',
      case: at7(
        [
          write('memory/2026-05-notes.md', 'May notes'),
          write('memory/2026-06-notes.md', 'June notes', { faults: [{ kind: 'expire' }] }),
          write('memory/index.md', 'index of the migrated folders'),
        ],
        { rotateRefresh: true },
      ),
    },
    {
      name: 'scenario-4',
      section: '§Scenario 4: Autonomous Recovery from Incompatible Versions',
      case: at7([
        {
          kind: 'handoff',
          deps: [],
          faults: [],
          lowCapability: ['L0', 'L1'],
          summary: 'ctx-4f1c9a2e: migration half done, folders 1-12 checked',
          principal: 'person-7d3e5b10@corp.example',
          secret: 'FAKE-EXAMPLE-delegation-grant-0001',
          memory: 'mem-9a8b7c6d the reviewer prefers weekly summaries',
        },
      ]),
    },
    {
      name: 'scenario-5',
      section: '§Scenario 5: Autonomous Recovery from Timeout After Operation May Have Committed',
      case: at7([
        write('memory/ledger.md', 'ledger entry 41', { faults: [{ kind: 'timeout', committed: true }] }),
        write('memory/ledger-index.md', 'ledger index', { faults: [{ kind: 'timeout', committed: false }] }),
      ]),
    },
    {
      name: 'isolated-noop',
      section: '§Precision Uncertainty Reporting and the Preservation of Completed Work',
      case: at7([
        write('memory/graph-summary.md', 'summary of the public knowledge graph'),
        write('payments/graph-summary.md', 'the summary, for the payment gateway', {
          deps: [0],
          faults: [{ kind: 'isolated', condition: 'missing_permission' }],
        }),
        status('summary stored; payment write stopped for review', 90),
      ]),
    },
  ];
}

const json = (v: unknown): string => ['```json', JSON.stringify(v, null, 2), '```'].join('\n');

/** One world message and the agent's answer to it: the log entries from a world entry to the next. */
function exchanges(log: readonly LoggedEvent[]): { world: LoggedEvent; answer: unknown[] }[] {
  const out: { world: LoggedEvent; answer: unknown[] }[] = [];
  for (const e of log) {
    if (e.who === 'world') out.push({ world: e, answer: [] });
    else out[out.length - 1]!.answer.push(e.item);
  }
  return out;
}

/** The Markdown of one session played by the reference agent: every message that crossed, in order, as JSON. */
export async function renderTranscript(c: RecoveryCase): Promise<string> {
  const h = createHarness(
    referenceAdapter,
    { name: 'uaix-conformance reference', version: '0', capabilityLevel: 'L7' },
    { timeoutMs: 10_000, now: TRANSCRIPT_NOW, spec: bundledSpec() },
  );
  const s = await runSession(h, c);
  if (s.outcome !== 'complete') throw new Error(`the transcript session ended ${s.outcome}`);
  const parts: string[] = [];
  for (const [n, x] of exchanges(s.world.log).entries()) {
    const call =
      x.world.item.type === 'start'
        ? '`recovery.start(scenario)`'
        : `\`recovery.observe("${s.world.sessionId}", observation)\``;
    parts.push(
      `**#${n + 1}** (t = ${x.world.t} ms) world → agent, ${call}:`,
      '',
      json(x.world.item.type === 'start' ? s.world.workflow.scenario : x.world.item),
      '',
      `**#${n + 1}** agent → world, the answer:`,
      '',
      json(x.answer),
      '',
    );
  }
  return parts.join('\n').replace(/\n+$/, '\n');
}

/** `doc` with the block of transcript `name` replaced by `text`; throws when the markers are missing. */
export function withTranscript(doc: string, name: string, text: string): string {
  const open = `<!-- transcript:${name} -->\n`;
  const start = doc.indexOf(open);
  const end = doc.indexOf('<!-- /transcript -->', start);
  if (start < 0 || end < 0) throw new Error(`docs/recovery-contract.md has no block <!-- transcript:${name} -->`);
  return doc.slice(0, start + open.length) + text + doc.slice(end);
}

/** The text between the markers of transcript `name` in `doc`, or undefined. */
export function transcriptIn(doc: string, name: string): string | undefined {
  const open = `<!-- transcript:${name} -->\n`;
  const start = doc.indexOf(open);
  const end = doc.indexOf('<!-- /transcript -->', start);
  return start < 0 || end < 0 ? undefined : doc.slice(start + open.length, end);
}
