import type fc from 'fast-check';
import type { AdapterMember, AdapterInfo } from '../contract/adapter.js';
import type { AnswerShape } from '../contract/shapes.js';
import type { FixtureCase } from '../model/fixtures.js';
import type { SpecData } from '../spec/index.js';

import type { Severity } from '../model/report.js';

export type { CheckStatus, Severity } from '../model/report.js';

/**
 * The structured parameters of a failure, JSON-safe: what its message is built from (as ajv's
 * `ErrorObject.params` are), and what a program reading report.json compares.
 */
export type FailureParams = Readonly<Record<string, unknown>>;

/**
 * The messages of a check: one function per failure `reason`, building the sentence from the
 * failure's params. A failure carries its reason and params; the engine derives its message here.
 */
export type Messages = Readonly<Record<string, (params: any) => string>>;

/** A case the implementation answered wrongly. */
export interface CaseFailure {
  status: 'failed';
  /** What went wrong, as a stable name: a key of the check's `messages`. */
  reason: string;
  params: FailureParams;
  /** What a conforming implementation answers, in words or as a value. */
  expected: unknown;
  /** What the adapter answered (for a session: what it did, step by step). */
  actual: unknown;
}

/**
 * A case that says nothing about the check's rule for this implementation (a recovery fault that
 * was never delivered): neither a pass nor a failure. A check every case of which is not judged is
 * reported as `not-judged`, never as passed.
 */
export interface CaseNotJudged {
  status: 'not-judged';
  /** Why, as a stable name: a key of the check's `messages`. */
  reason: string;
  params: FailureParams;
}

/** What one generated case came to, as its check judged it (an adapter that cannot answer throws `AdapterFault`). */
export type CaseResult = { status: 'passed' } | CaseFailure | CaseNotJudged;

/**
 * The pack's side of one adapter call: timed out, shape-checked, and turned into an
 * `AdapterFault` (the check becomes errored) when the implementation misbehaves.
 */
/** How one call crosses to the adapter. */
export interface InvokeOptions {
  /**
   * The arguments and the answer cross as JSON text, as they do to an adapter process, also in
   * process: one JSON copy each way there instead of structured clones (so `-0` arrives as `0`,
   * an `undefined` member is dropped, a `Date` becomes its string). For members whose messages are
   * JSON by contract (the recovery policy's).
   */
  json?: boolean;
}

export interface Harness {
  /** Adapter info from `describe()`. */
  readonly info: AdapterInfo;
  /** The clock validators are given (UTC, trailing Z), fixed for a run. */
  readonly now: string;
  /** The spec data of the run (bundled, or with the user's overrides): what the judge reads. */
  readonly spec: SpecData;
  /**
   * Calls `method` (a member name, or `member.method` such as `recovery.start`) with `args`.
   * The implementation gets its own copy of `args` (in process a structured clone, or a JSON copy
   * when `options.json` asks for one; across a process, JSON): whatever it does to that copy
   * leaves the caller's values untouched.
   * Throws `AdapterFault` on timeout, on a thrown error, or when `shape` (the name of an answer
   * shape of the contract, or a validate function) rejects the answer.
   */
  invoke<T = unknown>(
    method: string,
    args: unknown[],
    shape?: AnswerShape | ((v: unknown) => string | null),
    options?: InvokeOptions,
  ): Promise<T>;
  /**
   * Like `invoke`, but an error thrown by the implementation is a rejection, not a fault:
   * `{ rejected: true, message }`. Timeouts still fault.
   */
  invokeOrReject<T = unknown>(
    method: string,
    args: unknown[],
  ): Promise<{ rejected: false; value: T } | { rejected: true; message: string }>;
}

/**
 * One conformance check: a small, self-describing property over generated cases.
 * `T` is the generated case.
 */
