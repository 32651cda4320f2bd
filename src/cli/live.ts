import type { HttpEvidence } from '../adapters/http/evidence.js';
import type { HttpLoadOptions } from '../adapters/load.js';
import { parseHeaders } from '../adapters/http/headers.js';
import { READ_ONLY_DEFAULT_RATE, READ_ONLY_MEMBERS, readOnlySkipReason } from '../adapters/http/read-only.js';
import { createRedactor, headerSecrets, redactingStream, type Redactor } from '../adapters/http/redact.js';
import { parseServiceUrl } from '../adapters/http/url.js';
import { adapterKindOf } from '../contract/adapter-spec.js';
import { UsageError } from '../contract/errors.js';
import type { NetworkRecord, Report } from '../model/report.js';
import type { CliIO } from './io.js';
import { intOption } from './options.js';

/**
 * The options of a run (or a doctor) against a live service (`--adapter-url`): its headers, the
 * read-only mode and the rate, checked before anything connects; how the terminal and the reports
 * name the service (never with a secret, D-HTTP-05); and what the run adds to its report.
 */
export interface LiveOptions {
  /** How reports, replay lines and the terminal name the adapter: a service's URL without its secrets, any other spec as given. */
  shownSpec: string;
  /** What loading a live service takes; undefined for every other adapter. */
  http?: HttpLoadOptions;
  /** Hides the secrets the user gave in everything written (inactive when there are none). */
  redactor: Redactor;
  readOnly: boolean;
  maxRate?: number;
}

/** The options that only a live service takes. */
interface LiveValues {
  header?: string[] | undefined;
  'read-only'?: boolean | undefined;
  'max-rate'?: string | undefined;
}

/** The most requests per second `--max-rate` takes. */
export const MAX_RATE = 100_000;

/** Reads the live-service options of a command line for the adapter `spec` names. */
export function liveOptions(spec: string, values: LiveValues): LiveOptions {
  const readOnly = values['read-only'] === true;
  if (adapterKindOf(spec) !== 'http') {
    const given = [
      ...(values.header !== undefined && values.header.length > 0 ? ['--header'] : []),
      ...(readOnly ? ['--read-only'] : []),
      ...(values['max-rate'] !== undefined ? ['--max-rate'] : []),
    ];
    if (given.length > 0)
      throw new UsageError(`${given.join(', ')}: only for a live service (--adapter-url <http:// or https:// URL>)`);
    return { shownSpec: spec, redactor: createRedactor([]), readOnly: false };
  }
  const url = parseServiceUrl(spec);
  const headers = parseHeaders(values.header ?? []);
  const maxRate =
    values['max-rate'] !== undefined
      ? intOption('max-rate', values['max-rate'], 0, 1, MAX_RATE)
      : readOnly
        ? READ_ONLY_DEFAULT_RATE
        : undefined;
  const redactor = createRedactor([...headerSecrets(headers), ...url.secrets]);
  return {
    shownSpec: url.shown,
    http: {
      headers,
      readOnly,
      ...(maxRate !== undefined ? { maxRate } : {}),
      ...(redactor.active ? { redact: redactor.text } : {}),
    },
    redactor,
    readOnly,
    ...(maxRate !== undefined ? { maxRate } : {}),
  };
}

/** The command's output streams with every secret of `live` hidden (the same streams when there is none). */
export function liveIO(io: CliIO, live: LiveOptions): CliIO {
  if (!live.redactor.active) return io;
  return { ...io, out: redactingStream(io.out, live.redactor), err: redactingStream(io.err, live.redactor) };
}

/**
 * `unexpected argument "<word>"`, unless the command line has a `--header`: then the word is not
 * shown, since an unquoted `--header Authorization: Bearer <token>` leaves the token as a stray word.
 */
export function unexpectedArgument(word: string, values: LiveValues): string {
  return values.header !== undefined && values.header.length > 0
    ? 'unexpected argument (not shown: with --header it may be part of a secret; quote each header whole, --header "Name: value")'
    : `unexpected argument "${word}"`;
}

/** The first line of a read-only run: what it calls, and how fast. */
export function readOnlyLine(live: LiveOptions): string {
  const rate = live.maxRate !== undefined ? `, at most ${live.maxRate} requests/s` : '';
  return `uaix-conformance: read-only run against ${live.shownSpec}: only ${READ_ONLY_MEMBERS.join(', ')} are called (recovery sessions change the service's state and are left out)${rate}\n`;
}

/** One line on how the network held the run back, when it did; empty otherwise. */
export function networkLine(network: NetworkRecord | undefined): string {
  if (network === undefined || (network.throttled === 0 && network.resent === 0)) return '';
  const parts = [
    ...(network.throttled > 0
      ? [
          `the service throttled ${network.throttled} request${network.throttled === 1 ? '' : 's'} (429/503), the run waited ${(network.waitedMs / 1000).toFixed(1)} s for it`,
        ]
      : []),
    ...(network.resent > 0
      ? [`${network.resent} request${network.resent === 1 ? ' was' : 's were'} sent again after a dropped connection`]
      : []),
  ];
  return `uaix-conformance: ${parts.join('; ')}\n`;
}

/**
 * The report of a run against a live service, as it is published: its network figures added
 * after `run`, the checks a read-only run left out said so, and every secret hidden (D-HTTP-05).
 */
export function liveReport(report: Report, live: LiveOptions, network: NetworkRecord | undefined): Report {
  let checks = report.checks;
  if (live.readOnly) {
    checks = checks.map((c) => {
      const withheld = c.requires.filter((m) => !(READ_ONLY_MEMBERS as readonly string[]).includes(m));
      return c.status === 'skipped' && withheld.length > 0 ? { ...c, skipReason: readOnlySkipReason(withheld) } : c;
    });
  }
  const entries = Object.entries({ ...report, checks }).flatMap(([k, v]) =>
    k === 'run' && network !== undefined
      ? [
          [k, v],
          ['network', network],
        ]
      : [[k, v]],
  );
  return live.redactor.value(Object.fromEntries(entries) as Report);
}

/** Plain words for a live service's fault, with what to do about it (the doctor's problems). */
export function serviceFaultWords(member: string, evidence: HttpEvidence, message: string): string {
  const said = message.startsWith(`${member}: `) ? message.slice(member.length + 2) : message;
  switch (evidence.kind) {
    case 'status':
      return evidence.status === 404 || evidence.status === 405
        ? `${member}: ${said} (is the path of --adapter-url the one the service takes POSTs on?)`
        : `${member}: ${said}`;
    case 'redirect':
      return `${member}: ${said}`;
    case 'too-large':
      return `${member}: ${said} (the seed fixtures are small: raise the service's body limit to a few MiB)`;
    case 'throttled':
      return `${member}: ${said} (lower --max-rate, or let the pack's address through the rate limit)`;
    case 'bad-json':
      return `${member}: ${said} (answer every request with status 200 and one JSON-RPC response, Content-Type application/json)`;
    case 'bad-message':
      return `${member}: the service answered JSON that is not a uaix-adapter/1 response (${evidence.problem ?? 'see docs/protocol.md'}): ${evidence.line ?? ''}`;
    case 'wrong-id':
      return `${member}: ${said} (answer each request with its own id)`;
    case 'bad-result':
      return `${member}: the answer has the wrong shape (${evidence.problem ?? said})`;
    case 'protocol-error':
      return `${member}: answered with a JSON-RPC protocol error, so the pack takes it as broken, not as a refusal (${said}); use code -32000 for "this input is refused"`;
    case 'timeout':
      return `${member}: no answer within the timeout (${said})`;
    default:
      return `${member}: ${said}`;
  }
}
