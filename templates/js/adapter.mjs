// A uaix-conformance starter adapter (an in-process JavaScript module).
// Every member below is a stub. The pack only sees the members named in IMPLEMENTED, and skips
// (never fails) the checks of every other member. Implement a member, add its name to
// IMPLEMENTED, and run the pack again.

/** The members that work so far: add a name here once its stub is replaced. */
const IMPLEMENTED = [];

/** A stub's answer: a clear error, should it ever be called. */
function notImplemented(member) {
  throw new Error(`not implemented: ${member}`);
}

const members = {
  /** (packet, { now }) => { valid, findings? } */
  validateEnvelope: (packet, context) => notImplemented('validateEnvelope'),
  /** (packet) => "sha256:<64 hex>" */
  computeChecksum: (packet) => notImplemented('computeChecksum'),
  /** (packet) => the keyless arrays; throw when the packet cannot be mapped */
  toKeyless: (packet) => notImplemented('toKeyless'),
  /** (wire) => the keyed envelope; throw when the arrays cannot be mapped */
  fromKeyless: (wire) => notImplemented('fromKeyless'),
  /** (payload, { now }) => { valid, findings? } */
  validateError: (payload, context) => notImplemented('validateError'),
  /** (source: Uint8Array, artifact: string) => { valid, findings? } */
  verifyUas: (source, artifact) => notImplemented('verifyUas'),
  /** The recovery policy: { start(scenario), observe(sessionId, observation) }, each giving actions. */
  recovery: {
    start: (scenario) => notImplemented('recovery.start'),
    observe: (sessionId, observation) => notImplemented('recovery.observe'),
  },
};

export default {
  describe: () => ({ name: 'my-implementation', version: '0.0.1', capabilityLevel: 'L0' }),
  ...Object.fromEntries(IMPLEMENTED.map((name) => [name, members[name]])),
};
