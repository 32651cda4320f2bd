// Writes dist/build-stamp.json: the tool version and the digest of the code that makes and judges
// the cases (src/io/build-stamp.ts), so that every run of this build carries the same stamp; and
// dist/catalog-listing.json, what `list` prints (src/api/listing.ts), so that it loads no suite.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_STAMP_FILE, codeDigest } from '../dist/src/io/build-stamp.js';
import { packageRoot, TOOL } from '../dist/src/io/package.js';
import { packCatalog } from '../dist/src/api/catalog.js';
import { LISTING_FILE, listingOf } from '../dist/src/api/listing.js';

writeFileSync(
  join(packageRoot, BUILD_STAMP_FILE),
  `${JSON.stringify({ version: TOOL.version, code: codeDigest(packageRoot) }, null, 2)}\n`,
);
writeFileSync(join(packageRoot, LISTING_FILE), `${JSON.stringify(listingOf(packCatalog().checks), null, 2)}\n`);
