import { UsageError } from '../contract/errors.js';
import { readDecisionSummaries } from '../io/decisions-doc.js';
import { bundledSpec, decisionKeys, SPEC_NAMES } from '../spec/index.js';
import { packCatalog } from './catalog.js';

/** One decision a check relies on: what it says, and how a user overrides it (or that they cannot). */
export interface ExplainedDecision {
  id: string;
  summary: string;
  /** The spec files' top-level keys that hold it (`spec/envelope.json` `expiry`); empty: not overridable. */
  overrideKeys: { file: string; key: string }[];
}

/** Everything an implementer needs to know about one check, without reading the code. */
export interface CheckExplanation {
  id: string;
  title: string;
  suite: string;
  severity: string;
  statement: string;
  specRef: string;
  requires: string[];
  decisions: ExplainedDecision[];
  /**
   * The ways the check breaks its rule that every default run (100 cases) draws: mutation families
   * (`family:<name>`) and variants that expose another bug class. Empty for a check that draws one
   * kind of case.
   */
  reach: string[];
}

/** Where each decision id can be overridden: the spec files' `$decisions` manifests, inverted. */
function overrideKeysById(): Map<string, { file: string; key: string }[]> {
  const out = new Map<string, { file: string; key: string }[]>();
  for (const name of SPEC_NAMES) {
    for (const [key, ids] of Object.entries(decisionKeys(name))) {
      for (const id of ids) out.set(id, [...(out.get(id) ?? []), { file: `spec/${name}.json`, key }]);
    }
  }
  return out;
}

/** The explanation of the check `id`: its statement, seed reference, members, and its decisions with their override keys. */
export function explainCheck(id: string): CheckExplanation {
  const check = packCatalog().get(id);
  if (!check) throw new UsageError(`no check ${id} in this catalog (see: uaix-conformance list)`);
  const summaries = readDecisionSummaries();
  const keys = overrideKeysById();
  return {
    id: check.id,
    title: check.title,
    suite: check.suite,
    severity: check.severity,
    statement: check.statement,
    specRef: check.specRef,
    requires: [...check.requires],
    decisions: (check.decisions ?? []).map((d) => ({
      id: d,
      summary: summaries.get(d) ?? '',
      overrideKeys: keys.get(d) ?? [],
    })),
    reach: [...(check.reach?.(bundledSpec()) ?? [])],
  };
}
