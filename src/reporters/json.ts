import { REPORT_FILES } from '../model/report-files.js';
import type { Report } from '../model/report.js';
import type { FileReporter } from './reporter.js';

/** How many characters of output `jsonChunks` gathers before it hands a chunk on. */
const CHUNK_CHARS = 1 << 16;
/** Strings longer than this are escaped slice by slice (an escaped copy of a huge string may exceed the engine's string length limit). */
const STRING_SLICE = 1 << 20;

/** A string as a JSON string literal, escaped in slices that never split a surrogate pair. */
function* stringChunks(s: string): Generator<string> {
  if (s.length <= STRING_SLICE) {
    yield JSON.stringify(s);
    return;
  }
  yield '"';
  for (let start = 0; start < s.length; ) {
    let end = Math.min(start + STRING_SLICE, s.length);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield JSON.stringify(s.slice(start, end)).slice(1, -1);
    start = end;
  }
  yield '"';
}

/** A container being written (its keys, or undefined for an array), or a huge string being escaped slice by slice. */
type Frame =
  | {
      kind: 'container';
      value: unknown;
      keys: string[] | undefined;
      next: number;
      count: number;
      close: string;
      depth: string;
    }
  | { kind: 'string'; pieces: Iterator<string> };

/** True for what JSON.stringify leaves out of an object (and writes as null in an array). */
function isOmitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/**
 * `JSON.stringify(value, null, indent)` of plain data (what a report holds) as a sequence of chunks
 * of about 64 KiB, so that a report of any size is written without ever being one string: one
 * explicit stack, no recursion (no depth limit), huge strings escaped in slices. Never calls
 * `toJSON` (a patched `Object.prototype.toJSON` cannot change a report) and reads own enumerable
 * properties only; `undefined`, functions and symbols are left out as JSON.stringify leaves them.
 */
export function* jsonChunks(value: unknown, indent = 2): Generator<string> {
  const unit = ' '.repeat(indent);
  const stack: Frame[] = [];
  let buffer = '';
  /** Writes a scalar or a short string at once; a container or a huge string becomes a frame. */
  const open = (v: unknown, depth: string): void => {
    if (v === null) buffer += 'null';
    else if (typeof v === 'string') {
      if (v.length <= STRING_SLICE) buffer += JSON.stringify(v);
      else stack.push({ kind: 'string', pieces: stringChunks(v) });
    } else if (typeof v === 'number') buffer += Number.isFinite(v) ? String(v) : 'null';
    else if (typeof v === 'boolean') buffer += v ? 'true' : 'false';
    else if (typeof v === 'bigint') throw new TypeError('a report cannot hold a BigInt');
    else if (typeof v !== 'object') buffer += 'null';
    else {
      const keys = Array.isArray(v)
        ? undefined
        : Object.keys(v).filter((k) => !isOmitted((v as Record<string, unknown>)[k]));
      const count = keys ? keys.length : (v as unknown[]).length;
      if (count === 0) buffer += keys ? '{}' : '[]';
      else {
        buffer += keys ? '{' : '[';
        stack.push({
          kind: 'container',
          value: v,
          keys,
          next: 0,
          count,
          close: `${indent ? `\n${depth}` : ''}${keys ? '}' : ']'}`,
          depth: depth + unit,
        });
      }
    }
  };
  open(value, '');
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.kind === 'string') {
      const piece = frame.pieces.next();
      if (piece.done) stack.pop();
      else buffer += piece.value;
    } else if (frame.next === frame.count) {
      buffer += frame.close;
      stack.pop();
    } else {
      const i = frame.next++;
      const sep = `${i === 0 ? '' : ','}${indent ? `\n${frame.depth}` : ''}`;
      if (frame.keys) {
        const key = frame.keys[i]!;
        buffer += `${sep}${JSON.stringify(key)}:${indent ? ' ' : ''}`;
        open((frame.value as Record<string, unknown>)[key], frame.depth);
      } else {
        const item = (frame.value as unknown[])[i];
        buffer += sep;
        open(isOmitted(item) ? null : item, frame.depth);
      }
    }
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/** `report.json` as chunks: what the file writer streams. */
export function* reportJsonChunks(report: Readonly<Report>): Generator<string> {
  yield* jsonChunks(report, 2);
  yield '\n';
}

/** `report.json`: the report model as stable, pretty JSON (the source every other format renders from); one string, for small reports and the API. */
export function renderJson(report: Report): string {
  return [...reportJsonChunks(report)].join('');
}

/** `report.json` as a file reporter: written first, the source of every other format, streamed. */
export const jsonReporter: FileReporter = {
  name: 'json',
  file: REPORT_FILES.json,
  render: renderJson,
  chunks: reportJsonChunks,
};
