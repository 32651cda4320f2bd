/**
 * The spec layer: the pinned decisions of `spec/*.json` as typed data. Nothing here reads a file or
 * keeps state: the bundled data arrives as JSON modules, and a user's `--spec-dir` overrides are
 * read by the io layer and merged here, into a new `SpecData` that the caller passes on explicitly
 * (to the generators through the checks' `arbitrary(spec)`, to the judges through the harness, to
 * the reference through `createReferenceAdapter(spec)`).
 */
import envelopeData from '../../spec/envelope.json' with { type: 'json' };
import errorData from '../../spec/error.json' with { type: 'json' };
import recoveryData from '../../spec/recovery.json' with { type: 'json' };
import uasData from '../../spec/uas.json' with { type: 'json' };
import type { EnvelopeSpec } from './envelope.js';
import type { ErrorSpec } from './error.js';
import type { RecoverySpec } from './recovery.js';
import type { UasSpec } from './uas.js';
import { UsageError } from '../contract/errors.js';

/** Every pinned decision the pack, its generators and its reference read. */
export interface SpecData {
  readonly envelope: EnvelopeSpec;
  readonly error: ErrorSpec;
  readonly recovery: RecoverySpec;
  readonly uas: UasSpec;
}

export type SpecName = keyof SpecData;

/** The spec files, by the name of their file in `spec/` (`envelope` is `spec/envelope.json`). */
export const SPEC_NAMES: readonly SpecName[] = Object.freeze(['envelope', 'error', 'recovery', 'uas']);

/** A user's overrides: per spec file, the top-level keys that replace the bundled ones. */
export type SpecOverrides = Partial<Record<SpecName, Record<string, unknown>>>;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const BUNDLED: SpecData = deepFreeze({
  envelope: envelopeData as unknown as EnvelopeSpec,
  error: errorData as unknown as ErrorSpec,
  recovery: recoveryData as unknown as RecoverySpec,
  uas: uasData as unknown as UasSpec,
});

/** The spec data the pack ships (`spec/*.json`), frozen. */
export function bundledSpec(): SpecData {
  return BUNDLED;
}

/**
 * The decisions of a spec file a user may override: its `$decisions` manifest, each overridable
 * top-level key with the ids of the decisions (docs/spec-decisions.md) it holds. A key not listed
 * states what a seed says, not a choice of the pack, and cannot be overridden.
 */
export function decisionKeys(name: SpecName): Readonly<Record<string, readonly string[]>> {
  return ((BUNDLED[name] as unknown as { $decisions?: Record<string, string[]> }).$decisions ?? {}) as Readonly<
    Record<string, readonly string[]>
  >;
}

/** The values a decision key may take, where the file lists them (`$choices`): a key with no list takes any value of its JSON type. */
export function decisionChoices(name: SpecName): Readonly<Record<string, readonly unknown[]>> {
  return ((BUNDLED[name] as unknown as { $choices?: Record<string, unknown[]> }).$choices ?? {}) as Readonly<
    Record<string, readonly unknown[]>
  >;
}

function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Null when `value` may replace the bundled value of decision `key` of `name`, else why not. */
function badValue(name: SpecName, key: string, value: unknown): string | null {
  const bundled = (BUNDLED[name] as unknown as Record<string, unknown>)[key];
  if (jsonType(value) !== jsonType(bundled))
    return `must be ${jsonType(bundled) === 'object' ? 'an object' : `a${jsonType(bundled) === 'array' ? 'n' : ''} ${jsonType(bundled)}`}, like the bundled value`;
  const choices = decisionChoices(name)[key];
  if (choices && !choices.some((c) => JSON.stringify(c) === JSON.stringify(value)))
    return `must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}, got ${JSON.stringify(value)}`;
  return null;
}

/**
 * A new spec: `base` with each override file's top-level keys replacing the base's keys of the same
 * name (a key left out keeps the bundled value). Only the keys of a file's `$decisions` may be
 * overridden; any other is refused. The result is frozen; `base` is left as it was.
 */
export function withOverrides(base: SpecData, overrides: SpecOverrides): SpecData {
  const out: Record<string, unknown> = {};
  for (const name of SPEC_NAMES) {
    const o = overrides[name];
    if (o !== undefined) {
      const allowed = decisionKeys(name);
      for (const key of Object.keys(o)) {
        if (key === '$comment') continue;
        if (!Object.hasOwn(allowed, key)) {
          throw new UsageError(
            `spec/${name}.json: "${key}" is not a decision of the pack and cannot be overridden (the decisions: ${Object.keys(allowed).join(', ') || 'none'})`,
          );
        }
        const bad = badValue(name, key, o[key]);
        if (bad) throw new UsageError(`spec/${name}.json: "${key}" ${bad}`);
      }
    }
    out[name] =
      o === undefined
        ? base[name]
        : deepFreeze({ ...(base[name] as unknown as Record<string, unknown>), ...structuredClone(o) });
  }
  return Object.freeze(out) as unknown as SpecData;
}
