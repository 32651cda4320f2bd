import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-ROOT-HASH: The root SHA-256 is the SHA-256 of the source bytes. */
export const rootHash = verdictCheck({
  id: 'VAL-ROOT-HASH',
  suite: 'uas',
  severity: 'MUST',
  title: 'The root SHA-256 is the SHA-256 of the source bytes',
  specRef: '003 §3.2 Authoritative Root SHA-256',
  decisions: ['D-UAS-02', 'D-UAS-09'],
  statement:
    "`source_manifest/@root_sha256` is the SHA-256 of the whole source as 64 hex digits, and `@byte_length`, when present, is the source's length in bytes (003 §3.2 Authoritative Root SHA-256; D-UAS-09).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-ROOT-HASH'),
});
