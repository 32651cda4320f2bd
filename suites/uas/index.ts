import type { CheckDefinition } from '../../src/engine/check.js';
import { conceptRef } from './concept-ref.js';
import { edgeRef } from './edge-ref.js';
import { elementOrder } from './element-order.js';
import { idUnique } from './id-unique.js';
import { interceptPacket } from './intercept-packet.js';
import { migrationReport } from './migration-report.js';
import { mismatchCoordinates } from './mismatch-coordinates.js';
import { overflowRegister } from './overflow-register.js';
import { promotion } from './promotion.js';
import { relationEnum } from './relation-enum.js';
import { roleEnum } from './role-enum.js';
import { rootHash } from './root-hash.js';
import { sourceOrder } from './source-order.js';
import { spanBounds } from './span-bounds.js';
import { spanHash } from './span-hash.js';
import { validAccepted } from './valid-accepted.js';
import { verbatim } from './verbatim.js';
import { weightFormula } from './weight-formula.js';
import { weightRange } from './weight-range.js';
import { xmlWellFormed } from './xml-well-formed.js';

/** The UAS hash-lock suite (seed 003): the adapter's `verifyUas`, one check per rule of the format. */
export const uasSuite: CheckDefinition[] = [
  validAccepted,
  xmlWellFormed,
  elementOrder,
  roleEnum,
  relationEnum,
  overflowRegister,
  idUnique,
  edgeRef,
  conceptRef,
  spanBounds,
  sourceOrder,
  rootHash,
  spanHash,
  verbatim,
  mismatchCoordinates,
  weightRange,
  weightFormula,
  promotion,
  migrationReport,
  interceptPacket,
];