export interface CheckDefinition<T = any> {
  /** Stable ID: upper-case words joined by `-`, starting with the suite's prefix, e.g. `ENV-EXPIRED`. */
  id: string;
  title: string;
  /** Suite name: `envelope`, `integrity`, `wire`, `error`, `recovery`, `uas`. */
  suite: string;
  severity: Severity;
  /** Seed file and section, e.g. `001 §Expectativas de validación, rule 6`. */
  specRef: string;
  /**
   * The seed clause the check enforces, in the pack's own words, in English (two seeds are in Spanish
   * and Chinese): one sentence an implementer can act on. `uaix-conformance explain <id>` prints it.
   */
  statement: string;
  /** Adapter members the check calls; a missing one skips the check. */
  requires: AdapterMember[];
  /** Spec decisions (ids in docs/spec-decisions.md) this check relies on. */
  decisions?: string[];
  /** The cases, drawn from the run's spec data. Must be deterministic for a given fast-check seed. */
  arbitrary(spec: SpecData): fc.Arbitrary<T>;
  /** Runs one case. Throwing `AdapterFault` (via the harness) makes the check errored. */
  run(input: T, h: Harness): Promise<CaseResult>;
  /** The sentence of each failure and not-judged `reason` the check's `run` gives, built from its params. */
  messages: Messages;
  /**
   * JSON-safe view of a case, for reports and fixtures (default: the case itself): the case alone,
   * never what a run of it did (that is the failure's `actual`), so that a replay finds the same view.
   */
  show?(input: T): unknown;
  /**
   * Where in the shown case (`show`) the case breaks the rule, as a JSON Pointer (the member a
   * mutation changed, or where a removed one was); undefined when the check cannot say. A failure
   * carries it (`failure.focus`) and the terminal highlights it.
   */
  focus?(input: T): string | undefined;
  /** Evidence tags for a case, e.g. `valid`, `adversarial`, `profile:uai.agent.ack.v1`, `family:smart-quote`. */
  tags?(input: T): string[];
  /**
   * The evidence tags a run at the default 100 cases must show, each at least once: one per mutation
   * family (`family:<name>`) and per variant that exposes a different bug class. The generators weigh
   * their draws to reach them; the catalog's reach test holds every check to its list over several
   * seeds, and refuses a `family:` tag a check draws without listing it.
   */
  reach?(spec: SpecData): readonly string[];
  /**
   * What a case says about itself, for the pack's own contract tests (never used in a run): the
   * call that judges it and the verdict a conforming implementation gives. Checks whose cases are
   * judged by a verdict (validators, the keyless decoder) declare it; see `CaseClaim`.
   */
  claim?(input: T, spec: SpecData): CaseClaim;
  /**
   * Optional: makes the check's cases portable, runnable fixtures (`fixtures export` / `fixtures run`).
   * A check without it still reports and replays; only its cases cannot leave the pack.
   */
  fixture?: FixtureCodec<T>;
}

/**
 * A case's own statement of what it is, which the catalog-wide contract tests hold the reference to:
 * a valid case is accepted; a case that breaks rules is rejected, and every finding of the
 * rejection names one of the rules it breaks (`breaks`, or `alsoAllowed` where one break is also
 * another rule's, as a removed correlation id is a missing required field too), and where
 * coordinates are part of the rule (`at`) a finding names them exactly.
 */
export interface CaseClaim {
  /** The contract member and arguments that judge the case, as the check calls them. */
  member: 'validateEnvelope' | 'validateError' | 'verifyUas' | 'fromKeyless' | 'toKeyless';
  args: readonly unknown[];
  /** True: a conforming implementation accepts it (a validator says valid, a codec does not throw). */
  valid: boolean;
  /** For a case that is not valid: the check ids of the rules it breaks (every one must be named). */
  breaks?: readonly string[];
  /** Check ids a finding may name besides `breaks`. */
  alsoAllowed?: readonly string[];
  /** Findings that must appear with exactly these coordinates (UAS: unit id, absolute byte offset). */
  at?: readonly { checkId: string; unitId?: string; byteOffset?: number }[];
}

/** Turns a check's cases into fixtures and back. `decode(encode(c))` must run exactly as `c` does. */
export interface FixtureCodec<T> {
  /** `context.now` is the validators' clock of the run the case comes from. */
  encode(input: T, context: { now: string; spec: SpecData }): FixtureCase;
  /** Rebuilds a runnable case. Throws an Error saying what is missing when the fixture is malformed. */
  decode(fixture: FixtureCase, context: { spec: SpecData }): T;
}

/** Identity helper that keeps the case type of a check. */
export function defineCheck<T>(check: CheckDefinition<T>): CheckDefinition<T> {
  return check;
}

/** Raised through the harness when the implementation could not answer properly. */
export class AdapterFault extends Error {
  constructor(
    message: string,
    /** Evidence: the raw answer, a stderr tail, an exit code... */
    readonly evidence?: unknown,
    /** What the case's run was seen to do up to the fault (a session's steps): the report's `error.seen`. */
    readonly seen?: unknown,
  ) {
    super(message);
    this.name = 'AdapterFault';
  }
}

/** A failing case result: `reason` names a message of the check, built from `params`. */
export function failed(reason: string, params: FailureParams, expected: unknown, actual: unknown): CaseFailure {
  return { status: 'failed', reason, params, expected, actual };
}

/** A case result that judged nothing (see `CaseNotJudged`). */
export function notJudged(reason: string, params: FailureParams): CaseNotJudged {
  return { status: 'not-judged', reason, params };
}

/** A passing case result. */
export const PASS: CaseResult = Object.freeze({ status: 'passed' }) as CaseResult;

/**
 * The message of `reason` with `params`, from the check's `messages`. Throws when the check has no
 * message for the reason: a defect of the check, which the engine reports as the check's error.
 */
export function messageOf(
  check: Pick<CheckDefinition, 'id' | 'messages'>,
  reason: string,
  params: FailureParams,
): string {
  const build = Object.hasOwn(check.messages, reason) ? check.messages[reason] : undefined;
  if (build === undefined) throw new Error(`${check.id} has no message for the reason ${JSON.stringify(reason)}`);
  return build(params);
}
