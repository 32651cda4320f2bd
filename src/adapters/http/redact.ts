import type { Header } from './headers.js';

/**
 * Secrets a user hands the pack for a live service (every `--header` value, the user info and the
 * query values of the URL) never reach a report or the terminal (D-HTTP-05). The pack itself never
 * writes them; what a service answers may echo them (a debug page showing the request's headers, a
 * finding quoting the token), so everything written is passed through a `Redactor`, which replaces
 * each secret by `[redacted]`.
 */
export interface Redactor {
  /** False when there is nothing to hide: `text` and `value` return what they are given. */
  readonly active: boolean;
  /** `s` with every secret replaced. */
  text(s: string): string;
  /** A copy of a JSON-like value with every secret replaced in its strings and keys (the value itself when none holds one). */
  value<T>(v: T): T;
}

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * The shortest secret searched for. A shorter value (`X-Debug: 1`) cannot be hidden without
 * garbling every report it would be searched in; the pack never prints it, but it is not looked for
 * in what a service answers.
 */
export const MIN_SECRET_LENGTH = 4;

/**
 * The shortest word of a header value searched for on its own: the token of `Bearer <token>` or
 * `Basic <credentials>`, which a service may echo without its scheme, but not the scheme itself.
 */
export const MIN_SECRET_WORD_LENGTH = 8;

/** The secrets of the `--header` values: each whole value, and each long word of it. */
export function headerSecrets(headers: readonly Header[]): string[] {
  return headers.flatMap(([, value]) => [
    value,
    ...value.split(/\s+/).filter((w) => w.length >= MIN_SECRET_WORD_LENGTH && w !== value),
  ]);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret takes in text the pack writes: as it is, and escaped in a JSON string. */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return json === secret ? [secret] : [secret, json];
}

/** A redactor of `secrets` (those shorter than `MIN_SECRET_LENGTH` are left out). */
export function createRedactor(secrets: readonly string[]): Redactor {
  const forms = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap(formsOf))].sort(
    (a, b) => b.length - a.length,
  );
  if (forms.length === 0) return { active: false, text: (s) => s, value: (v) => v };
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  const text = (s: string) => {
    pattern.lastIndex = 0;
    return pattern.test(s) ? s.replace(pattern, REDACTED) : s;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = walk(x);
        changed ||= y !== x;
        return y;
      });
      return changed ? out : v;
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const key = text(k);
      const y = walk(x);
      changed ||= y !== x || key !== k;
      out[key] = y;
    }
    return changed ? out : v;
  };
  return { active: true, text, value: <T>(v: T) => walk(v) as T };
}

/**
 * A stream that writes through `stream` with every secret replaced: what a command hands its
 * progress and summary, so no answer a service echoed a secret into reaches the terminal. Every
 * other property is the stream's own (`isTTY`, `columns`).
 */
export function redactingStream<S extends NodeJS.WritableStream>(stream: S, redactor: Redactor): S {
  if (!redactor.active) return stream;
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...a: unknown[]) => boolean)(
            typeof chunk === 'string' ? redactor.text(chunk) : chunk,
            ...rest,
          );
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
