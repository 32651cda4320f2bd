import type { Alternatives } from '../../helpers/overrides.js';

/**
 * The other reasonable choice for every decision of spec/envelope.json (its `$decisions`), which
 * `test/catalog/overrides.test.ts` holds the generators, the judges and the reference to.
 */
export const alternatives: Alternatives = {
  expiry: {
    value: 'after',
    why: 'an envelope is still valid at the very instant of its expires_at, as many token libraries read an expiry',
  },
  undeclaredMembers: {
    value: 'top-level',
    why: '001 §Campos adicionales closes only the top level and keeps additional data inside the published objects',
  },
  checksumScope: {
    value: 'integrity-object',
    why: 'the checksum leaves the whole integrity object out of what it hashes, not only its checksum member',
  },
  utcCase: {
    value: 'any-case',
    why: 'a date-time may write its T and Z in lower case, as RFC 3339 §5.6 allows',
  },
  secretScope: {
    value: 'body',
    why: 'the memory proposal is its body: a secret elsewhere in the envelope is not one it proposes to store',
  },
};
