import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { httpsUrl, nonHttpsUri, relativeReference } from '../../../generators/error/https-url.js';
import { isAbsoluteHttpsUrl } from '../../../src/reference/error/https-url.js';

const params = { seed: 2026, numRuns: 300 };

/** The `uri` format the published schema asserts on human_review_url (D-ERR-01), as ajv-formats reads it. */
const isUri = fullFormats.uri as (s: string) => boolean;

describe('URL generators', () => {
  it('hand out absolute https URLs that pass the published uri format', () => {
    fc.assert(fc.property(httpsUrl(), (u) => isAbsoluteHttpsUrl(u) && isUri(u)), params);
  });

  it('hand out URIs that are not absolute https: D-ERR-06 violations the published schema still accepts', () => {
    fc.assert(fc.property(nonHttpsUri(), (u) => !isAbsoluteHttpsUrl(u) && isUri(u)), params);
  });

  it('hand out relative references, which the uri format rejects', () => {
    fc.assert(fc.property(relativeReference(), (u) => !isAbsoluteHttpsUrl(u) && !isUri(u)), params);
  });
});
