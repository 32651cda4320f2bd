import { existsSync } from 'node:fs';
import { UsageError } from '../contract/errors.js';
import { EXPECTATIONS_FORMAT, type ExpectationsFile } from '../model/gate.js';
import { firstSchemaError, readJsonFile, schemaValidator } from './json-file.js';

/** Reads and validates an expectations file; every problem is one usage line (naming it `shown`). */
export function readExpectations(file: string, shown: string = file): ExpectationsFile {
  const data = readJsonFile(file, 'expectations file', shown);
  const validate = schemaValidator('expectations');
  if (!validate(data))
    throw new UsageError(`expectations file ${shown} is invalid: ${firstSchemaError(validate.errors)}`);
  return data as ExpectationsFile;
}

/** Reads an expectations file, or an empty one when `file` does not exist yet. */
export function readExpectationsOrEmpty(file: string, shown: string = file): ExpectationsFile {
  return existsSync(file) ? readExpectations(file, shown) : { format: EXPECTATIONS_FORMAT, expectations: [] };
}
