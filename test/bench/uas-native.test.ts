import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNativeVerifier, NATIVE_SOURCE, type NativeBuild } from '../../bench/uas-native/build.js';
import { checkAgreement, findingLine, nativeVerifier, type SpawnedVerifier } from '../../bench/uas-native/compare.js';
import { uasCaseBreaking, uasValidCase } from '../../generators/uas/cases.js';
import { verifyUas } from '../../src/reference/uas/verify.js';
import { bundledSpec } from '../../src/spec/index.js';

const spec = bundledSpec().uas;
let dir: string;
let build: NativeBuild;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uas-native-'));
  build = buildNativeVerifier(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rules the native baseline checks: the hash lock, which is all the bench's inputs exercise. */
const NATIVE_RULES = ['VAL-ROOT-HASH', 'VAL-SPAN-HASH', 'VAL-VERBATIM'] as const;

describe("the bench's native verifier (bench/uas-native/verify.c)", () => {
  it('gives the hash-lock findings of the reference verifier on generated cases', (ctx) => {
    if (!build.ok) return ctx.skip(build.skipped);
    const cases = [uasValidCase(spec), ...NATIVE_RULES.map((id) => uasCaseBreaking(id, spec))].flatMap((arb, i) =>
      fc.sample(arb, { seed: 16 + i, numRuns: 12 }),
    );
    for (const [i, c] of cases.entries()) {
      const [source, artifact] = [join(dir, `c${i}.txt`), join(dir, `c${i}.xml`)];
      writeFileSync(source, c.source);
      writeFileSync(artifact, c.artifact);
      const r = spawnSync(build.path, [source, artifact], { encoding: 'utf8' });
      const reference = verifyUas(c.source, c.artifact, spec);
      expect(
        reference.findings.map((f) => f.checkId).every((id) => (NATIVE_RULES as readonly string[]).includes(id)),
        c.family,
      ).toBe(true);
      expect(
        {
          status: r.status,
          findings: r.stdout
            .split('\n')
            .filter((l) => l !== '')
            .sort(),
        },
        c.family,
      ).toEqual({ status: reference.valid ? 0 : 1, findings: reference.findings.map(findingLine).sort() });
    }
  });

  it('stops the bench when the baseline and uas-verify disagree, naming the case', (ctx) => {
    if (!build.ok) return ctx.skip(build.skipped);
    const [valid] = fc.sample(uasValidCase(spec), { seed: 3, numRuns: 1 });
    const [broken] = fc.sample(uasCaseBreaking('VAL-SPAN-HASH', spec), { seed: 3, numRuns: 1 });
    const files = [valid!, broken!].map((c, i) => {
      const [source, artifact] = [join(dir, `agree${i}.txt`), join(dir, `agree${i}.xml`)];
      writeFileSync(source, c.source);
      writeFileSync(artifact, c.artifact);
      return { source, artifact };
    });
    const cases = [
      { label: 'a valid case', ...files[0]!, expected: 0 as const },
      { label: 'a tampered span hash', ...files[1]!, expected: 1 as const },
    ];
    const native = nativeVerifier(build.path);
    expect(() => checkAgreement([native, native], cases)).not.toThrow();
    // A baseline that skips the work: it exits 0 on anything.
    const lazy: SpawnedVerifier = {
      name: 'lazy verifier',
      argv: () => ['true'],
      said: (status) => ({ status, findings: [] }),
    };
    const expected = verifyUas(broken!.source, broken!.artifact, spec).findings.map(findingLine).sort().join('; ');
    expect(() => checkAgreement([native, lazy], cases)).toThrow(
      `UAS bench: lazy verifier and native verifier disagree on a tampered span hash (expected exit 1): native verifier exit 1, ${expected}; lazy verifier exit 0. A baseline that does less work is no baseline: fix it before timing.`,
    );
  });

  it('is skipped with one line saying why when there is no compiler', () => {
    const saved = process.env.CC;
    process.env.CC = join(dir, 'no-such-cc');
    try {
      expect(buildNativeVerifier(dir)).toEqual({
        ok: false,
        skipped: `no C compiler: ${join(dir, 'no-such-cc')} is not installed`,
      });
    } finally {
      if (saved === undefined) delete process.env.CC;
      else process.env.CC = saved;
    }
  });

  it('is skipped with the compiler error when it cannot be built', () => {
    const saved = process.env.CC;
    // A "compiler" that fails as cc does on a missing header.
    const cc = join(dir, 'fake-cc.sh');
    writeFileSync(
      cc,
      '#!/bin/sh\necho "verify.c:20:10: fatal error: expat.h: No such file or directory" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    process.env.CC = cc;
    try {
      expect(buildNativeVerifier(dir)).toEqual({
        ok: false,
        skipped: `${cc} cannot build ${NATIVE_SOURCE} (OpenSSL and expat headers and libraries are needed): verify.c:20:10: fatal error: expat.h: No such file or directory`,
      });
    } finally {
      if (saved === undefined) delete process.env.CC;
      else process.env.CC = saved;
    }
  });
});
