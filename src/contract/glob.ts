import { picomatchOf } from './dependency.js';

/** A pattern without a glob character: a check ID or a name, matched as it is. */
const PLAIN = /^[A-Za-z0-9_-]+$/;

/**
 * The matcher of a check pattern (`--check`, an expectations entry): picomatch's glob syntax, with a
 * plain name compared as it is, which is what picomatch does with it, without loading picomatch.
 */
export function checkMatcher(pattern: string): (id: string) => boolean {
  if (PLAIN.test(pattern)) return (id) => id === pattern;
  const isMatch = picomatchOf()(pattern);
  // One argument only: picomatch's matcher returns an object (always truthy) when given a second.
  return (id) => isMatch(id);
}
