import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { type CheckDefinition, defineCheck, PASS } from '../../../src/engine/check.js';
import { SAYS, says } from '../../helpers/synthetic.js';

/**
 * Small checks with known right answers (the ones test/adapters/process/hostile/lib.mjs gives), so that a
 * report of the hostile gallery says only how the transport coped, never what a suite thinks.
 */
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Strings that stress the line protocol: newlines, CR, U+2028, astral characters, lone quotes. */
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('a\nb', 'a\r\nb', '\u2028\u2029', '𝄞 emoji 👩‍💻', '"}\n{"jsonrpc":"2.0"', '\\u0000', '<&>'),
);

const base = {
  suite: 'probe',
  severity: 'MUST' as const,
  specRef: '000 §probe',
  statement: 'A probe of the process transport, with a known right answer.',
  messages: SAYS,
};

function checksumProbe(id: string): CheckDefinition {
  return defineCheck({
    ...base,
    id,
    title: 'computeChecksum answers sha256 of the JSON text',
    requires: ['computeChecksum'],
    arbitrary: () => fc.record({ n: fc.nat(), s: tricky }),
    async run(input, h) {
      const got = await h.invoke<string>('computeChecksum', [input], 'checksum');
      const want = `sha256:${sha256(JSON.stringify(input))}`;
      return got === want ? PASS : says('wrong checksum', want, got);
    },
  });
}

export const echoProbe = defineCheck({
  ...base,
  id: 'PROBE-ECHO',
  title: 'toKeyless echoes its input unchanged across the process boundary',
  requires: ['toKeyless'],
  arbitrary: () =>
    fc.dictionary(
      tricky,
      fc.oneof(tricky, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tricky, { maxLength: 3 })),
      { maxKeys: 4 },
    ),
  async run(input, h) {
    const got = await h.invoke('toKeyless', [input]);
    return JSON.stringify(got) === JSON.stringify(input) ? PASS : says('echo differs', input, got);
  },
});

export const rejectProbe = defineCheck({
  ...base,
  id: 'PROBE-REJECT',
  title: 'a JSON-RPC error answer is a rejection',
  requires: ['fromKeyless'],
  arbitrary: () => fc.array(fc.nat(), { maxLength: 3 }),
  async run(input, h) {
    const r = await h.invokeOrReject('fromKeyless', [input]);
    return r.rejected && r.message === 'RemoteError: cannot map this'
      ? PASS
      : says('not rejected as expected', 'RemoteError: cannot map this', r);
  },
});

export const bytesProbe = defineCheck({
  ...base,
  id: 'PROBE-BYTES',
  title: 'byte strings cross as base64 unchanged',
  requires: ['verifyUas'],
  arbitrary: () => fc.record({ source: fc.uint8Array({ maxLength: 64 }), artifact: tricky }),
  async run(input, h) {
    const v = await h.invoke<{ findings: { message: string }[] }>(
      'verifyUas',
      [input.source, input.artifact],
      'uas-verdict',
    );
    const want = `${sha256(input.source)}:${input.artifact.length}`;
    return v.findings?.[0]?.message === want ? PASS : says('bytes changed on the way', want, v);
  },
  show: (input) => ({ source: Buffer.from(input.source).toString('base64'), artifact: input.artifact }),
});

export const checksumProbes = [1, 2, 3, 4, 5].map((i) => checksumProbe(`PROBE-CHECKSUM-${i}`));

/** The gallery's standard selection: one probe per transport path. */
export const probes: CheckDefinition[] = [checksumProbes[0]!, echoProbe, rejectProbe, bytesProbe];
