import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/io/package.js';

/** The native verifier built for this run, or why the native comparison is skipped. */
export type NativeBuild = { ok: true; path: string } | { ok: false; skipped: string };

/** The C source of the native verifier, repository-relative (the bench runs in a checkout, never from the package). */
export const NATIVE_SOURCE = 'bench/uas-native/verify.c';

/**
 * Compiles `bench/uas-native/verify.c` into `outDir` with the system compiler (`$CC`, else `cc`),
 * OpenSSL's libcrypto and expat. Never throws: a missing compiler, header or library becomes the
 * one-line reason the bench prints when it skips the comparison.
 */
export function buildNativeVerifier(outDir: string): NativeBuild {
  const source = join(packageRoot, NATIVE_SOURCE);
  if (!existsSync(source)) return { ok: false, skipped: `${NATIVE_SOURCE} is not in this checkout` };
  const cc = process.env.CC || 'cc';
  const out = join(outDir, 'uas-native-verify');
  const r = spawnSync(cc, ['-O2', '-o', out, source, '-lcrypto', '-lexpat', '-lpthread'], { encoding: 'utf8' });
  if (r.error)
    return {
      ok: false,
      skipped: `no C compiler: ${cc} ${(r.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is not installed' : `failed to start (${r.error.message})`}`,
    };
  if (r.status !== 0)
    return {
      ok: false,
      skipped: `${cc} cannot build ${NATIVE_SOURCE} (OpenSSL and expat headers and libraries are needed): ${firstError(r.stderr)}`,
    };
  return { ok: true, path: out };
}

/** The compiler's first error line (a missing header, an unresolved -l), else its first line. */
function firstError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.find((l) => /error|cannot find|not found/i.test(l)) ?? lines[0] ?? 'no message';
}
