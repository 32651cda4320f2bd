// `npm run build`, first step: dist/ is made anew, so that a module whose source was removed or
// renamed leaves nothing behind that could still be imported, shipped or mapped.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

rmSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'), { recursive: true, force: true });
