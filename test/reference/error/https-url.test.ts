import { describe, expect, it } from 'vitest';
import { isAbsoluteHttpsUrl } from '../../../src/reference/error/https-url.js';

describe('isAbsoluteHttpsUrl (D-ERR-06)', () => {
  it('accepts absolute https URLs with a host, path, query and fragment', () => {
    for (const u of ['https://auth.example.com/v1/renew', 'https://target.agent/x?y=1#z'])
      expect(isAbsoluteHttpsUrl(u), u).toBe(true);
  });

  it('holds URLs to the strict form: no other scheme, no userinfo, no lenient spellings WHATWG would repair', () => {
    for (const u of [
      'http://a.example',
      'https://',
      'https:a.example',
      ' https://a.example',
      'https://u:p@a.example/',
      '//a.example',
      'HTTPS://a.example',
    ]) {
      expect(isAbsoluteHttpsUrl(u), u).toBe(false);
    }
    expect(isAbsoluteHttpsUrl(42)).toBe(false);
  });
});
