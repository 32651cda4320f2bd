import type { CheckReport, ErrorRecord, FailureRecord } from '../../../src/model/report.js';

/** What a check that did not pass says: its status, and the message of its failure or its error. */
export function problemOf(c: CheckReport): { id: string; status: CheckReport['status']; message?: string } {
  const message = c.status === 'failed' ? c.failure.message : c.status === 'errored' ? c.error.message : undefined;
  return { id: c.id, status: c.status, ...(message === undefined ? {} : { message }) };
}

/** The failure of a check the test expects to have failed. */
export function failureOf(c: CheckReport): FailureRecord {
  if (c.status !== 'failed') throw new Error(`${c.id} is ${c.status}, not failed`);
  return c.failure;
}

/** The error of a check the test expects to have errored. */
export function errorOf(c: CheckReport): ErrorRecord {
  if (c.status !== 'errored') throw new Error(`${c.id} is ${c.status}, not errored`);
  return c.error;
}
