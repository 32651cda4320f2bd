import fc from 'fast-check';
import type { CapabilityLevel } from '../../src/contract/adapter.js';
import { anyFakeSecret } from '../common/secrets.js';
import { freeJson, freeKey, freeText } from '../common/text.js';
import { tokenLike } from '../common/token-like.js';
import { faultList } from './fault.js';
import type { CaseTask, Fault, FaultKind, HandoffTask, PathStep, ScheduleTask, StatusTask, TaskKind, WriteTask } from './types.js';

const HEX = [...'0123456789abcdef'];
const hex = (n: number) => fc.string({ unit: fc.constantFrom(...HEX), minLength: n, maxLength: n });
const deps = () => fc.uniqueArray(fc.nat(5), { maxLength: 2 });

/**
 * Unix seconds the agent holds: the epoch, 2^31 - 1 and 2^31 (the 2038 boundary), a leap day,
 * the last second of 9999 (the largest RFC 3339 year), and anything between.
 */
export function unixSeconds(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, 1, 59, 951_782_400, 1_483_228_799, 2_147_483_647, 2_147_483_648, 253_402_300_799),
    fc.integer({ min: 0, max: 253_402_300_799 }),
  );
}

/**
 * Where the time sits below the body: a plain member path like the seed's, and paths that need
 * bracket notation in JSONPath (unicode, astral, a quote, a dash).
 */
export function timePath(): fc.Arbitrary<PathStep[]> {
  return fc.constantFrom<PathStep[]>(
    ['parameters', 'scheduled_time'],
    ['parameters', 'window', 'start'],
    ['parameters', 'créneau 😀', 'début'],
    ['parameters', "o'clock", 'at'],
    ['parameters', 'slot-1', 'at'],
  );
}

/**
 * Notes an agent writes: free text, token-like ids that are not secrets, and negated phrases that
 * read like a fault ("the token has not expired") but are only words in a packet.
 */
export function note(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: freeText(40) },
    { weight: 1, arbitrary: tokenLike().map((t) => t.value) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'the session token has not expired',
        'no configuration restriction applies here',
        'do not retry: nothing failed',
        'not an anchor conflict (Totem unchanged)',
        'grant_type=refresh_token is documented, not used',
      ),
    },
  );
}

type Faults = fc.Arbitrary<Fault[]>;
const faultsFor = (kind: TaskKind, kinds: readonly FaultKind[], faults?: Faults) => faults ?? faultList(kind, kinds);

/** A request to the scheduling endpoint. */
export function scheduleTask(kinds: readonly FaultKind[], o: { faults?: Faults; schemaChanged?: fc.Arbitrary<boolean> } = {}): fc.Arbitrary<ScheduleTask> {
  return fc.record({
    kind: fc.constant('schedule' as const),
    deps: deps(),
    faults: faultsFor('schedule', kinds, o.faults),
    unix: unixSeconds(),
    path: timePath(),
    schemaChanged: o.schemaChanged ?? fc.boolean(),
    subject: freeText(40),
    extra: fc.dictionary(freeKey(), freeJson(2), { maxKeys: 3, noNullPrototype: true }),
  });
}

/** A packet of the orchestrator stream. */
export function statusTask(kinds: readonly FaultKind[], o: { faults?: Faults } = {}): fc.Arbitrary<StatusTask> {
  return fc.record({
    kind: fc.constant('status' as const),
    deps: fc.constant([]),
    faults: faultsFor('status', kinds, o.faults),
    final: fc.boolean(),
    note: note(),
    progress: fc.integer({ min: 0, max: 100 }),
  });
}

/** A repository write (one item of a memory-folder migration). */
export function writeTask(kinds: readonly FaultKind[], o: { faults?: Faults } = {}): fc.Arbitrary<WriteTask> {
  return fc.record({
    kind: fc.constant('write' as const),
    deps: deps(),
    faults: faultsFor('write', kinds, o.faults),
    item: fc.oneof(hex(6).map((h) => `memory/${h}.md`), fc.constantFrom('memory/hot/😀 notes.md', 'memory/cold/a&b<c>.xml', 'memory/ü/ß.json')),
    content: fc.oneof(freeText(80), note()),
  });
}

/**
 * A handoff to another agent. The summary, principal, secret and memory text are private: the
 * world checks that none of them ever appears in a URL.
 */
export function handoffTask(kinds: readonly FaultKind[], o: { faults?: Faults; lowCapability?: fc.Arbitrary<CapabilityLevel[] | null> } = {}): fc.Arbitrary<HandoffTask> {
  return fc.record({
    kind: fc.constant('handoff' as const),
    deps: deps(),
    faults: faultsFor('handoff', kinds, o.faults),
    lowCapability: o.lowCapability ?? fc.option(fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1'], ['L0']), { nil: null }),
    summary: fc.tuple(hex(8), freeText(40)).map(([h, t]) => `ctx-${h}: ${t}`),
    principal: fc.tuple(hex(8), fc.constantFrom('corp.example', 'exämple.org')).map(([h, d]) => `person-${h}@${d}`),
    secret: anyFakeSecret().map((s) => s.secret),
    memory: fc.tuple(hex(8), freeText(60)).map(([h, t]) => `mem-${h} ${t}`),
  });
}

/** Any task of the given kinds, with faults drawn from `faults`. */
export function task(kinds: readonly TaskKind[], faults: readonly FaultKind[]): fc.Arbitrary<CaseTask> {
  const by: Record<TaskKind, () => fc.Arbitrary<CaseTask>> = {
    schedule: () => scheduleTask(faults),
    status: () => statusTask(faults),
    write: () => writeTask(faults),
    handoff: () => handoffTask(faults),
  };
  return fc.oneof(...kinds.map((k) => by[k]()));
}
