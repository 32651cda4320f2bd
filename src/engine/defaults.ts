/**
 * Defaults of a run that the command line needs before it loads the runner (a usage error loads no
 * suite, generator or fast-check); the runner takes them from here.
 */

/** Shrink time per check chunk when a run names none: then the best counterexample so far is reported. */
export const DEFAULT_SHRINK_BUDGET_MS = 30_000;
