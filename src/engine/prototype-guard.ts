/**
 * The built-ins an in-process adapter could patch to reach the pack: a `toJSON` on Object.prototype
 * would rewrite every report written afterwards. Recorded before a call, compared and restored
 * after it.
 */
const GUARDED: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Date.prototype', Date.prototype],
  ['Function.prototype', Function.prototype],
  ['JSON', JSON],
];

type Snapshot = Map<PropertyKey, PropertyDescriptor>;

function snapshotOf(target: object): Snapshot {
  const s: Snapshot = new Map();
  for (const k of Reflect.ownKeys(target)) s.set(k, Object.getOwnPropertyDescriptor(target, k)!);
  return s;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    a.value === b.value &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}

/** A record of the built-ins as they are now, and the means to put them back. */
export interface PrototypeGuard {
  /** Puts back every property of the guarded built-ins that changed since the guard was made; returns their names (`Object.prototype.toJSON`). */
  restore(): string[];
}

/** Records the guarded built-ins now (once per run: the pack's own state). */
export function guardPrototypes(): PrototypeGuard {
  const snapshots = GUARDED.map(([name, target]) => ({ name, target, snap: snapshotOf(target) }));
  return {
    restore(): string[] {
      const changed: string[] = [];
      for (const { name, target, snap } of snapshots) {
        const keys = Reflect.ownKeys(target);
        let same = keys.length === snap.size;
        for (const k of keys) {
          const now = Object.getOwnPropertyDescriptor(target, k)!;
          const was = snap.get(k);
          if (was && sameDescriptor(was, now)) continue;
          same = false;
          changed.push(`${name}.${String(k)}`);
          try {
            if (was) Object.defineProperty(target, k, was);
            else delete (target as Record<PropertyKey, unknown>)[k];
          } catch {
            /* frozen by the adapter: reported all the same */
          }
        }
        // As many keys as recorded, each one recorded and unchanged: none can be missing.
        if (same) continue;
        for (const [k, was] of snap) {
          if (Object.getOwnPropertyDescriptor(target, k)) continue;
          changed.push(`${name}.${String(k)}`);
          try {
            Object.defineProperty(target, k, was);
          } catch {
            /* reported */
          }
        }
      }
      return changed;
    },
  };
}
