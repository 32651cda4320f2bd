import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  httpsUrl,
  nonHttpsUri,
  relativeReference,
  repairedHttpsUrl,
  unparsableHostUrl,
  upperSchemeUrl,
  userinfoUrl,
} from '../../../generators/error/https-url.js';
import { isAbsoluteHttpsUrl } from '../../../src/reference/error/https-url.js';

const params = { seed: 2026, numRuns: 300 };

/** The `uri` format the published schema asserts on human_review_url (D-ERR-01), as ajv-formats reads it. */
const isUri = fullFormats.uri as (s: string) => boolean;

describe('URL generators', () => {
  it('hand out absolute https URLs that pass the published uri format', () => {
    fc.assert(
      fc.property(httpsUrl(), (u) => isAbsoluteHttpsUrl(u) && isUri(u)),
      params,
    );
  });

  it('hand out URIs that are not absolute https: D-ERR-06 violations the published schema still accepts', () => {
    fc.assert(
      fc.property(nonHttpsUri(), (u) => !isAbsoluteHttpsUrl(u) && isUri(u)),
      params,
    );
  });

  it('hand out relative references, which the uri format rejects', () => {
    fc.assert(
      fc.property(relativeReference(), (u) => !isAbsoluteHttpsUrl(u) && !isUri(u)),
      params,
    );
  });

  it('hand out the D-ERR-06 near misses, each rejected by the reference', () => {
    for (const arb of [repairedHttpsUrl(), userinfoUrl(), upperSchemeUrl()])
      fc.assert(
        fc.property(arb, (u) => !isAbsoluteHttpsUrl(u)),
        params,
      );
  });

  it('hand out hosts no parser accepts written as an https URL: the text alone passes, parsing fails', () => {
    fc.assert(
      fc.property(
        unparsableHostUrl(),
        (u) => /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/.test(u) && !URL.canParse(u) && !isAbsoluteHttpsUrl(u),
      ),
      params,
    );
  });

  it('hand out a one-letter host too (a host is one character or more)', () => {
    expect(fc.sample(httpsUrl(), { seed: 1, numRuns: 300 }).some((u) => u.startsWith('https://x/'))).toBe(true);
  });
});
