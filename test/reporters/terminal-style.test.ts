import { describe, expect, it } from 'vitest';
import { counted } from '../../src/model/words.js';
import { colourEnabled, palette, paletteFor, PLAIN } from '../../src/reporters/terminal-style.js';

const TTY = { isTTY: true };
const PIPE = { isTTY: false };
/** The SGR sequences picocolors writes. */
const SGR = /\x1b\[\d+m/;

describe('colourEnabled', () => {
  it('colours a terminal, not a pipe or a stream that does not say', () => {
    expect(colourEnabled(TTY, {})).toBe(true);
    expect(colourEnabled(PIPE, {})).toBe(false);
    expect(colourEnabled({}, {})).toBe(false);
  });

  it('is off with NO_COLOR set to any value, even with FORCE_COLOR and on a terminal', () => {
    for (const NO_COLOR of ['1', '0', 'false', 'yes', ' ']) {
      expect(colourEnabled(TTY, { NO_COLOR })).toBe(false);
      expect(colourEnabled(PIPE, { NO_COLOR, FORCE_COLOR: '1' })).toBe(false);
    }
  });

  it('takes an empty NO_COLOR as unset (no-color.org)', () => {
    expect(colourEnabled(TTY, { NO_COLOR: '' })).toBe(true);
  });

  it('is on with FORCE_COLOR into a pipe, and FORCE_COLOR=0 or false forces it off on a terminal', () => {
    for (const FORCE_COLOR of ['1', '2', '3', 'true']) expect(colourEnabled(PIPE, { FORCE_COLOR })).toBe(true);
    for (const FORCE_COLOR of ['0', 'false']) expect(colourEnabled(TTY, { FORCE_COLOR })).toBe(false);
  });

  it('is off on a dumb terminal', () => {
    expect(colourEnabled(TTY, { TERM: 'dumb' })).toBe(false);
  });
});

describe('palette', () => {
  it('wraps statuses in colour when on and leaves the text as it is when off', () => {
    const on = palette(true);
    for (const status of ['passed', 'failed', 'errored', 'skipped'] as const) {
      expect(on.status(status, 'FAIL')).toMatch(SGR);
      expect(on.status(status, 'FAIL').replace(/\x1b\[\d+m/g, '')).toBe('FAIL');
      expect(PLAIN.status(status, 'FAIL')).toBe('FAIL');
    }
    expect(on.status('failed', 'x')).not.toBe(on.status('passed', 'x'));
    expect(PLAIN.focus('> x')).toBe('> x');
  });

  it('is picked per stream', () => {
    expect(paletteFor(TTY, {}).enabled).toBe(true);
    expect(paletteFor(PIPE, {}).enabled).toBe(false);
    expect(paletteFor(TTY, { NO_COLOR: '1' }).enabled).toBe(false);
  });
});

describe('counted', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(counted(1, 'check')).toBe('1 check');
    expect(counted(0, 'check')).toBe('0 checks');
    expect(counted(2, 'finding')).toBe('2 findings');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
});
