/**
 * Writes the session transcripts into docs/recovery-contract.md (between their markers) from real
 * sessions of the reference agent: `npx tsx test/suites/recovery/write-transcripts.ts`. The test
 * `contract-doc.test.ts` fails whenever the document and the sessions part.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderTranscript, transcriptCases, withTranscript } from './transcripts.js';

const file = new URL('../../../docs/recovery-contract.md', import.meta.url);
let doc = readFileSync(file, 'utf8');
for (const t of transcriptCases()) doc = withTranscript(doc, t.name, await renderTranscript(t.case));
writeFileSync(file, doc);
