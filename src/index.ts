/**
 * uaix-conformance: the public API. The CLI is a thin layer over these exports, so everything it
 * does can also be done from code.
 */
export type { Adapter, AdapterCapability, AdapterExport, AdapterInfo, CapabilityLevel, Finding, UasFinding, UasVerdict, ValidationContext, Verdict } from './contract/adapter.js';
export type * from './contract/recovery.js';
export type { CaseResult, CheckDefinition, CheckStatus, Harness, Severity } from './engine/check.js';
export { AdapterFault, defineCheck, fail, PASS } from './engine/check.js';
export type { CheckReport, ErrorRecord, Evidence, FailureRecord, Report, Summary } from './model/report.js';
export { REPORT_FORMAT, summarize } from './model/report.js';
export { Catalog, CatalogError } from './engine/catalog.js';
export { UsageError } from './contract/errors.js';
export { runChecks, runCheck, hashCatalog, replayCommand, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, type RunOptions } from './engine/runner.js';
export { checkSeed } from './engine/seed.js';
export { loadAdapterModule } from './adapters/module.js';
export { setSpecOverrideDir, loadSpecData } from './spec/data.js';
export { referenceAdapter } from './reference/index.js';
export { allChecks } from '../suites/index.js';
export { renderJson } from './reporters/json.js';
export { renderJunit } from './reporters/junit.js';
export { renderSummary } from './reporters/terminal.js';
export { renderHtml } from './reporters/html.js';
export { renderMarkdown } from './reporters/markdown.js';
export { renderBadge, badgeOf, type EndpointBadge } from './reporters/badge.js';
export type { ReportRenderer } from './reporters/reporter.js';
export { writeReports } from './reporters/write.js';
export { mergeReports } from './model/merge.js';
export { diffReports, renderDiffMarkdown, type ReportDiff, type DiffEntry } from './model/diff.js';
export { evaluateGate, readExpectations, updateExpectations, renderGate, EXPECTATIONS_FORMAT, type Expectation, type ExpectationsFile, type GateResult } from './model/gate.js';
export { replayCase, caseAt, type ReplayOutcome } from './engine/replay.js';
export { fixtureBytes, encodeCase, readFixtureDir, FIXTURE_FORMAT, type FixtureRecord, type FixtureSet } from './model/fixtures.js';
export type { FixtureCase, FixtureCodec } from './engine/check.js';
export { parseShard, CHUNK_RUNS, type ShardSpec } from './engine/chunks.js';
export { compactPath, expandPath } from './engine/path.js';
