import { interceptFamily, type UasCase, uasInterceptCase } from '../../generators/uas/cases.js';
import type { UasFinding, UasVerdict } from '../../src/contract/adapter.js';
import { exchangeCheck } from '../../src/engine/kinds/exchange.js';
import type { UasSpec } from '../../src/spec/uas.js';
import { showCase, uasArgs, uasClaim } from './verdicts.js';
import { interceptFixture } from './fixtures.js';
import { NotWellFormed, readXml, type XmlElement } from './packet-reader.js';

/** The text directly inside an element (references replaced, CDATA unwrapped), trimmed. */
const textOf = (el: XmlElement): string =>
  el.children
    .filter((c): c is string => typeof c === 'string')
    .join('')
    .trim();

/** Why a packet is wrong for its finding under `spec`, or null. Exported for the tests of the check itself. */
export function packetProblem(f: UasFinding, packet: unknown, spec: UasSpec): string | null {
  if (typeof packet !== 'string') return 'intercept is not a string';
  let root: XmlElement;
  try {
    root = readXml(packet);
  } catch (e) {
    if (e instanceof NotWellFormed) return `intercept is not well-formed XML: ${e.message}`;
    throw e;
  }
  if (root.name !== 'compilation_error_intercept') return 'root is not <compilation_error_intercept>';
  const phase = root.attributes.find(([n]) => n === 'phase')?.[1];
  if (phase !== undefined && !/^PHASE-(0[1-9]|10)$/.test(phase)) return `phase "${phase}" is not PHASE-01..PHASE-10`;
  if (textOf(root) !== '') return 'text between the children of <compilation_error_intercept>';
  const kids = root.children.filter((c): c is XmlElement => typeof c !== 'string');
  const names = kids.map((k) => k.name);
  if (names.join(',') !== spec.interceptChildren.join(','))
    return `children are [${names.join(', ')}], not [${spec.interceptChildren.join(', ')}]`;
  const value = (i: number) => textOf(kids[i]!);
  if (value(0) !== f.checkId) return `check_id "${value(0)}" does not name the finding's check ${f.checkId}`;
  if (!spec.interceptSeverities.includes(value(1)))
    return `severity "${value(1)}" is not one of ${spec.interceptSeverities.join(', ')}`;
  if (value(2) === '') return 'failed_ref is empty';
  // Compared as the packet's values are, trimmed (docs/uas-format.md): an id with white space at
  // its ends is still named by a packet that writes it as it is.
  if (f.unitId !== undefined && value(2) !== f.unitId.trim())
    return `failed_ref "${value(2)}" is not the finding's unit ${f.unitId}`;
  if (value(4) === '') return 'instruction is empty';
  return null;
}

/**
 * Evidence tags of a case of VAL-INTERCEPT-PACKET: its family (`one-rule`, whatever the mutation,
 * `several-rules`, `markup-in-id`, `blank-ref`, `blank-id` or `structure-findings`) and each rule
 * it breaks (`breaks:<check id>`).
 */
const interceptTags = (c: UasCase): string[] => [
  'adversarial',
  `family:${interceptFamily(c)}`,
  ...[...new Set(c.expected.map((e) => e.checkId))].map((id) => `breaks:${id}`),
];

/**
 * VAL-INTERCEPT-PACKET: where the implementation attaches a `<compilation_error_intercept>` packet to
 * a finding (member `intercept`), the packet is well-formed, carries check_id, severity, failed_ref,
 * invalid_token and instruction in the seed's order, and names the finding's own check (D-UAS-14).
 * Findings without a packet pass: emitting packets is optional. The cases break one rule (drawn
 * rule first, then one of its mutations) or several at once, so that a packet naming another
 * finding's check is seen, or one on a unit whose id holds markup characters, or on a reference
 * left blank, or on a unit whose id is white space only, so that a packet that does not escape what
 * it names, or names nothing, is seen; or the document's shape and vocabulary broken in several
 * ways at once, so that every finding a verifier words on its own has its packet judged.
 */
export const interceptPacket = exchangeCheck<UasCase>({
  id: 'VAL-INTERCEPT-PACKET',
  title: 'Intercept packets are complete and name the check that failed',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §5.2 Deterministic Machine-Readable Error Feedback',
  decisions: ['D-UAS-14'],
  statement:
    "A `<compilation_error_intercept>` packet a verifier attaches to a finding (member `intercept`, optional) is well-formed XML holding `check_id`, `severity` (fatal, error or warning), `failed_ref`, `invalid_token` and a non-empty `instruction` in that order, with `check_id` naming the finding's check and `failed_ref` its unit when it names one (003 §5.2; D-UAS-14).",
  cases: {
    arbitrary: (spec) => uasInterceptCase(spec.uas),
    show: showCase,
    tags: interceptTags,
    reach: () => [
      'family:one-rule',
      'family:several-rules',
      'family:markup-in-id',
      'family:blank-ref',
      'family:blank-id',
      'family:structure-findings',
    ],
    fixture: interceptFixture,
  },
  steps: [
    {
      member: 'verifyUas',
      shape: 'uas-verdict',
      args: uasArgs,
      judge(answer, _c, _before, spec) {
        const v = (answer.rejected ? { valid: true } : answer.value) as UasVerdict;
        for (const f of v.findings ?? []) {
          const packet = (f as UasFinding & { intercept?: unknown }).intercept;
          if (packet === undefined) continue;
          const problem = packetProblem(f, packet, spec.uas);
          if (problem)
            return {
              reason: 'malformed',
              params: { problem },
              expected: { checkId: f.checkId, unitId: f.unitId, packet: 'complete, naming the same check' },
              actual: { finding: f },
            };
        }
        return null;
      },
    },
  ],
  messages: { malformed: (p: { problem: string }) => `an intercept packet is malformed: ${p.problem}` },
  claim: uasClaim,
});
