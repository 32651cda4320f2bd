// A deliberately small command-line UAS verifier: it checks only the source manifest, that is that
// root_sha256 is the SHA-256 of the source file (hex digits in any case, D-UAS-09) and that
// byte_length, where there is one, is its length in bytes as plain decimal digits.
// Usage: root-hash-only.mjs <source> <artifact>
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
const manifest = /<source_manifest\b[^>]*>/.exec(xml)?.[0] ?? '';
const attribute = (name) => new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`).exec(manifest)?.[2];
const declared = attribute('root_sha256');
const length = attribute('byte_length');
const actual = createHash('sha256').update(bytes).digest('hex');
const hashOk = declared !== undefined && /^[0-9a-fA-F]{64}$/.test(declared) && declared.toLowerCase() === actual;
const lengthOk = length === undefined || length === String(bytes.length);
if (hashOk && lengthOk) process.exit(0);
const message = hashOk ? `byte_length is ${bytes.length}` : `root is ${actual}`;
process.stdout.write(`${JSON.stringify({ valid: false, findings: [{ checkId: 'VAL-ROOT-HASH', message }] })}\n`);
process.exit(1);
