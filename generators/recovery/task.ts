import * as fc from 'fast-check';
import type { CapabilityLevel } from '../../src/contract/adapter.js';
import { alphabetString } from '../common/lazy.js';
import { anyFakeSecret } from '../common/secrets.js';
import { freeJson, freeKey, freeText } from '../common/text.js';
import { tokenLike } from '../common/token-like.js';
import { faultList } from './fault.js';
import type {
  CaseTask,
  Fault,
  FaultKind,
  HandoffTask,
  PathQuote,
  PathStep,
  ScheduleTask,
  StatusTask,
  TaskKind,
  WriteTask,
} from './types.js';

const hex = (n: number) => alphabetString('0123456789abcdef', n);
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

/** The kinds of path to the time field, each a way a JSONPath reader goes wrong. */
export type TimePathKind = 'seed' | 'nested' | 'bracket' | 'escaped' | 'double-quote' | 'prototype' | 'index';

/**
 * Paths of each kind: the seed's own (`$.parameters.scheduled_time`); a deeper member path (a
 * reader that writes the field under `parameters` goes wrong); names that need bracket notation
 * (unicode, astral, a dash: a dot-only reader goes wrong); names with a quote or a backslash,
 * escaped in the path (a reader that does not unescape goes wrong); a name with a double quote
 * (raw in `['...']`, escaped in `["..."]`); names of `Object.prototype` (`__proto__`,
 * `constructor`: a copy by assignment loses the first); and an index step of two digits into an
 * array (`[10]`, D-REC-08: a reader without index steps, or of one digit, goes wrong). The
 * double-quote and index kinds are drawn only where asked for: the default leaves them out.
 */
export const TIME_PATHS: Readonly<Record<TimePathKind, readonly PathStep[][]>> = {
  seed: [['parameters', 'scheduled_time']],
  nested: [['parameters', 'window', 'start']],
  bracket: [
    ['parameters', 'créneau 😀', 'début'],
    ['parameters', 'slot-1', 'at'],
  ],
  escaped: [
    ['parameters', "o'clock", 'at'],
    ['parameters', 'back\\slash', 'at'],
  ],
  'double-quote': [['parameters', 'say "when"', 'at']],
  prototype: [
    ['parameters', '__proto__', 'at'],
    ['parameters', 'constructor'],
  ],
  index: [['parameters', 'slots', 10, 'at']],
};

/** The kinds `timePath` draws when none are named: every kind but the double-quote and index ones. */
const DEFAULT_TIME_PATHS: readonly TimePathKind[] = ['seed', 'nested', 'bracket', 'escaped', 'prototype'];

/** Where the time sits below the body: a path of one of `kinds` (every kind by default). */
export function timePath(kinds: readonly TimePathKind[] = DEFAULT_TIME_PATHS): fc.Arbitrary<PathStep[]> {
  return fc.constantFrom<PathStep[]>(...kinds.flatMap((k) => TIME_PATHS[k]));
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

/**
 * A request to the scheduling endpoint. With `quote`, the endpoint writes the bracketed names of its
 * `field_path` with the quote drawn from it (single quotes otherwise).
 */
export function scheduleTask(
  kinds: readonly FaultKind[],
  o: {
    faults?: Faults;
    schemaChanged?: fc.Arbitrary<boolean>;
    path?: fc.Arbitrary<PathStep[]>;
    unix?: fc.Arbitrary<number>;
    quote?: fc.Arbitrary<PathQuote>;
  } = {},
): fc.Arbitrary<ScheduleTask> {
  const task = fc.record({
    kind: fc.constant('schedule' as const),
    deps: deps(),
    faults: faultsFor('schedule', kinds, o.faults),
    unix: o.unix ?? unixSeconds(),
    path: o.path ?? timePath(),
    schemaChanged: o.schemaChanged ?? fc.boolean(),
    subject: freeText(40),
    extra: fc.dictionary(freeKey(), freeJson(2), { maxKeys: 3, noNullPrototype: true }),
  });
  return o.quote === undefined ? task : fc.tuple(task, o.quote).map(([t, quote]) => ({ ...t, quote }));
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
    item: fc.oneof(
      hex(6).map((h) => `memory/${h}.md`),
      fc.constantFrom('memory/hot/😀 notes.md', 'memory/cold/a&b<c>.xml', 'memory/ü/ß.json'),
    ),
    content: fc.oneof(freeText(80), note()),
  });
}

/**
 * A handoff to another agent. The summary, principal, secret and memory text are private: the
 * world checks that none of them ever appears in a URL.
 */
export function handoffTask(
  kinds: readonly FaultKind[],
  o: { faults?: Faults; lowCapability?: fc.Arbitrary<CapabilityLevel[] | null> } = {},
): fc.Arbitrary<HandoffTask> {
  return fc.record({
    kind: fc.constant('handoff' as const),
    deps: deps(),
    faults: faultsFor('handoff', kinds, o.faults),
    lowCapability:
      o.lowCapability ?? fc.option(fc.constantFrom<CapabilityLevel[]>(['L0', 'L1'], ['L1'], ['L0']), { nil: null }),
    summary: fc.tuple(hex(8), freeText(40)).map(([h, t]) => `ctx-${h}: ${t}`),
    principal: fc.tuple(hex(8), fc.constantFrom('corp.example', 'exämple.org')).map(([h, d]) => `person-${h}@${d}`),
    secret: anyFakeSecret().map((s) => s.secret),
    memory: fc.tuple(hex(8), freeText(60)).map(([h, t]) => `mem-${h} ${t}`),
  });
}

/** A repository write of exactly `item` (two writes of one path are a family of their own). */
export function writeOf(item: string, faults: Fault[] = []): fc.Arbitrary<WriteTask> {
  return writeTask([], { faults: fc.constant(faults) }).map((t) => ({ ...t, item }));
}

/**
 * A task of one of `kinds` that meets no fault and no endpoint state (an unchanged schema, a
 * receiver that takes the POST), with no dependencies: work that just succeeds. Families surround
 * their layout with it, so that it adds breadth without adding a bug class of its own.
 */
export function plainTask(kinds: readonly TaskKind[]): fc.Arbitrary<CaseTask> {
  const none = { faults: fc.constant([] as Fault[]) };
  const by: Record<TaskKind, () => fc.Arbitrary<CaseTask>> = {
    schedule: () => scheduleTask([], { ...none, schemaChanged: fc.constant(false) }),
    status: () => statusTask([], none),
    write: () => writeTask([], none),
    handoff: () => handoffTask([], { ...none, lowCapability: fc.constant(null) }),
  };
  return fc.oneof(...kinds.map((k) => by[k]())).map((t) => ({ ...t, deps: [] }));
}

/** `t` with exactly the dependencies `deps` (indices into the case's task list). */
export function dependingOn<T extends CaseTask>(t: fc.Arbitrary<T>, deps: number[]): fc.Arbitrary<T> {
  return t.map((x) => ({ ...x, deps: [...deps] }));
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
