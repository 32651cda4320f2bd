import type { Answer } from '../../src/engine/kinds/exchange.js';

/** The seed sections of the keyless transfer format, which every wire check enforces. */
export const WIRE_SPEC = '001 §Formato de transferencia optimizado (sin llave); 004 §传输格式优化版（无键）';

/** A codec answer as a failure shows it: the refusal as answered, else the value. */
export const shown = (a: Answer): unknown => (a.rejected ? a : a.value);
