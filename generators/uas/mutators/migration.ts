import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild } from './util.js';

/** Legacy containers (seed 003 PHASE-02) that reach the artifact without a migration report. */
export const migrationMutators: UasMutator[] = [
  uasMutator('legacy-no-report', 'VAL-MIGRATION-REPORT', (d, p) => {
    if (d.source.legacy) {
      return rebuild(d, (doc) => {
        doc.children = doc.children.filter((c) => c !== 'migration_report');
        delete doc.migration;
      }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
    }
    // A report claiming a migration from a container the source is not.
    const name = choose(d.spec.legacyContainers, p[0])!;
    return rebuild(d, (doc) => {
      doc.children = [doc.children[0], 'migration_report', ...doc.children.slice(1)];
      doc.migration = [name];
    }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
  }),
  uasMutator('legacy-root', 'VAL-MIGRATION-REPORT', (d, p) => {
    const name = d.source.legacy ?? choose(d.spec.legacyContainers, p[0])!;
    return rebuild(d, (doc) => {
      doc.rootName = name;
    }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
  }),
];
