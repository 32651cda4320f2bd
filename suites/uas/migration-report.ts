import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-MIGRATION-REPORT: A legacy container is migrated and reported. */
export const migrationReport = verdictCheck({
  id: 'VAL-MIGRATION-REPORT',
  suite: 'uas',
  severity: 'MUST',
  title: 'A legacy container is migrated and reported',
  specRef: '003 §2.1 PHASE-02 Legacy Migration Detection',
  decisions: ['D-UAS-02', 'D-UAS-12'],
  statement:
    "When the source opens (within its first 4096 bytes) with a `<document>`, `<content_body>` or `<agent_ingestion_map>` element, the artifact's `<migration_report>` names that container; a report naming any other container, or an artifact whose root is still a legacy container, is a VAL-MIGRATION-REPORT finding (003 §2.1 PHASE-02; D-UAS-12).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-MIGRATION-REPORT'),
});
