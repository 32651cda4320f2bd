/**
 * The out-of-process adapter protocol, `uaix-adapter/1`: JSON-RPC 2.0, one message per line, over
 * the adapter's stdin and stdout. Its messages are written down as JSON Schemas in
 * `schemas/protocol/`, which `src/contract/shapes.ts` compiles (`shapeProblem`).
 * docs/protocol.md is the implementers' description.
 */
export const PROTOCOL = 'uaix-adapter/1';
export const PROTOCOL_MAJOR = 1;

/** Codes of JSON-RPC errors that say the protocol broke down, not that the input was refused. */
export const PROTOCOL_ERROR_CODES: ReadonlySet<number> = new Set([-32700, -32600, -32601, -32602, -32603]);

/** JSON-RPC "internal error": the server could not send its answer (say, an answer with no JSON form). A fault. */
export const INTERNAL_ERROR_CODE = -32603;

/**
 * The pack's own server (`serve-main`) answers every request with this code when the adapter module
 * could not be loaded; the message is the usage error the pack shows, as it would in process.
 */
export const LOAD_FAILED_CODE = -32099;

/** The code a server uses when the implementation refused the input or failed on it. */
export const APPLICATION_ERROR_CODE = -32000;

/** Serializes params: byte strings become `{ "$base64": ... }`. Throws when a value has no JSON form. */
export function encodeRequest(id: number, method: string, params: readonly unknown[]): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params }, function (this: Record<string, unknown>, key, value) {
    // `this[key]` is the raw value: Buffer's toJSON would otherwise have run before we see it.
    const raw = this[key];
    if (raw instanceof Uint8Array)
      return { $base64: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
    if (typeof value === 'bigint') throw new TypeError('a bigint has no JSON form');
    return value;
  });
}

/**
 * Turns byte-string params back into Uint8Arrays (for servers written in JS). Only top-level params
 * are decoded: bytes are whole arguments in the contract (verifyUas's source), so an envelope whose
 * free-form data happens to hold a `$base64` member is never mistaken for bytes.
 */
export function decodeParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => {
    if (p === null || typeof p !== 'object' || Array.isArray(p)) return p;
    const keys = Object.keys(p);
    const b64 = (p as Record<string, unknown>).$base64;
    return keys.length === 1 && typeof b64 === 'string' ? new Uint8Array(Buffer.from(b64, 'base64')) : p;
  });
}
