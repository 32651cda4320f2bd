import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { checkMatcher } from '../../src/contract/glob.js';

/** Names shaped like check IDs, and near misses of them. */
const name = fc.stringMatching(/^[A-Z][A-Z0-9-]{0,12}$/);

describe('checkMatcher', () => {
  it('matches a plain name exactly as picomatch does, without picomatch', () => {
    fc.assert(
      fc.property(name, name, (pattern, id) => {
        expect(checkMatcher(pattern)(id)).toBe(picomatch(pattern)(id));
        expect(checkMatcher(pattern)(pattern)).toBe(true);
      }),
    );
  });

  it('reads glob syntax as picomatch does', () => {
    const ids = ['ENV-EXPIRED', 'ENV-CHECKSUM', 'ERR-SCHEMA', 'VAL-SPAN-HASH', 'REC-NOOP'];
    for (const pattern of ['ENV-*', '*-SCHEMA', 'VAL-SPAN-?ASH', '{ENV,REC}-*', 'ENV-[CE]*', '!ENV-*']) {
      expect(ids.filter(checkMatcher(pattern)), pattern).toEqual(ids.filter((id) => picomatch(pattern)(id)));
    }
    expect(ids.filter(checkMatcher('ENV-*'))).toEqual(['ENV-EXPIRED', 'ENV-CHECKSUM']);
  });

  it('never takes a lower-case or padded name for a check ID', () => {
    expect(checkMatcher('env-expired')('ENV-EXPIRED')).toBe(false);
    expect(checkMatcher(' ENV-EXPIRED')('ENV-EXPIRED')).toBe(false);
  });
});
