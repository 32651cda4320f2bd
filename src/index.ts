/**
 * uaix-conformance: the public API. The CLI is a thin layer over these exports, so everything it
 * does can also be done from code.
 */
export type {
  Adapter,
  AdapterMember,
  AdapterExport,
  AdapterInfo,
  CapabilityLevel,
  Finding,
  UasFinding,
  UasVerdict,
  ValidationContext,
  Verdict,
} from './contract/adapter.js';
export { ADAPTER_MEMBERS, missingMembers } from './contract/adapter.js';
export type * from './contract/recovery.js';
export { UsageError } from './contract/errors.js';
export type {
  CaseResult,
  CheckDefinition,
  CheckStatus,
  FixtureCodec,
  Harness,
  InvokeOptions,
  Severity,
} from './engine/check.js';
export { AdapterFault, defineCheck, failed, notJudged, PASS } from './engine/check.js';
export { Catalog, CatalogError } from './engine/catalog.js';
export { executeCase, type CaseOutcome } from './engine/execute.js';
export { DEFAULT_NOW, DEFAULT_TIMEOUT_MS } from './engine/harness.js';
export { runCheck, type RunListener } from './engine/runner.js';
export { replayCase, caseAt, replayCommand, type ReplayOutcome } from './engine/replay.js';
export { checkSeed } from './engine/seed.js';
export { parseShard, CHUNK_RUNS, type ShardSpec } from './engine/chunks.js';
export { compactPath, expandPath } from './engine/path.js';
export { catalogStamp, specDigest, type BuildStamp } from './engine/stamp.js';
export type {
  CheckReport,
  CheckExpectation,
  Environment,
  ErrorRecord,
  Evidence,
  FailureRecord,
  GateRecord,
  Report,
  ReportFormat,
  Summary,
  PassedCheck,
  FailedCheck,
  ErroredCheck,
  SkippedCheck,
} from './model/report.js';
export { READABLE_REPORT_FORMATS, REPORT_FORMAT, summarize, problemOf } from './model/report.js';
export { verdictOf, type RunVerdict } from './model/verdict.js';
export { mergeReports } from './model/merge.js';
export { diffReports, type ReportDiff, type DiffEntry } from './model/diff.js';
export {
  evaluateGate,
  gateReport,
  updateExpectations,
  EXPECTATIONS_FORMAT,
  type Expectation,
  type ExpectationsFile,
  type GateResult,
} from './model/gate.js';
export {
  fixtureBytes,
  encodeCase,
  FIXTURE_FORMAT,
  type FixtureCase,
  type FixtureRecord,
  type FixtureSet,
} from './model/fixtures.js';
export {
  bundledSpec,
  withOverrides,
  SPEC_NAMES,
  type SpecData,
  type SpecName,
  type SpecOverrides,
} from './spec/index.js';
export { loadSpec, readSpecOverrides } from './io/spec-files.js';
export { readExpectations } from './io/expectations-file.js';
export { readFixtureDir } from './io/fixture-files.js';
export { readReport } from './io/json-file.js';
export { createReferenceAdapter } from './reference/index.js';
export { referenceAdapter } from './adapters/reference.js';
export { loadAdapter, closeAdapter, abortAdapter } from './adapters/load.js';
export { loadAdapterModule } from './adapters/module.js';
export { renderJson } from './reporters/json.js';
export { renderJunit } from './reporters/junit.js';
export { renderSummary } from './reporters/terminal.js';
export { FAILURE_FORMAT, type FailureFile } from './reporters/failure-file.js';
export { renderHtml } from './reporters/html.js';
export { renderMarkdown } from './reporters/markdown.js';
export { renderBadge, badgeOf, type EndpointBadge } from './reporters/badge.js';
export { renderDiffMarkdown } from './reporters/diff-markdown.js';
export { renderGate } from './reporters/gate-text.js';
export {
  FILE_REPORTERS,
  REPORTERS,
  renderReportFiles,
  writeReports,
  createProgressReporter,
  type FileReporter,
  type Reporter,
} from './reporters/index.js';
export { packCatalog, stampOf } from './api/catalog.js';
export {
  hostEnvironment,
  runChecks,
  runPack,
  type PackExpectations,
  type RunOptions,
  type PackOptions,
  type PackRun,
} from './api/run.js';
export { allChecks } from '../suites/index.js';
