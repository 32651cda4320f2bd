import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { uasMutatedCase } from '../../generators/uas/cases.js';
import { uasMutators } from '../../generators/uas/mutators/index.js';
import { defineCheck, fail, PASS } from '../../src/engine/check.js';
import type { UasFinding } from '../../src/contract/adapter.js';
import type { UasSpec } from '../../src/spec/uas.js';
import { showCase, tagsOf, uasClaim, verify } from './common.js';
import { interceptFixture } from './fixtures.js';

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, trimValues: true });

type Raw = Record<string, unknown>;
const textOf = (items: Raw[]) => items.map((t) => String(t['#text'] ?? '')).join('').trim();

/** Why a packet is wrong for its finding under `spec`, or null. Exported for the tests of the check itself. */
export function packetProblem(f: UasFinding, packet: unknown, spec: UasSpec): string | null {
  if (typeof packet !== 'string') return 'intercept is not a string';
  if (XMLValidator.validate(packet) !== true) return 'intercept is not well-formed XML';
  const top = (parser.parse(packet) as Raw[]).filter((n) => !('#text' in n));
  const root = top[0];
  if (top.length !== 1 || !root || !('compilation_error_intercept' in root)) return 'root is not <compilation_error_intercept>';
  const phase = (root[':@'] as Record<string, string> | undefined)?.phase;
  if (phase !== undefined && !/^PHASE-(0[1-9]|10)$/.test(phase)) return `phase "${phase}" is not PHASE-01..PHASE-10`;
  const kids = (root.compilation_error_intercept as Raw[]).filter((n) => !('#text' in n));
  const names = kids.map((k) => Object.keys(k).find((n) => n !== ':@'));
  if (names.join(',') !== spec.interceptChildren.join(',')) return `children are [${names.join(', ')}], not [${spec.interceptChildren.join(', ')}]`;
  const value = (i: number) => textOf(kids[i][names[i]!] as Raw[]);
  if (value(0) !== f.checkId) return `check_id "${value(0)}" does not name the finding's check ${f.checkId}`;
  if (!spec.interceptSeverities.includes(value(1))) return `severity "${value(1)}" is not one of ${spec.interceptSeverities.join(', ')}`;
  if (value(2) === '') return 'failed_ref is empty';
  if (f.unitId !== undefined && value(2) !== f.unitId) return `failed_ref "${value(2)}" is not the finding's unit ${f.unitId}`;
  if (value(4) === '') return 'instruction is empty';
  return null;
}

/**
 * VAL-INTERCEPT-PACKET: where the implementation attaches a `<compilation_error_intercept>` packet to
 * a finding (member `intercept`), the packet is well-formed, carries check_id, severity, failed_ref,
 * invalid_token and instruction in the seed's order, and names the finding's own check (D-UAS-14).
 * Findings without a packet pass: emitting packets is optional.
 */
export const interceptPacket = defineCheck({
  id: 'VAL-INTERCEPT-PACKET',
  title: 'Intercept packets are complete and name the check that failed',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §5.2 Deterministic Machine-Readable Error Feedback',
  requires: ['verifyUas'],
  decisions: ['D-UAS-14'],
  statement:
    "A `<compilation_error_intercept>` packet a verifier attaches to a finding (member `intercept`, optional) is well-formed XML holding `check_id`, `severity` (fatal, error or warning), `failed_ref`, `invalid_token` and a non-empty `instruction` in that order, with `check_id` naming the finding's check and `failed_ref` its unit when it names one (003 §5.2; D-UAS-14).",
  arbitrary: (spec) => uasMutatedCase(uasMutators, spec.uas),
  async run(input, h) {
    const v = await verify(h, input);
    for (const f of v.findings ?? []) {
      const packet = (f as UasFinding & { intercept?: unknown }).intercept;
      if (packet === undefined) continue;
      const problem = packetProblem(f, packet, h.spec.uas);
      if (problem) return fail(`an intercept packet is malformed: ${problem}`, { checkId: f.checkId, unitId: f.unitId, packet: 'complete, naming the same check' }, { finding: f });
    }
    return PASS;
  },
  show: showCase,
  tags: tagsOf,
  claim: uasClaim,
  fixture: interceptFixture,
});
