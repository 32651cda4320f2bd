/**
 * The budgets of a run: how much an implementation may make the pack hold or wait for, whatever it
 * answers (D-REL-02). Every answer is held to the answer budgets before the pack parses, copies or
 * judges it; every recovery session to the session budgets; the pack's own process to the memory
 * budget. Going over one errors the case at hand with a message that names the budget and the option
 * that raises it, and the run goes on (the memory budget, which no single case owns, stops the run
 * and writes the report of what finished).
 *
 * They are not spec data: nothing a seed leaves open, they say how much the pack is willing to
 * spend. `--budget <name>=<n>` sets one for a run. In the contract layer: the process transport, the
 * in-process guard and the command line read the same names and defaults.
 */

/** The budgets, by the name `--budget` takes. */
export interface Budgets {
  /** Bytes of one answer line of an adapter process (the protocol's line limit). */
  'answer-bytes': number;
  /** Values (object members and array elements) of one answer. */
  'answer-values': number;
  /** Nesting of arrays and objects in one answer. */
  'answer-depth': number;
  /** Characters (UTF-16 code units) of the longest string of one answer. */
  'answer-string': number;
  /** Entries of the `findings` of one verdict. */
  findings: number;
  /** Calls of one recovery session (`recovery.start` and every `recovery.observe`). */
  'session-calls': number;
  /** Values of every answer of one recovery session, together. */
  'session-values': number;
  /** Wall time of one recovery session, in milliseconds. */
  'session-ms': number;
  /** Resident memory of the pack's own process, in MiB. */
  memory: number;
}

export type BudgetName = keyof Budgets;

/**
 * The defaults: each far above what the reference needs at any seed (measured, D-REL-02), and low
 * enough that the pack's memory stays flat (under 300 MB for the hostile gallery's huge answers and
 * endless sessions).
 */
export const DEFAULT_BUDGETS: Readonly<Budgets> = Object.freeze({
  'answer-bytes': 8 * 1024 * 1024,
  'answer-values': 100_000,
  'answer-depth': 256,
  'answer-string': 1024 * 1024,
  findings: 10_000,
  'session-calls': 1_000,
  'session-values': 50_000,
  'session-ms': 60_000,
  memory: 2048,
});

/** The budget names, in the order the help text lists them. */
export const BUDGET_NAMES: readonly BudgetName[] = Object.freeze(Object.keys(DEFAULT_BUDGETS) as BudgetName[]);

/** What each budget counts, for messages and the help text. */
export const BUDGET_UNITS: Readonly<Record<BudgetName, string>> = Object.freeze({
  'answer-bytes': 'bytes',
  'answer-values': 'values',
  'answer-depth': 'levels deep',
  'answer-string': 'characters',
  findings: 'findings',
  'session-calls': 'calls',
  'session-values': 'values',
  'session-ms': 'ms',
  memory: 'MiB',
});

/** The tail of every over-budget message: which budget, and how to raise it. */
export function budgetHint(name: BudgetName): string {
  return `budget ${name}; raise it with --budget ${name}=<n>`;
}

/** One line: what went over which budget (`what` says what was measured, e.g. "the answer holds"). */
export function overBudget(name: BudgetName, limit: number, what: string): string {
  return `${what} more than ${limit} ${BUDGET_UNITS[name]} (${budgetHint(name)})`;
}

/** The budgets of a run: the defaults with the given ones over them. */
export function budgetsWith(given: Partial<Budgets> | undefined): Budgets {
  return { ...DEFAULT_BUDGETS, ...(given ?? {}) };
}

/** What an answer holds, as far as the budgets look: stops counting once one is exceeded. */
export interface AnswerMeasure {
  values: number;
  depth: number;
  longestString: number;
}

/**
 * The first answer budget `value` goes over, as a message, or null. A walk of the answer as data,
 * without recursion (an answer nested a million levels deep costs no stack), each object counted
 * once (a cycle is not an endless answer); it stops at the first budget exceeded, so it costs at most
 * about one budget's worth of work whatever the answer holds. Anything that throws while it reads
 * (a getter, a Proxy trap) ends the walk with no verdict: the caller's copy of the answer meets it
 * and says so.
 */
export function answerOverBudget(value: unknown, budgets: Budgets): string | null {
  return measureAnswer(value, budgets).problem;
}

/** `answerOverBudget`, with the values counted on the way (all of them when no budget was exceeded). */
export function measureAnswer(value: unknown, budgets: Budgets): { problem: string | null; values: number } {
  const counted = { values: 0 };
  try {
    return { problem: walk(value, budgets, counted), values: counted.values };
  } catch {
    return { problem: null, values: counted.values };
  }
}

// The built-ins the walk uses, as they were when the pack loaded: an adapter in process may patch the globals.
const { keys: ownKeys, getOwnPropertyDescriptor } = Object;
const { isArray } = Array;
const { isView } = ArrayBuffer;

