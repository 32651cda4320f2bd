import type { UasCheckId } from '../../spec/uas.js';

/**
 * One rule an artifact breaks, as the reference verifier finds it. `ref` is the id of the failing
 * element (unit, edge, concept) or an element name; `token` is the offending value, which goes into
 * the `<invalid_token>` of the intercept packet.
 */
export interface UasIssue {
  checkId: UasCheckId;
  ref?: string;
  /** Absolute offset in the source bytes (VAL-VERBATIM: the first differing byte). */
  byteOffset?: number;
  token?: string;
  message: string;
  /** What the agent should do, for the packet's `<instruction>`. */
  instruction?: string;
}

/** Collects issues; a small helper so analysis code reads as a list of rules. */
export class IssueList {
  readonly items: UasIssue[] = [];
  add(issue: UasIssue): void {
    this.items.push(issue);
  }
}
