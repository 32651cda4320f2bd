/**
 * uaix-conformance: the public API. The CLI is a thin layer over these exports, so everything it
 * does can also be done from code.
 */
export type { Adapter, AdapterCapability, AdapterExport, AdapterInfo, CapabilityLevel, Finding, UasFinding, UasVerdict, ValidationContext, Verdict } from './core/types.js';
export type * from './core/recovery-types.js';
export type { CaseResult, CheckDefinition, CheckStatus, Harness, Severity } from './core/check.js';
export { AdapterFault, defineCheck, fail, PASS } from './core/check.js';
export type { CheckReport, ErrorRecord, Evidence, FailureRecord, Report, Summary } from './core/report.js';
export { REPORT_FORMAT, summarize } from './core/report.js';
export { Catalog, CatalogError } from './core/catalog.js';
export { UsageError } from './core/errors.js';
export { runChecks, runCheck, hashCatalog, replayCommand, DEFAULT_NOW, DEFAULT_TIMEOUT_MS, type RunOptions } from './core/runner.js';
export { checkSeed } from './core/seed.js';
export { loadAdapterModule } from './core/load-adapter.js';
export { setSpecOverrideDir, loadSpecData } from './core/spec-data.js';
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
export { mergeReports } from './core/merge.js';
export { diffReports, renderDiffMarkdown, type ReportDiff, type DiffEntry } from './core/diff.js';
export { evaluateGate, readExpectations, updateExpectations, renderGate, EXPECTATIONS_FORMAT, type Expectation, type ExpectationsFile, type GateResult } from './core/expectations.js';
export { replayCase, caseAt, type ReplayOutcome } from './core/replay.js';
export { fixtureBytes, encodeCase, readFixtureDir, FIXTURE_FORMAT, type FixtureRecord, type FixtureSet } from './core/fixtures.js';
export type { FixtureCase, FixtureCodec } from './core/check.js';
export { parseShard, CHUNK_RUNS, type ShardSpec } from './core/shard.js';
export { compactPath, expandPath } from './core/path.js';
