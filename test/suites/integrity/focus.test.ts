import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { packCatalog } from '../../../src/api/catalog.js';
import { runChecks } from '../../../src/api/run.js';
import type { Adapter } from '../../../src/contract/adapter.js';
import { canonicalFeaturePlaces } from '../../../generators/envelope/features.js';
import { valueAt } from '../../helpers/json-pointer.js';

/** Canonical JSON with one slip of `slip`, hashed as the pinned rule does otherwise. */
function slippedChecksum(slip: 'code-point-keys' | 'python-numbers'): Adapter['computeChecksum'] {
  const codePoints = (a: string, b: string) => {
    const x = [...a].map((c) => c.codePointAt(0)!);
    const y = [...b].map((c) => c.codePointAt(0)!);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v).sort(slip === 'code-point-keys' ? codePoints : undefined);
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write((v as Record<string, unknown>)[k])}`).join(',')}}`;
    }
    // Python's repr of a float: a two-digit exponent (1e-07).
    if (typeof v === 'number' && slip === 'python-numbers') return JSON.stringify(v).replace(/e([+-])(\d)$/, 'e$10$2');
    return JSON.stringify(v);
  };
  return (packet: Record<string, unknown>) => {
    const { checksum: _c, ...integrity } = (packet.integrity ?? {}) as Record<string, unknown>;
    return `sha256:${createHash('sha256')
      .update(write({ ...packet, integrity }))
      .digest('hex')}`;
  };
}

const check = packCatalog().get('INT-CHECKSUM')!;

describe('INT-CHECKSUM names the values a canonicalization slip writes otherwise', () => {
  for (const [slip, feature] of [
    ['code-point-keys', 'utf16-key-order'],
    ['python-numbers', 'exponent-number'],
  ] as const) {
    it(`${slip}: the message names the place of the shrunk case that holds ${feature}`, async () => {
      const adapter: Adapter = { ...referenceAdapter, computeChecksum: slippedChecksum(slip) };
      const [r] = (await runChecks({ checks: [check], adapter, seed: 1, runs: 100 })).checks;
      expect(r!.status).toBe('failed');
      if (r!.status !== 'failed') return;
      const shown = r.failure.counterexample as { packet: unknown };
      const places = canonicalFeaturePlaces(shown.packet);
      const culprit = places.find((p) => p.feature === feature)!;
      expect(culprit).toBeDefined();
      expect(places.indexOf(culprit)).toBeLessThan(5);
      expect(r.failure.message).toContain(`/packet${culprit.at} (${feature})`);
      expect(valueAt(shown, `/packet${culprit.at}`)).not.toBeUndefined();
    });
  }
});
