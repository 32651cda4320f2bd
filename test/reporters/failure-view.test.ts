import { describe, expect, it } from 'vitest';
import {
  CASE_LINES,
  caseLines,
  DEFAULT_COLUMNS,
  renderFailureView,
  windowOf,
} from '../../src/reporters/failure-view.js';
import { palette } from '../../src/reporters/terminal-style.js';

/** A case like an envelope's: many members, the changed one deep in it. */
function bigCase(members: number): { note: string; packet: Record<string, unknown> } {
  const packet: Record<string, unknown> = {};
  for (let i = 0; i < members; i++) packet[`m${i}`] = { value: i };
  packet.delivery = { expires_at: '2020-01-01T00:00:01+00:00', mode: 'sync' };
  return { note: 'changed /delivery/expires_at', packet };
}

/** Lines of the case without the margin, the cut markers left out. */
const body = (lines: string[]) => lines.filter((l) => !l.includes('…')).map((l) => l.slice(2));

describe('caseLines', () => {
  it('shows a small case whole, as JSON.stringify(value, null, 2) writes it', () => {
    const value = { a: [1, { b: 'x' }], c: {}, d: [], e: null };
    expect(body(caseLines(value, undefined))).toEqual(JSON.stringify(value, null, 2).split('\n'));
  });

  it('cuts a long case to a screen and says how many lines were left out', () => {
    const value = bigCase(100);
    const total = JSON.stringify(value, null, 2).split('\n').length;
    const lines = caseLines(value, undefined);
    expect(lines).toHaveLength(CASE_LINES);
    expect(lines.at(-1)).toBe(`  … ${total - (CASE_LINES - 1)} more lines`);
  });

  it('moves the window to the focused member, marks its lines and counts the lines above', () => {
    const value = bigCase(100);
    const pretty = JSON.stringify(value, null, 2).split('\n');
    const at = pretty.findIndex((l) => l.includes('"expires_at"'));
    const lines = caseLines(value, '/packet/delivery/expires_at');
    expect(lines.length).toBeLessThanOrEqual(CASE_LINES);
    expect(lines[0]).toMatch(/^ {2}… \d+ lines above$/);
    const marked = lines.filter((l) => l.startsWith('> '));
    expect(marked).toEqual([`> ${pretty[at]}`]);
    const above = Number(/… (\d+) lines above/.exec(lines[0]!)![1]);
    expect(lines[1]!.slice(2)).toBe(pretty[above]);
  });

  it('marks every line of a focused container, its closing line included', () => {
    const value = { packet: { body: { a: 1, b: 2 }, other: 3 } };
    const marked = caseLines(value, '/packet/body').filter((l) => l.startsWith('> '));
    expect(marked).toEqual(['>     "body": {', '>       "a": 1,', '>       "b": 2', '>     },']);
  });

  it('cuts lines to the terminal width and escapes what a terminal would act on', () => {
    const value = { label: `${'x'.repeat(500)}`, hostile: '\u001b]52;c;Zm9v\u0007 \u009b2J \u202e' };
    const lines = caseLines(value, undefined, { columns: 60 });
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(60);
    expect(lines.join('\n')).not.toMatch(/[\x1b\x07\u009b\u202e]/);
    expect(lines.join('\n')).toContain('\\u202E');
  });

  it('never serializes a huge case whole: a 50 MB string is shown as one cut line', () => {
    const value = { big: 'y'.repeat(50_000_000) };
    const lines = caseLines(value, undefined);
    expect(lines).toHaveLength(3);
    expect(lines[1]!.length).toBe(2 + DEFAULT_COLUMNS);
    expect(lines[1]).toMatch(/^ {4}"big": "y+…$/);
  });
});

describe('windowOf', () => {
  it('keeps every line when they fit, else exactly a screen with the markers', () => {
    expect(windowOf(10, 40, -1)).toEqual({ start: 0, end: 10 });
    for (const total of [41, 60, 200]) {
      for (const focusAt of [-1, 0, 35, total - 1]) {
        const { start, end } = windowOf(total, 40, focusAt);
        const printed = end - start + (start > 0 ? 1 : 0) + (end < total ? 1 : 0);
        expect(printed, `${total} ${focusAt}`).toBe(40);
        if (focusAt >= 0) expect(focusAt >= start && focusAt < end, `${total} ${focusAt}`).toBe(true);
      }
    }
  });
});

describe('renderFailureView', () => {
  const view = {
    counterexample: { packet: { delivery: { expires_at: 'x' } } },
    expected: { valid: false },
    actual: { valid: true },
    file: 'reports/failures/ENV-UTC-Z.json',
  };

  it('names the whole case and the changed member, then expected and actual on one line each', () => {
    const lines = renderFailureView({ ...view, focus: '/packet/delivery/expires_at' }, { indent: '  ' });
    expect(lines[0]).toBe(
      '  counterexample (whole case: reports/failures/ENV-UTC-Z.json), > /packet/delivery/expires_at changed:',
    );
    // The case sits two more columns in; the margin of a focused line holds its `>`.
    expect(lines).toContain('    >       "expires_at": "x"');
    expect(lines).toContain('          "delivery": {');
    expect(lines.slice(-2)).toEqual(['  expected: {"valid":false}', '  actual:   {"valid":true}']);
  });

  it('says a focused member the case does not hold was removed', () => {
    expect(renderFailureView({ ...view, focus: '/packet/uai_version' })[0]).toBe(
      'counterexample (whole case: reports/failures/ENV-UTC-Z.json), /packet/uai_version removed:',
    );
  });

  it('highlights in colour only when the palette is on', () => {
    const on = renderFailureView({ ...view, focus: '/packet/delivery/expires_at' }, { palette: palette(true) }).join(
      '\n',
    );
    const off = renderFailureView({ ...view, focus: '/packet/delivery/expires_at' }).join('\n');
    expect(on).toMatch(/\x1b\[\d+m/);
    expect(off).not.toMatch(/\x1b/);
    expect(on.replace(/\x1b\[\d+m/g, '')).toBe(off);
  });
});
