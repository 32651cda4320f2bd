import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../spec/data.js';

/** This package's name and version, from its package.json. */
export const TOOL: { name: string; version: string } = (() => {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
})();