function walk(root: unknown, b: Budgets, counted: { values: number }): string | null {
  const findings = findingsOf(root);
  if (findings !== undefined && findings > b.findings) return overBudget('findings', b.findings, 'the verdict has');
  if (root === null || typeof root !== 'object') return stringProblem(root, b);
  const seen = new Set<object>();
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    const s = stringProblem(v, b);
    if (s !== null) return s;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (depth > b['answer-depth']) return overBudget('answer-depth', b['answer-depth'], 'the answer is nested');
    if (isView(v)) {
      if (v.byteLength > b['answer-string'])
        return `the answer holds a byte array of more than ${b['answer-string']} bytes (${budgetHint('answer-string')})`;
      continue;
    }
    // Counted before anything is read: a member count over the budget costs no copy of the members.
    const keys = isArray(v) ? undefined : ownKeys(v);
    counted.values += keys === undefined ? (v as unknown[]).length : keys.length;
    if (counted.values > b['answer-values']) return overBudget('answer-values', b['answer-values'], 'the answer holds');
    const push = (c: unknown) => {
      if (c !== null && (typeof c === 'object' || typeof c === 'string')) stack.push([c, depth + 1]);
    };
    if (keys === undefined) for (let i = 0; i < (v as unknown[]).length; i++) push((v as unknown[])[i]);
    else
      for (const k of keys) {
        const named = stringProblem(k, b); // a member's name is a string of the answer too
        if (named !== null) return named;
        push((v as Record<string, unknown>)[k]);
      }
  }
  return null;
}

function stringProblem(v: unknown, b: Budgets): string | null {
  return typeof v === 'string' && v.length > b['answer-string']
    ? overBudget('answer-string', b['answer-string'], 'the answer holds a string of')
    : null;
}

/** The number of entries of a verdict's `findings`, when the answer is an object with an array there (no getter is called). */
function findingsOf(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object' || isArray(value)) return undefined;
  const d = getOwnPropertyDescriptor(value, 'findings');
  return d !== undefined && 'value' in d && isArray(d.value) ? d.value.length : undefined;
}

/**
 * The first answer budget a measured JSON text goes over, in words; undefined when it keeps to them
 * all. `wrapper` is what the message around the answer adds (a JSON-RPC response object: one level
 * and three members), so that an answer is held to the same budgets however it travels.
 */
export function textOverBudget(
  m: AnswerMeasure,
  b: Budgets,
  wrapper: { depth: number; values: number } = { depth: 0, values: 0 },
): string | undefined {
  if (m.depth - wrapper.depth > b['answer-depth'])
    return overBudget('answer-depth', b['answer-depth'], 'the answer is nested');
  if (m.values - wrapper.values > b['answer-values'])
    return overBudget('answer-values', b['answer-values'], 'the answer holds');
  if (m.longestString > b['answer-string'])
    return overBudget('answer-string', b['answer-string'], 'the answer holds a string of');
  return undefined;
}

/** What a JSON-RPC response adds around its result: one level, and `jsonrpc`, `id` and `result`. */
export const RESPONSE_WRAPPER = Object.freeze({ depth: 1, values: 3 });

/**
 * The measure of one JSON text, in one pass over it and without parsing it: the nesting, the values
 * (object members and array elements) and the longest string in UTF-16 code units (an escape counts
 * as the one character it stands for). What an answer line of an adapter process is held to before
 * `JSON.parse` sees it, so a line of a million tiny members costs one scan, not a million objects.
 * The text need not be valid JSON: whatever it holds, the scan ends, and the parse judges it. Takes
 * the text as a string or as its UTF-8 bytes (a line is measured before it is decoded).
 */
export function measureJsonText(text: string | Uint8Array): AnswerMeasure {
  const bytes = typeof text !== 'string';
  const at = bytes ? (i: number) => text[i]! : (i: number) => text.charCodeAt(i);
  let depth = 0;
  let maxDepth = 0;
  let values = 0;
  let longest = 0;
  // For each open container: 1 for an array, 0 for an object; an array counts its first element on its first value.
  const arrays: number[] = [];
  let arrayEmpty = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (c === 0x22) {
      // a string: its length in UTF-16 code units, an escape as one
      let n = 0;
      for (i += 1; i < text.length; i++) {
        const d = at(i);
        if (d === 0x22) break;
        if (d === 0x5c) {
          i += at(i + 1) === 0x75 ? 5 : 1;
          n += 1;
        } else if (!bytes || d < 0x80) n += 1;
        else if (d >= 0xf0)
          n += 2; // a 4-byte sequence: two code units
        else if (d >= 0xc0) n += 1; // the lead byte of a 2- or 3-byte sequence; continuation bytes count nothing
      }
      if (n > longest) longest = n;
      if (arrayEmpty) {
        values += 1;
        arrayEmpty = false;
      }
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (arrayEmpty && c !== 0x5d) {
      values += 1;
      arrayEmpty = false;
    }
    if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) maxDepth = depth;
      arrays.push(c === 0x5b ? 1 : 0);
      arrayEmpty = c === 0x5b;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
      arrays.pop();
      arrayEmpty = false;
    } else if (c === 0x3a) values += 1;
    else if (c === 0x2c && arrays[arrays.length - 1] === 1) values += 1;
  }
  return { values, depth: maxDepth, longestString: longest };
}
