// A uaix-conformance starter adapter: an in-process TypeScript module, loaded by Node 22.18 or
// later as it is, else through esbuild or tsx (npm i -D tsx).
// Every member below is a stub. The pack only sees the members named in IMPLEMENTED, and skips
// (never fails) the checks of every other member. Implement a member, add its name to
// IMPLEMENTED, and run the pack again.
import type { Adapter } from 'uaix-conformance';

type Member = Exclude<keyof Adapter, 'describe'>;

/** The members that work so far: add a name here once its stub is replaced. */
const IMPLEMENTED: readonly Member[] = [];

/** A stub's answer: a clear error, should it ever be called. */
function notImplemented(member: string): never {
  throw new Error(`not implemented: ${member}`);
}

const members: Required<Omit<Adapter, 'describe'>> = {
  validateEnvelope: (_packet, _context) => notImplemented('validateEnvelope'),
  computeChecksum: (_packet) => notImplemented('computeChecksum'),
  /** Throw when the packet cannot be mapped. */
  toKeyless: (_packet) => notImplemented('toKeyless'),
  /** Throw when the arrays cannot be mapped. */
  fromKeyless: (_wire) => notImplemented('fromKeyless'),
  validateError: (_payload, _context) => notImplemented('validateError'),
  verifyUas: (_source, _artifact) => notImplemented('verifyUas'),
  recovery: {
    start: (_scenario) => notImplemented('recovery.start'),
    observe: (_sessionId, _observation) => notImplemented('recovery.observe'),
  },
};

const adapter: Adapter = {
  describe: () => ({ name: 'my-implementation', version: '0.0.1', capabilityLevel: 'L0' }),
  ...Object.fromEntries(IMPLEMENTED.map((name) => [name, members[name]])),
};
export default adapter;
