import type { FixtureCodec } from '../../src/engine/check.js';
import { fixtureBytes } from '../../src/model/fixtures.js';
import { arrayField, objectField, stringField } from '../../src/engine/fixture-codec.js';
import type { UasCase } from '../../generators/uas/cases.js';
import type { ExpectedFinding } from '../../generators/uas/mutation.js';

/**
 * Fixture codecs of the UAS suite. A case is `input: { family, source, artifact }` where source and
 * artifact are files (`<case>.source.txt`, `<case>.artifact.xml`): call `verifyUas(sourceBytes,
 * artifactText)`. `expected` is what the check demands, as its failure shows it:
 * - `{ valid: true }`;
 * - `{ valid: false, findings }`: a finding whose `checkId` is the check's id is required (D-UAS-02);
 *   `findings` lists what the pack's mutation broke, unit and offset included where it knows them;
 * - VAL-MISMATCH-COORDINATES: `{ valid: false, finding: { checkId, unitId, byteOffset } }`, a
 *   VAL-VERBATIM or VAL-MISMATCH-COORDINATES finding at exactly that unit and byte offset (D-UAS-09).
 */

// The artifact is text: a byte order mark in it is a character of the case, not a file marker to drop.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The artifact as a file when UTF-8 can hold it exactly. A string with a lone surrogate (a
 * mutation cutting an astral character in half) has no UTF-8 form: it stays a JSON string, which
 * carries it exactly (`\udXXX`).
 */
function artifactOut(artifact: string): unknown {
  const bytes = new TextEncoder().encode(artifact);
  return utf8.decode(bytes) === artifact ? fixtureBytes(bytes, 'artifact.xml') : artifact;
}

function artifactIn(v: unknown): string {
  if (typeof v === 'string') return v;
  if (!(v instanceof Uint8Array)) throw new Error('input.artifact must be a file ({ "$file": ... }) or a string');
  try {
    return utf8.decode(v);
  } catch {
    throw new Error('input.artifact is not UTF-8 text');
  }
}

function findingOf(v: unknown, what: string): ExpectedFinding {
  const f = objectField(v, what);
  const out: ExpectedFinding = { checkId: stringField(f.checkId, `${what}.checkId`) as ExpectedFinding['checkId'] };
  if (f.unitId !== undefined) out.unitId = stringField(f.unitId, `${what}.unitId`);
  if (f.byteOffset !== undefined) {
    if (!Number.isSafeInteger(f.byteOffset) || f.byteOffset < 0)
      throw new Error(`${what}.byteOffset must be a non-negative integer`);
    out.byteOffset = f.byteOffset;
  }
  return out;
}

function caseOf(input: unknown, expected: ExpectedFinding[]): UasCase {
  const i = objectField(input, 'input');
  if (!(i.source instanceof Uint8Array)) throw new Error('input.source must be a file ({ "$file": ... })');
  return {
    family: stringField(i.family, 'input.family'),
    source: i.source,
    artifact: artifactIn(i.artifact),
    expected,
  };
}

const inputOf = (c: UasCase) => ({
  family: c.family,
  source: fixtureBytes(c.source, 'source.txt'),
  artifact: artifactOut(c.artifact),
});

/** VAL-VALID-ACCEPTED: the verdict must be valid. */
export const validUasFixture: FixtureCodec<UasCase> = {
  encode: (c) => ({ input: inputOf(c), expected: { valid: true }, description: `valid document (${c.family})` }),
  decode(f) {
    if (objectField(f.expected, 'expected').valid !== true) throw new Error('expected.valid must be true');
    return caseOf(f.input, []);
  },
};

/** A check whose cases break one rule: invalid, with a finding naming `checkId`. */
export function rejectedUasFixture(checkId: string): FixtureCodec<UasCase> {
  return {
    encode: (c) => ({
      input: inputOf(c),
      expected: { valid: false, findings: c.expected },
      description: `${checkId}: ${c.family}`,
    }),
    decode(f) {
      const e = objectField(f.expected, 'expected');
      if (e.valid !== false) throw new Error('expected.valid must be false');
      const findings = arrayField(e.findings, 'expected.findings').map((x, n) =>
        findingOf(x, `expected.findings[${n}]`),
      );
      if (!findings.some((x) => x.checkId === checkId))
        throw new Error(`expected.findings must hold a ${checkId} finding`);
      return caseOf(f.input, findings);
    },
  };
}

/** VAL-MISMATCH-COORDINATES: the first differing byte, by unit id and absolute byte offset. */
export const mismatchFixture: FixtureCodec<UasCase> = {
  encode: (c) => ({
    input: inputOf(c),
    expected: { valid: false, finding: c.expected[0] },
    description: `verbatim mismatch (${c.family})`,
  }),
  decode(f) {
    const e = objectField(f.expected, 'expected');
    if (e.valid !== false) throw new Error('expected.valid must be false');
    const want = findingOf(e.finding, 'expected.finding');
    if (want.unitId === undefined || want.byteOffset === undefined)
      throw new Error('expected.finding needs unitId and byteOffset');
    return caseOf(f.input, [want]);
  },
};

/**
 * VAL-INTERCEPT-PACKET: any mutated artifact; the check judges only the intercept packets the
 * implementation attaches (optional), so `expected` says that, with the mutation's findings.
 */
export const interceptFixture: FixtureCodec<UasCase> = {
  encode: (c) => ({
    input: inputOf(c),
    expected: {
      findings: c.expected,
      intercept:
        "optional; where a finding carries one, a complete packet naming that finding's check and unit (D-UAS-14)",
    },
    description: `intercept packets (${c.family})`,
  }),
  decode(f) {
    const e = objectField(f.expected, 'expected');
    return caseOf(
      f.input,
      arrayField(e.findings, 'expected.findings').map((x, n) => findingOf(x, `expected.findings[${n}]`)),
    );
  },
};
