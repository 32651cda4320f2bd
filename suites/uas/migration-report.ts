import { rejectionCheck } from './common.js';

/** VAL-MIGRATION-REPORT: A legacy container is migrated and reported. */
export const migrationReport = rejectionCheck({
  id: 'VAL-MIGRATION-REPORT',
  title: 'A legacy container is migrated and reported',
  specRef: '003 §2.1 PHASE-02 Legacy Migration Detection',
  decisions: ['D-UAS-12'],
});
