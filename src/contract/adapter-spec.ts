/**
 * Adapter specs that name a command rather than a module. A module path never starts with one of
 * these prefixes (write `./cmd:x` for a file really called `cmd:x`), so the two forms cannot be
 * confused. In the contract layer: the CLI reads them without loading adapter code, and reports name the kind of adapter with them.
 */
export const COMMAND_PREFIX = 'cmd:';
export const UAS_VERIFY_PREFIX = 'uas-verify-cmd:';

/**
 * What an adapter spec names: the bundled reference, a module file or folder, an adapter process, a
 * command-line UAS verifier, or a live service reached over HTTP (an `http://` or `https://` URL;
 * a module file whose path starts so is written `./http:...`).
 */
export type AdapterKind = 'reference' | 'module' | 'command' | 'uas-verify' | 'http';

/** The kind of adapter a spec names, as `loadAdapter` reads it. */
export function adapterKindOf(spec: string): AdapterKind {
  if (spec === 'reference') return 'reference';
  if (spec.startsWith(COMMAND_PREFIX)) return 'command';
  if (spec.startsWith(UAS_VERIFY_PREFIX)) return 'uas-verify';
  if (/^https?:\/\//i.test(spec)) return 'http';
  return 'module';
}
