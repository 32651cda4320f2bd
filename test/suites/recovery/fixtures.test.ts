import { describe, expect, it } from 'vitest';
import { check, spec, written } from '../../helpers/fixtures.js';

describe('recovery fixtures', () => {
  it('decoding a malformed one says what is wrong', () => {
    const f = written('REC-EXACTLY-ONCE');
    const codec = check('REC-EXACTLY-ONCE').fixture!;
    expect(() => codec.decode({ ...f, input: { ...f.input, level: 'L9' } }, { spec })).toThrow(
      'input.level must be one of L0, L1, L2, L3, L4, L5, L6, L7, got "L9"',
    );
    const task = {
      kind: 'write',
      deps: [],
      faults: [{ kind: 'outage', durationMs: 1000 }],
      item: 'memory/a.md',
      content: 'x',
    };
    expect(() => codec.decode({ ...f, input: { ...f.input, tasks: [task] } }, { spec })).toThrow(
      'input.tasks[0].faults[0].maxRetries must be a number',
    );
    const { grant: _grant, ...noGrant } = f.input;
    expect(() => codec.decode({ ...f, input: noGrant }, { spec })).toThrow('input.grant must be a JSON object');
  });
});
