import { uasSpec } from '../../../src/spec/uas.js';
import { choose, type Mutator } from '../mutation.js';
import { rebuild } from './util.js';

/** Legacy containers (seed 003 PHASE-02) that reach the artifact without a migration report. */
export const migrationMutators: Mutator[] = [
  {
    family: 'legacy-no-report',
    breaks: 'VAL-MIGRATION-REPORT',
    apply(d, p) {
      const spec = uasSpec();
      if (d.source.legacy) {
        return rebuild(d, 'legacy-no-report', (doc) => {
          doc.children = doc.children.filter((c) => c !== 'migration_report');
          delete doc.migration;
        }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
      }
      // A report claiming a migration from a container the source is not.
      const name = choose(spec.legacyContainers, p[0])!;
      return rebuild(d, 'legacy-no-report', (doc) => {
        doc.children = [doc.children[0], 'migration_report', ...doc.children.slice(1)];
        doc.migration = [name];
      }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
    },
  },
  {
    family: 'legacy-root',
    breaks: 'VAL-MIGRATION-REPORT',
    apply(d, p) {
      const name = d.source.legacy ?? choose(uasSpec().legacyContainers, p[0])!;
      return rebuild(d, 'legacy-root', (doc) => {
        doc.rootName = name;
      }, [{ checkId: 'VAL-MIGRATION-REPORT' }]);
    },
  },
];
