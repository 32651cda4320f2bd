import { IssueList } from './issues.js';
import { readArtifact, type UasModel, type UnitInfo } from './model.js';
import { checkGraph } from './rules-graph.js';
import { checkSpans } from './rules-spans.js';
import { checkTaxonomy } from './rules-taxonomy.js';
import { checkMigration } from './source.js';
import type { UasSpec } from '../../spec/uas.js';
import { checkWeights } from './weights.js';

/** What the artifact alone says, given the source's length and legacy container. */
export interface ArtifactAnalysis {
  issues: IssueList;
  /** Absent when the artifact is not a `<UAS_Document>` that can be read. */
  model?: UasModel;
  /** Units whose spans lie inside the source: their bytes are hashed and compared next. */
  readable: UnitInfo[];
}

/**
 * Every rule that needs only the artifact (plus the source length and legacy container), in the
 * pinned precedence (D-UAS-03): a document that is not well-formed, or not a `<UAS_Document>`,
 * gets that one finding and nothing else.
 */
export function analyzeArtifact(
  artifact: string,
  spec: UasSpec,
  sourceLength: number,
  legacy: string | undefined,
): ArtifactAnalysis {
  const issues = new IssueList();
  const xml = readArtifact(artifact, spec);
  if (!xml.ok) {
    issues.add({
      checkId: 'VAL-XML-WELL-FORMED',
      ref: 'UAS_Document',
      token: '',
      message: `the artifact is not well-formed XML: ${xml.message}`,
      instruction: 'Escape &, < and > in text as &amp; &lt; &gt;, balance every tag, and emit the whole document.',
    });
    return { issues, readable: [] };
  }
  const root = xml.rootName;
  if (spec.legacyContainers.includes(root)) {
    issues.add({
      checkId: 'VAL-MIGRATION-REPORT',
      ref: root,
      token: root,
      message: `the artifact is a legacy <${root}> container, not a migrated <${spec.rootElement}>`,
      instruction: `Migrate <${root}> to <${spec.rootElement}> and record it in <migration_report>.`,
    });
    return { issues, readable: [] };
  }
  if (root !== spec.rootElement) {
    issues.add({
      checkId: 'VAL-ELEMENT-ORDER',
      ref: root,
      token: root,
      message: `the root element is <${root}>, not <${spec.rootElement}>`,
    });
    return { issues, readable: [] };
  }
  const model = xml.model;
  for (const i of xml.structure) issues.add(i);
  checkTaxonomy(model, spec, issues);
  const sound = checkGraph(model, spec, issues);
  const readable = checkSpans(model, sourceLength, issues);
  checkWeights(model, spec, sound, issues);
  checkMigration(model, legacy, spec, issues);
  return { issues, model, readable };
}
