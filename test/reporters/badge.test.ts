import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/model/report.js';
import { badgeOf, renderBadge } from '../../src/reporters/badge.js';
import { hostileReport, plainReport } from './fixture-report.js';

describe('badge.json', () => {
  it('is a shields.io endpoint document: exactly schemaVersion, label, message and color', () => {
    const badge = JSON.parse(renderBadge(plainReport(3)));
    expect(Object.keys(badge).sort()).toEqual(['color', 'label', 'message', 'schemaVersion']);
    expect(badge).toEqual({ schemaVersion: 1, label: 'uaix conformance', message: '3/3 passed', color: 'brightgreen' });
  });

  it('counts the pass ratio over checks that ran and names the skipped ones, red on a MUST failure', () => {
    expect(badgeOf(hostileReport())).toMatchObject({ message: '2/5 passed, 1 skipped', color: 'red' });
  });

  it('is yellow when only SHOULD checks failed', () => {
    const r = plainReport(4, ['ENV-C2']);
    r.checks[2]!.severity = 'SHOULD';
    r.summary = summarize(r.checks);
    expect(badgeOf(r)).toMatchObject({ message: '3/4 passed', color: 'yellow' });
  });

  it('is grey when the run was interrupted or nothing ran', () => {
    expect(badgeOf(plainReport(2, [], { incomplete: true }))).toMatchObject({
      message: 'incomplete: 2/2 passed',
      color: 'lightgrey',
    });
    const skippedOnly = plainReport(2);
    for (const c of skippedOnly.checks) c.status = 'skipped';
    skippedOnly.summary = summarize(skippedOnly.checks);
    expect(badgeOf(skippedOnly)).toMatchObject({ message: '0/0 passed, 2 skipped', color: 'lightgrey' });
  });
});
