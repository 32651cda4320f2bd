/**
 * Adapter specs that name a command rather than a module. A module path never starts with one of
 * these prefixes (write `./cmd:x` for a file really called `cmd:x`), so the two forms cannot be
 * confused. In the contract layer: the CLI reads them without loading adapter code, and reports name the kind of adapter with them.
 */
export const COMMAND_PREFIX = 'cmd:';
export const UAS_VERIFY_PREFIX = 'uas-verify-cmd:';
