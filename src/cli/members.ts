import { ADAPTER_MEMBERS, type Adapter } from '../contract/adapter.js';
import { closestName } from '../model/names.js';
import { escapeTerminal } from '../reporters/escape.js';

/** The names an adapter may have beside the contract's members: `describe`, and what a module or process adapter carries for its own bookkeeping. */
const ALWAYS_KNOWN: ReadonlySet<string> = new Set(['describe', 'default', 'constructor']);
/** The members of the contract's `recovery` policy (`RecoveryPolicy` in src/contract/recovery.ts). */
const RECOVERY_MEMBERS: readonly string[] = Object.freeze(['start', 'observe']);

/** One member name of an adapter the contract does not know, and the known name it is closest to. */
export interface UnknownMember {
  name: string;
  closest: string;
}

/** The own and class-prototype property names of an object (never Object's own), as `listMethods` sees a policy built with `class`. */
function memberNames(value: object): string[] {
  const names = new Set(Object.keys(value));
  for (
    let proto = Object.getPrototypeOf(value) as object | null;
    proto !== null && proto !== Object.prototype && proto !== Function.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const n of Object.getOwnPropertyNames(proto)) names.add(n);
  }
  return [...names];
}

/**
 * The members of an adapter the contract does not know (top level, and inside `recovery`), each
 * with the closest known name: a misspelt member silently skips every check that needs the real
 * one, so the run says so before it starts. Names starting with `_` are private and never flagged;
 * reading a name never calls a getter.
 */
export function unknownMembers(adapter: Adapter): UnknownMember[] {
  try {
    return namesNotInContract(adapter);
  } catch {
    return []; // a Proxy whose traps throw: the checks will meet it, the warning is not worth a crash
  }
}

function namesNotInContract(adapter: Adapter): UnknownMember[] {
  const out: UnknownMember[] = [];
  const top = [...ADAPTER_MEMBERS] as string[];
  for (const name of memberNames(adapter)) {
    if (ALWAYS_KNOWN.has(name) || top.includes(name) || name.startsWith('_')) continue;
    out.push({ name, closest: closestName(name, top)! });
  }
  const recovery = Object.getOwnPropertyDescriptor(adapter, 'recovery')?.value as unknown;
  if (recovery !== null && typeof recovery === 'object') {
    for (const name of memberNames(recovery)) {
      if (ALWAYS_KNOWN.has(name) || RECOVERY_MEMBERS.includes(name) || name.startsWith('_')) continue;
      out.push({ name: `recovery.${name}`, closest: `recovery.${closestName(name, RECOVERY_MEMBERS)!}` });
    }
  }
  return out;
}

/** The warning lines for an adapter's unknown members, one per name (empty when every name is known). */
export function unknownMemberWarnings(adapter: Adapter): string[] {
  return unknownMembers(adapter).map(
    (m) =>
      `uaix-conformance: warning: the adapter has a member "${escapeTerminal(m.name)}" that the contract does not know (did you mean "${m.closest}"?)\n`,
  );
}
