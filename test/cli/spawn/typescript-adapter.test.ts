import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDir } from '../../helpers/cli.js';

/**
 * A TypeScript adapter through the built, bundled CLI with tsx installed (the repository has it as
 * a dev dependency): tsx must be imported from where it is installed, never from a copy inside the
 * bundle, which looks for its loader and esbuild's binary beside the bundle and finds neither. The
 * adapter is written the NodeNext way: it imports `./expiry.js`, which exists only as `expiry.ts`.
 */
const REFERENCE = fileURLToPath(new URL('../../../dist/src/adapters/reference.js', import.meta.url));

function typeScriptAdapter(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'expiry.ts'), "export const EPOCH: string = '1970-01-01T00:00:00Z';\n");
  writeFileSync(
    join(dir, 'adapter.ts'),
    `import { referenceAdapter } from ${JSON.stringify(REFERENCE)};
import { EPOCH } from './expiry.js';
interface Described { name: string; version: string }
const described = (): Described => ({ name: 'expiry-blind-ts', version: '1.2.3' });
export default { ...referenceAdapter, describe: described, validateEnvelope: (payload: unknown) => referenceAdapter.validateEnvelope(payload, { now: EPOCH }) };
`,
  );
  return dir;
}

describe('a TypeScript adapter, through the built CLI', () => {
  it.each([[[]], [['--in-process']]])('loads, runs and is judged (%j)', (extra: string[]) => {
    const dir = typeScriptAdapter();
    const doctor = spawnCli(['doctor', '--adapter', './adapter.ts', ...extra], dir, {}, 60_000);
    expect(doctor.stdout + doctor.stderr).toContain('expiry-blind-ts 1.2.3');
    expect(doctor.stderr).not.toMatch(/cannot load adapter/);
    const r = spawnCli(
      ['--adapter', './adapter.ts', '--check', 'ENV-EXPIRED', '--runs', '5', '--seed', '4', '--no-reports', ...extra],
      dir,
      {},
      60_000,
    );
    expect(r.stderr).not.toMatch(/cannot load adapter/);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^FAIL ENV-EXPIRED \[MUST\]/m);
  });
});
