import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../../src/contract/budgets.js';
import { runHostile } from './gallery.js';
import { probes } from './probes.js';

const [CHECKSUM, ECHO, REJECT, BYTES] = probes.map((p) => p.id) as [string, string, string, string];
const passed = (id: string) => ({ id, status: 'passed' });
const hint = (name: string) => `(budget ${name}; raise it with --budget ${name}=<n>)`;

/** An over-budget answer's evidence: the line cut, its size, and no restart (the process lives on). */
const overBudget = (method: string) => ({
  kind: 'over-budget',
  method,
  line: expect.stringMatching(/^\{"jsonrpc":"2\.0","id":\d+,"result":/),
  lineBytes: expect.any(Number),
  stderrTail: '',
  restarts: 0,
});

/** What the huge-answer adapter comes to: each probe's first answer over one budget, the later cases passing. */
const EXPECTED = {
  incomplete: false,
  checks: [
    {
      id: CHECKSUM,
      status: 'errored',
      message: `computeChecksum: the answer holds a string of more than 1048576 characters ${hint('answer-string')}`,
      evidence: overBudget('computeChecksum'),
    },
    {
      id: ECHO,
      status: 'errored',
      message: `toKeyless: the answer holds more than 100000 values ${hint('answer-values')}`,
      evidence: overBudget('toKeyless'),
    },
    passed(REJECT),
    {
      id: BYTES,
      status: 'errored',
      message: `verifyUas: the verdict has more than 10000 findings ${hint('findings')}`,
      evidence: overBudget('verifyUas'),
    },
  ],
};

describe('budgets of an adapter process: an answer over one is refused before it is parsed, its case errors with the budget named, the process lives on', () => {
  it.concurrent('huge answers, one request at a time: each errors its own check only, and nothing restarts', async () => {
    // Deadlines loose enough for a loaded machine to build, send and scan the huge answers (a bound against hanging only).
    const r = await runHostile('huge-answer', { timeoutMs: 30_000 });
    expect(r).toEqual(EXPECTED);
  });

  it.concurrent('huge answers with 8 requests in flight: the answer names its request by id, read without parsing the line', async () => {
    const r = await runHostile('huge-answer', { timeoutMs: 30_000, env: { ...process.env, HOSTILE_IN_FLIGHT: '8' } });
    expect(r).toEqual(EXPECTED);
  });

  it.concurrent('a lower budget binds a well-behaved adapter: answer-string=40 errors a 71-character checksum', async () => {
    const r = await runHostile('well-behaved', {
      checks: [probes[0]!],
      budgets: { ...DEFAULT_BUDGETS, 'answer-string': 40 },
    });
    expect(r.checks[0]).toMatchObject({
      id: CHECKSUM,
      status: 'errored',
      message: `computeChecksum: the answer holds a string of more than 40 characters ${hint('answer-string')}`,
    });
  });
});
