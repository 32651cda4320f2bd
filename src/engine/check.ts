import type fc from 'fast-check';
import type { AdapterCapability, AdapterInfo } from '../contract/adapter.js';

export type Severity = 'MUST' | 'SHOULD';
export type CheckStatus = 'passed' | 'failed' | 'errored' | 'skipped';

/** The outcome of one generated case. */
export type CaseResult =
  | { pass: true }
  | {
      pass: false;
      /** What a conforming implementation answers, in words or as a value. */
      expected: unknown;
      /** What the adapter answered. */
      actual: unknown;
      /** One sentence: what went wrong. */
      message: string;
    };

/**
 * The pack's side of one adapter call: timed out, shape-checked, and turned into an
 * `AdapterFault` (the check becomes errored) when the implementation misbehaves.
 */
export interface Harness {
  /** Adapter info from `describe()`. */
  readonly info: AdapterInfo;
  /** The clock validators are given (UTC, trailing Z), fixed for a run. */
  readonly now: string;
  /**
   * Calls `method` (a member name, or `member.method` such as `recovery.start`) with `args`.
   * Throws `AdapterFault` on timeout, on a thrown error, or when `shape` (a schema name known to
   * `src/core/shapes.ts`, or a validate function) rejects the answer.
   */
  invoke<T = unknown>(method: string, args: unknown[], shape?: string | ((v: unknown) => string | null)): Promise<T>;
  /**
   * Like `invoke`, but an error thrown by the implementation is a rejection, not a fault:
   * `{ rejected: true, message }`. Timeouts still fault.
   */
  invokeOrReject<T = unknown>(method: string, args: unknown[]): Promise<{ rejected: false; value: T } | { rejected: true; message: string }>;
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
  /** Adapter members the check calls; a missing one skips the check. */
  requires: AdapterCapability[];
  /** Spec decisions (ids in docs/spec-decisions.md) this check relies on. */
  decisions?: string[];
  /** The cases. Must be deterministic for a given fast-check seed. */
  arbitrary(): fc.Arbitrary<T>;
  /** Runs one case. Throwing `AdapterFault` (via the harness) makes the check errored. */
  run(input: T, h: Harness): Promise<CaseResult>;
  /** JSON-safe view of a case, for reports and fixtures (default: the case itself). */
  show?(input: T): unknown;
  /** Evidence tags for a case, e.g. `valid`, `adversarial`, `profile:uai.agent.ack.v1`, `family:smart-quote`. */
  tags?(input: T): string[];
  /**
   * Optional: makes the check's cases portable, runnable fixtures (`fixtures export` / `fixtures run`).
   * A check without it still reports and replays; only its cases cannot leave the pack.
   */
  fixture?: FixtureCodec<T>;
}

/**
 * One case as language-neutral data: what the implementation is given (`input`) and what a
 * conforming one answers (`expected`). Bytes (`Uint8Array`, or `fixtureBytes(...)` for a named file)
 * anywhere in `input` or `expected` are written as files beside the fixture and come back as
 * `Uint8Array` on decode.
 */
export interface FixtureCase {
  input: unknown;
  expected: unknown;
  /** One line: what this case is (the mutation note, the profile...). */
  description?: string;
}

/** Turns a check's cases into fixtures and back. `decode(encode(c))` must run exactly as `c` does. */
export interface FixtureCodec<T> {
  /** `context.now` is the validators' clock of the run the case comes from. */
  encode(input: T, context: { now: string }): FixtureCase;
  /** Rebuilds a runnable case. Throws an Error saying what is missing when the fixture is malformed. */
  decode(fixture: FixtureCase): T;
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
  ) {
    super(message);
    this.name = 'AdapterFault';
  }
}

/** Convenience: a failing case result. */
export function fail(message: string, expected: unknown, actual: unknown): CaseResult {
  return { pass: false, message, expected, actual };
}

/** Convenience: a passing case result. */
export const PASS: CaseResult = Object.freeze({ pass: true }) as CaseResult;
