import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uasCaseBreaking, uasValidCase } from '../../../generators/uas/cases.js';
import { sha256Hex } from '../../../generators/uas/model.js';
import { memorySource } from '../../../src/reference/uas/source.js';
import { verifyUas } from '../../../src/reference/uas/verify.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { ensureBuilt, root } from '../../helpers/built.js';

// The helper thread runs compiled code (a worker cannot start from .ts sources), so these tests
// drive the built modules.
type VerifyFile = typeof import('../../../src/reference/uas/verify-file.js');
type Helper = typeof import('../../../src/reference/uas/span-helper.js');
type Jobs = typeof import('../../../src/reference/uas/span-jobs.js');
let built: { file: VerifyFile; helper: Helper; jobs: Jobs };
let dir: string;
const spec = bundledSpec().uas;

beforeAll(async () => {
  ensureBuilt();
  const load = (m: string) => import(join(root, 'dist', 'src', 'reference', 'uas', m));
  built = {
    file: await load('verify-file.js'),
    helper: await load('span-helper.js'),
    jobs: await load('span-jobs.js'),
  };
  dir = mkdtempSync(join(tmpdir(), 'uas-helper-'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('span hashes shared with the helper thread', () => {
  it('give the findings of the in-memory verifier, whichever thread hashed each span', async () => {
    const cases = fc.sample(
      fc.oneof(
        uasValidCase(spec),
        uasCaseBreaking('VAL-SPAN-HASH', spec),
        uasCaseBreaking('VAL-VERBATIM', spec),
        uasCaseBreaking('VAL-ROOT-HASH', spec),
      ),
      { seed: 11, numRuns: 40 },
    );
    for (const [i, c] of cases.entries()) {
      const source = join(dir, `c${i}.txt`);
      const artifact = join(dir, `c${i}.xml`);
      writeFileSync(source, c.source);
      writeFileSync(artifact, c.artifact);
      // parallelFrom 0: every file gets the helper; 5-byte reads split spans across reads.
      const got = await built.file.verifyUasFile(source, artifact, spec, { parallelFrom: 0, chunkSize: 5 });
      expect(got, c.family).toEqual(verifyUas(c.source, c.artifact, spec));
    }
  });

  it('find a tampered span among many, on a source the two threads split', async () => {
    const size = 3 << 20;
    const bytes = Buffer.alloc(size, 'The compiler never mutates raw content: “quoted” café 😀\r\n');
    const step = size / 96;
    const units = Array.from({ length: 96 }, (_, i) => {
      const [a, b] = [i * step, (i + 1) * step];
      const hash = i === 77 ? sha256Hex(Buffer.from('tampered')) : sha256Hex(bytes.subarray(a, b));
      return `<semantic_unit id="u${i + 1}" source_order="${i + 1}" surface_form="paragraph" source_span="bytes:${a}-${b}" span_sha256="${hash}" base_role="OBSERVATION" preservation_mode="SPAN_ONLY" weight="0.50" weight_modifiers=""/>`;
    });
    writeFileSync(join(dir, 'many.txt'), bytes);
    writeFileSync(
      join(dir, 'many.xml'),
      `<UAS_Document><source_manifest byte_length="${size}" root_sha256="${sha256Hex(bytes)}"/><concept_registry/><semantic_units>${units.join('')}</semantic_units><cognitive_map/><ambiguity_register/><validation_report/></UAS_Document>`,
    );
    for (let round = 0; round < 3; round++) {
      // The first round may start the helper; later rounds reuse the idle one.
      const v = await built.file.verifyUasFile(join(dir, 'many.txt'), join(dir, 'many.xml'), spec, {
        parallelFrom: 0,
        chunkSize: 1 << 16,
      });
      expect(v.findings.map((f) => [f.checkId, f.unitId])).toEqual([['VAL-SPAN-HASH', 'u78']]);
    }
  });

  it('leave to the main thread whatever a failing helper did not finish', async () => {
    const bytes = Buffer.from('0123456789abcdef'.repeat(64));
    const spans = Array.from({ length: 16 }, (_, i) => ({ start: i * 64, end: (i + 1) * 64 }));
    const jobs = built.jobs.spanJobs(spans);
    const w = built.helper.takeHelper();
    expect(w, 'a worker starts from the built modules').toBeDefined();
    // The helper cannot open this path: it reports failure and claims nothing more.
    const ok = await built.helper.runOnHelper(w!, {
      path: join(dir, 'missing.txt'),
      length: bytes.length,
      chunkSize: 16,
      jobs,
    });
    expect(ok).toBe(false);
    built.helper.releaseHelper(w!, ok);
    const hex = built.jobs.finishSpans(jobs, memorySource(bytes));
    expect(hex).toEqual(spans.map((s) => sha256Hex(bytes.subarray(s.start, s.end))));
  });
});
