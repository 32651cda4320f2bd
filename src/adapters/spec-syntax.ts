/**
 * Adapter specs that name a command rather than a module. A module path never starts with one of
 * these prefixes (write `./cmd:x` for a file really called `cmd:x`), so the two forms cannot be
 * confused. Kept apart from the loader so that reading a command line loads no adapter code.
 */
export const COMMAND_PREFIX = 'cmd:';
export const UAS_VERIFY_PREFIX = 'uas-verify-cmd:';
