/**
 * What the pack saw when a live service misbehaved: the `evidence` of an errored check (D-HTTP-06).
 * Like an adapter process's evidence, it holds only what helps someone fix the service, cut to
 * readable sizes, and never a request header.
 */
export type HttpFaultKind =
  /** No answer within the per-call deadline (`--timeout`): the request was abandoned. */
  | 'timeout'
  /** The run was interrupted (Ctrl-C) or the adapter closed. */
  | 'aborted'
  /** Nothing listens at the address. */
  | 'connection-refused'
  /** The host name does not resolve. */
  | 'unresolved'
  /** The TLS handshake failed (a certificate not trusted, expired, for another name). */
  | 'tls'
  /** The connection closed or was reset before the whole answer came, twice in a row. */
  | 'dropped'
  /** Another network failure, named by its `code`. */
  | 'network'
  /** A 3xx answer: the pack follows no redirect. */
  | 'redirect'
  /** 413: the service refused the request as too large (`bytesSent`). */
  | 'too-large'
  /** 429 or 503 more often, or for longer, than the pack waits (D-HTTP-04). */
  | 'throttled'
  /** Any other status than 200 (`status`, `body`: an excerpt). */
  | 'status'
  /** A 200 answer longer than the pack reads (8 MiB, as a line of the stdio binding). */
  | 'answer-too-large'
  /** The answer is not UTF-8 JSON. */
  | 'bad-json'
  /** JSON that is not a `uaix-adapter/1` response. */
  | 'bad-message'
  /** A response whose id is not the request's. */
  | 'wrong-id'
  /** An error response with a reserved JSON-RPC code. */
  | 'protocol-error'
  /** A result that does not match the method's schema. */
  | 'bad-result'
  /** An answer over one of the run's budgets (D-REL-02): values, nesting, a string, findings. */
  | 'over-budget'
  /** The case has no JSON form (it never left the pack). */
  | 'unsendable';

export interface HttpEvidence {
  kind: HttpFaultKind;
  /** The service, as reports name it (no user info, no query values). */
  url: string;
  /** The request at hand (a protocol method). */
  method: string;
  /** The HTTP status of the answer, when one came. */
  status?: number;
  /** Its `Content-Type`. */
  contentType?: string;
  /** An excerpt of the answer's body (HTML reduced to its text), at most `BODY_EXCERPT` characters. */
  body?: string;
  /** Bytes of the request body, for a 413. */
  bytesSent?: number;
  /** Where a redirect pointed (shown without user info and query values). */
  location?: string;
  /** The `Retry-After` the service sent last, as written. */
  retryAfter?: string;
  /** How many times this request was throttled (429 or 503) and sent again. */
  throttled?: number;
  /** The network error's code (`ECONNREFUSED`, `UND_ERR_SOCKET`, a TLS code). */
  code?: string;
  /** The offending answer, cut to 500 characters (as a line of the stdio binding). */
  line?: string;
  /** Its length in bytes, when it was cut or too long. */
  lineBytes?: number;
  /** Why an answer was refused (a schema path and message). */
  problem?: string;
}

/** The longest body excerpt evidence holds. */
export const BODY_EXCERPT = 300;

/** True when a body is an HTML page (by its type, or by its look when the type says nothing). */
export function isHtml(contentType: string | undefined, body: string): boolean {
  if (contentType !== undefined && /html/i.test(contentType)) return true;
  return /^\s*<(!doctype\s+html|html|head|body)\b/i.test(body);
}

/** The text a reader sees of an HTML page: its title and body text, scripts and styles left out. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;/gi, "'")
    .replace(/&amp;/gi, '&');
}

/** A short excerpt of an answer's body: an HTML page reduced to its text, whitespace collapsed, cut to `BODY_EXCERPT`. */
export function bodyExcerpt(body: string, contentType?: string): string {
  const text = (isHtml(contentType, body) ? htmlText(body) : body).replace(/\s+/g, ' ').trim();
  return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}…` : text;
}
