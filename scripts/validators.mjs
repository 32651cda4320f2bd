// Writes dist/validators/<key>.cjs: ajv's standalone code of every schema the bundled spec makes
// (each envelope profile), of the protocol schemas and of the messages of a recovery session, so
// that runs load them instead of compiling them (src/contract/precompiled.ts says how a run finds
// them, and why a stale one cannot be used).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { precompiledFile, validatorKey } from '../dist/src/contract/precompiled.js';
import { PROTOCOL_IDS, PROTOCOL_KEY, protocolAjv } from '../dist/src/contract/shapes.js';
import { packageRoot } from '../dist/src/io/package.js';
import { ENVELOPE_FLAVOUR, envelopeAjv, envelopeSchema } from '../dist/src/reference/envelope/schema.js';
import { bundledSpec } from '../dist/src/spec/index.js';
import { RECOVERY_IDS, RECOVERY_KEY, recoveryAjv } from '../dist/suites/recovery/world/protocol.js';

const standalone = standaloneCode.default ?? standaloneCode;
rmSync(join(packageRoot, 'dist', 'validators'), { recursive: true, force: true });

/** Writes one module. */
function write(key, code) {
  const file = precompiledFile(packageRoot, key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${code}\n`);
}

const envelope = bundledSpec().envelope;
const ajv = envelopeAjv({ source: true });
for (const profile of Object.keys(envelope.profiles)) {
  const schema = envelopeSchema(envelope, profile);
  write(validatorKey(ENVELOPE_FLAVOUR, schema), standalone(ajv, ajv.compile(schema)));
}
const protocol = protocolAjv({ source: true });
write(PROTOCOL_KEY, standalone(protocol, Object.fromEntries(PROTOCOL_IDS.map((id) => [id, id]))));
const recovery = recoveryAjv({ source: true });
write(RECOVERY_KEY, standalone(recovery, RECOVERY_IDS));
