// A deliberately small command-line UAS verifier: it checks only that the manifest's root_sha256
// is the SHA-256 of the source file. Usage: root-hash-only.mjs <source> <artifact>
// Exit 0 valid, 1 invalid (JSON verdict on stdout), 2 could not verify.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [source, artifact] = process.argv.slice(2);
let bytes, xml;
try {
  bytes = readFileSync(source);
  xml = readFileSync(artifact, 'utf8');
} catch (e) {
  process.stderr.write(`root-hash-only: ${e.message}\n`);
  process.exit(2);
}
const declared = /<source_manifest\b[^>]*\sroot_sha256\s*=\s*(["'])([0-9a-f]{64})\1/.exec(xml)?.[2];
const actual = createHash('sha256').update(bytes).digest('hex');
if (declared === actual) process.exit(0);
process.stdout.write(`${JSON.stringify({ valid: false, findings: [{ checkId: 'VAL-ROOT-HASH', message: `root is ${actual}` }] })}\n`);
process.exit(1);
