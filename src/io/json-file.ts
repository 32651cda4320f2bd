import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { addFormats, ajv2020Class } from '../contract/dependency.js';
import { UsageError } from '../contract/errors.js';
import { READABLE_REPORT_FORMATS, REPORT_FORMAT, type Report } from '../model/report.js';
import { jsonProblem } from './json-text.js';
import { packageRoot } from './package.js';
import { readUserText } from './user-file.js';

const validators = new Map<string, ValidateFunction>();

/** A compiled validator for one of the package's schemas (`schemas/<name>.schema.json`). */
export function schemaValidator(name: string): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    const ajv = new (ajv2020Class())({ allErrors: false, strict: true });
    addFormats()(ajv);
    v = ajv.compile(JSON.parse(readFileSync(join(packageRoot, 'schemas', `${name}.schema.json`), 'utf8')));
    validators.set(name, v);
  }
  return v;
}

/** One line for the first schema error: where, and what. */
export function firstSchemaError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'does not match its schema';
  const where = e.instancePath || '/';
  if (e.keyword === 'additionalProperties')
    return `${where}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  return `${where}: ${e.message ?? 'is invalid'}`;
}

/**
 * Reads and parses a JSON file, or one usage line saying why not. `what` names it in messages, and
 * `shown` is the path as the user wrote it (default: `file`).
 */
export function readJsonFile(file: string, what: string, shown: string = file): unknown {
  const text = readUserText(file, what, shown);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${shown} is not valid JSON: ${jsonProblem(text, e)}`);
  }
}

/**
 * Reads a report.json and checks it against schemas/report.schema.json. Loads every format of
 * `READABLE_REPORT_FORMATS` into the one in-memory shape: an older report keeps its `format` and
 * simply lacks the fields later formats added (format 2: gate, expectations, environment; format
 * 3: failure reasons and params, not-judged counts), its summary counting 0 not-judged checks.
 */
export function readReport(file: string, shown: string = file): Report {
  const data = readJsonFile(file, 'report', shown);
  const format = (data as { format?: unknown } | null)?.format;
  if (!(READABLE_REPORT_FORMATS as readonly unknown[]).includes(format)) {
    throw new UsageError(
      `${shown} is not a uaix-conformance report (format ${JSON.stringify(format ?? null)}, expected ${REPORT_FORMAT} or an older ${READABLE_REPORT_FORMATS.filter((f) => f !== REPORT_FORMAT).join(', ')})`,
    );
  }
  const validate = schemaValidator('report');
  if (!validate(data)) throw new UsageError(`${shown} is not a valid report: ${firstSchemaError(validate.errors)}`);
  const report = data as Report;
  report.summary.notJudged ??= 0;
  return report;
}
