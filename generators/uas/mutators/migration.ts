import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild, withChild } from './util.js';

/** Legacy containers (seed 003 PHASE-02, D-UAS-12) that reach the artifact without a migration report. */
export const migrationMutators: UasMutator[] = [
  uasMutator('legacy-no-report', 'VAL-MIGRATION-REPORT', (d, p) => {
    if (d.doc.migration) {
      // The source is a legacy container a verifier finds: its report is gone.
      return rebuild(d, (doc) => {
        doc.children = doc.children.filter((c) => c !== 'migration_report');
        delete doc.migration;
      }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
    }
    // A report claiming a migration from a container the source is not (or is past the bytes scanned).
    const name = choose(d.spec.legacyContainers, p[0])!;
    return rebuild(d, (doc) => {
      doc.children = withChild(doc.children, 'migration_report', d.spec);
      doc.migration = [name];
    }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
  }),
  uasMutator('legacy-root', 'VAL-MIGRATION-REPORT', (d, p) => {
    const name = d.source.legacy?.name ?? choose(d.spec.legacyContainers, p[0])!;
    return rebuild(d, (doc) => {
      doc.rootName = name;
    }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
  }),
];
