/** A mistake in how the tool was called (bad option, unknown check, unloadable adapter): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
