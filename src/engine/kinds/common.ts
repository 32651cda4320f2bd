import type fc from 'fast-check';
import type { SpecData } from '../../spec/index.js';
import type { CheckDefinition, FixtureCodec } from '../check.js';

/**
 * What every check states about itself, whatever its kind: the part of a check a suite writes as
 * prose. `suite` is the suite's name (`envelope`, `integrity`, `wire`, `error`, `recovery`, `uas`).
 */
export type CheckMeta = Pick<CheckDefinition, 'id' | 'title' | 'suite' | 'severity' | 'specRef' | 'statement'> & {
  /** Spec decisions (ids in docs/spec-decisions.md) the check relies on. */
  decisions: readonly string[];
};

/**
 * A check's cases, and how reports see them: what a suite supplies, as data, to every kind of check.
 * `arbitrary` draws from the run's spec data; `reach` lists the evidence tags a default run must
 * show; `tags`, `show` and `focus` describe a case; `fixture` makes cases portable.
 */
export interface CaseSet<T> {
  arbitrary(spec: SpecData): fc.Arbitrary<T>;
  reach?(spec: SpecData): readonly string[];
  tags?(c: T): string[];
  show?(c: T): unknown;
  focus?(c: T): string | undefined;
  fixture?: FixtureCodec<T>;
}

/** The definition fields of a check that come from its meta and its case set. */
export function fromMetaAndCases<T>(
  meta: CheckMeta,
  cases: CaseSet<T>,
): Omit<CheckDefinition<T>, 'requires' | 'run' | 'messages' | 'claim'> {
  return {
    id: meta.id,
    title: meta.title,
    suite: meta.suite,
    severity: meta.severity,
    specRef: meta.specRef,
    statement: meta.statement,
    decisions: [...meta.decisions],
    arbitrary: (spec) => cases.arbitrary(spec),
    ...(cases.show ? { show: (c: T) => cases.show!(c) } : {}),
    ...(cases.focus ? { focus: (c: T) => cases.focus!(c) } : {}),
    ...(cases.tags ? { tags: (c: T) => cases.tags!(c) } : {}),
    ...(cases.reach ? { reach: (spec: SpecData) => cases.reach!(spec) } : {}),
    ...(cases.fixture ? { fixture: cases.fixture } : {}),
  };
}
