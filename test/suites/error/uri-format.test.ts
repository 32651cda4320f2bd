import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import { caseAt } from '../../../src/engine/replay.js';
import { createReferenceAdapter } from '../../../src/reference/index.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { MUTATION_RUN } from '../../mutation/reference-checks.js';

/**
 * Four survivors of the error domain's mutation run (`src/reference/error/schema.ts` 48:77
 * `validateFormats: false`, 51:20 `asserted = []`, 51:38 the asserted filter `() => undefined`, 54:30
 * every format declared annotation-only) make one validator: `uri` never asserts, so a
 * human_review_url that is no RFC 3986 URI passes ERR-SCHEMA (the https formats they also switch off
 * are checked again by ERR-EXEC-PARAMS). They run once, when the validators are compiled, which in a
 * mutation run happens inside the first check only, so Stryker's per-test coverage runs those mutants
 * against ERR-VALID-ACCEPTED alone. The checks do catch them: ERR-SCHEMA's `uri-*` families fail
 * that validator at the default run.
 */
const spec = bundledSpec();
const check = packCatalog().get('ERR-SCHEMA')!;

describe('ERR-SCHEMA catches a validator whose uri format does not assert', () => {
  it('fails it at the default run, on a case of a uri family', async () => {
    const noUri = createReferenceAdapter(
      withOverrides(spec, { error: { formats: { ...spec.error.formats, asserted: [] } } }),
      { version: '0' },
    );
    const [r] = (
      await runChecks({ checks: [check], adapter: noUri, ...MUTATION_RUN, adapterSpec: './broken', verdictOnly: true })
    ).checks;
    expect(r!.status).toBe('failed');
    if (r!.status !== 'failed') return;
    const failing = caseAt(check, spec, MUTATION_RUN.seed, MUTATION_RUN.runs, r!.failure.path);
    expect(check.tags!(failing).filter((t) => t.startsWith('family:uri-'))).toHaveLength(1);
  });
});
