// Writes dist/build-stamp.json: the tool version and the digest of the code that makes and judges
// the cases (src/io/build-stamp.ts), so that every run of this build carries the same stamp.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_STAMP_FILE, codeDigest } from '../dist/src/io/build-stamp.js';
import { packageRoot, TOOL } from '../dist/src/io/package.js';

writeFileSync(join(packageRoot, BUILD_STAMP_FILE), `${JSON.stringify({ version: TOOL.version, code: codeDigest(packageRoot) }, null, 2)}\n`);
