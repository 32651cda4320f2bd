/**
 * What the pack saw when an adapter process misbehaved. Lands in the report as the `evidence` of
 * an errored check, so it holds only what helps someone fix their adapter, cut to readable sizes.
 */
export type FaultKind =
  | 'spawn-failed'
  | 'exit'
  | 'timeout'
  | 'bad-json'
  | 'bad-message'
  | 'wrong-id'
  | 'line-too-long'
  | 'over-budget'
  | 'stdout-closed'
  | 'bad-result'
  | 'protocol-error'
  | 'gave-up'
  | 'aborted'
  | 'closed';

export interface ProcessEvidence {
  kind: FaultKind;
  /** The command line that was started. */
  command: string;
  /** The request at hand. */
  method: string;
  exitCode?: number | null;
  signal?: string | null;
  /** The offending line, cut to LINE_CUT characters. */
  line?: string;
  /** The offending line's length in bytes, when it was cut or too long. */
  lineBytes?: number;
  /** Why a message or result was refused (a schema path and message). */
  problem?: string;
  /** The last STDERR_TAIL characters the process wrote to stderr. */
  stderrTail: string;
  /** Restarts so far (the first start is not counted). */
  restarts: number;
}

export const LINE_CUT = 500;
export const STDERR_TAIL = 2000;

/** A line cut to a sane length for a report. */
export function cutLine(line: string): string {
  return line.length > LINE_CUT ? `${line.slice(0, LINE_CUT)}…` : line;
}
