import * as fc from 'fast-check';
import {
  errorEnums,
  isUrlKey,
  isUrlOptionMember,
  schemeCaseSensitive,
  type ErrorSpec,
  type RecoveryOption,
} from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { acceptsExtras, parameterSchema } from './executable-parameters.js';
import { brokenValues, VALUE_BREAKS, type Schema } from './from-schema.js';
import {
  nonHttpsUri,
  relativeReference,
  repairedHttpsUrl,
  unparsableHostUrl,
  upperSchemeUrl,
  userinfoUrl,
} from './https-url.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';

/** One way to break an option of `action`: the family, what it touches, and the option it makes of a valid one. */
type Plant = { family: string; where: string; option: (o: RecoveryOption) => RecoveryOption; retryKey: boolean };

function without(o: RecoveryOption, key: string): RecoveryOption {
  const params = { ...o.executable_parameters };
  delete params[key];
  return { ...o, executable_parameters: params };
}

const setParam =
  (key: string, value: unknown) =>
  (o: RecoveryOption): RecoveryOption => ({
    ...o,
    executable_parameters: { ...o.executable_parameters, [key]: value },
  });

/**
 * URL values that are not absolute https, by the slip each exposes (D-ERR-06):
 * - `url-scheme`: a valid URI of another scheme (`http:`, `ftp:`, `urn:`, `mailto:`, `file:`): any URL accepted;
 * - `url-relative`: a relative or scheme-relative reference: one resolved against the error's own origin;
 * - `url-repair`: `https:host`, one slash, backslashes, white space around or inside: what WHATWG parsing repairs;
 * - `url-userinfo`: a user name or a masked password before the host: userinfo unchecked;
 * - `url-host`: the text of an https URL whose host no parser accepts (`https://[::1`, `https://exa<mple.com`): a text match, never parsed;
 * - `url-case`: `HTTPS://` where D-ERR-14 pins the lower case: a case-insensitive scheme test.
 */
function urlValues(spec: ErrorSpec): Record<string, fc.Arbitrary<string>> {
  return {
    'url-scheme': nonHttpsUri(),
    'url-relative': relativeReference(),
    'url-repair': repairedHttpsUrl(),
    'url-userinfo': userinfoUrl(),
    'url-host': unparsableHostUrl(),
    ...(schemeCaseSensitive(spec) ? { 'url-case': upperSchemeUrl() } : {}),
  };
}

/**
 * What a URL key known by its suffix holds when it holds no string (D-ERR-06): `null` (read as "no
 * URL"), a number, a boolean, and containers that carry a URL the agent could still follow (an object
 * with an `href`, an array of URLs, http or https alike): a validator that tests strings only lets
 * every one through. Each with the name of its kind, for the case's `where`.
 */
function notAString(): fc.Arbitrary<readonly [string, unknown]> {
  return fc.oneof(
    fc.constant(['null', null] as const),
    fc.constantFrom(
      ['number', 443] as const,
      ['number', 0] as const,
      ['boolean', true] as const,
      ['boolean', false] as const,
    ),
    fc
      .tuple(fc.constantFrom('http://status.example.com/x', 'https://status.example.com/x'))
      .map(([u]) => ['object', { href: u }] as const),
    fc
      .tuple(fc.constantFrom('http://status.example.com/x', 'https://status.example.com/x'))
      .map(([u]) => ['array', [u]] as const),
  );
}

/** URL keys no parameter schema names, recognised by their suffix alone (D-ERR-06 `keySuffixes`). */
function suffixKeys(spec: ErrorSpec): string[] {
  return spec.urls.keySuffixes
    .map((s) => `status${s}`)
    .filter((k) => isUrlKey(k, spec) && !spec.urls.parameterKeys.includes(k) && !spec.retry.parameters.includes(k));
}

/** Every way the pack breaks an option of `action`, by family, as `spec` states its parameters (D-ERR-05, D-ERR-06). */
function plantsOf(action: string, spec: ErrorSpec): Map<string, fc.Arbitrary<Plant>> {
  const schema = parameterSchema(action, spec);
  const required: string[] = schema.required ?? [];
  const props: Record<string, Schema> = schema.properties ?? {};
  const retryKey = (k: string) => spec.retry.parameters.includes(k);
  const out = new Map<string, fc.Arbitrary<Plant>>();
  if (required.length > 0) {
    out.set(
      'missing',
      fc.constantFrom(...required).map((key) => ({
        family: 'missing',
        where: `${action}.${key}`,
        option: (o: RecoveryOption) => without(o, key),
        retryKey: false,
      })),
    );
    out.set(
      'absent',
      fc.constantFrom('absent', 'empty').map((how) => ({
        family: 'absent',
        where: `${action} (${how})`,
        option: ({ executable_parameters: _, ...rest }: RecoveryOption): RecoveryOption =>
          how === 'absent' ? rest : { ...rest, executable_parameters: {} },
        retryKey: false,
      })),
    );
  }
  for (const kind of VALUE_BREAKS) {
    const cases = Object.entries(props).flatMap(([key, prop]) =>
      (brokenValues(prop)[kind] ?? []).map((v) => [key, v] as const),
    );
    if (cases.length > 0)
      out.set(
        kind,
        fc.constantFrom(...cases).map(([key, v]) => ({
          family: kind,
          where: `${action}.${key}`,
          option: setParam(key, v),
          retryKey: retryKey(key),
        })),
      );
  }
  const urlKeys = Object.keys(props).filter((k) => isUrlKey(k, spec));
  if (urlKeys.length > 0) {
    for (const [family, values] of Object.entries(urlValues(spec))) {
      out.set(
        family,
        fc.tuple(fc.constantFrom(...urlKeys), values).map(([key, v]) => ({
          family,
          where: `${action}.${key}`,
          option: setParam(key, v),
          retryKey: retryKey(key),
        })),
      );
    }
  }
  const suffixed = suffixKeys(spec).filter((k) => !Object.hasOwn(props, k));
  if (suffixed.length > 0 && acceptsExtras(schema)) {
    out.set(
      'url-suffix-key',
      fc.tuple(fc.constantFrom(...suffixed), nonHttpsUri()).map(([key, v]) => ({
        family: 'url-suffix-key',
        where: `${action}.${key}`,
        option: setParam(key, v),
        retryKey: false,
      })),
    );
    // Under the first suffix's key only: a validator that knows some suffixes and not others is url-suffix-key's slip.
    const first = suffixed.filter((k) => k.endsWith(spec.urls.keySuffixes[0]!));
    out.set(
      'url-not-string',
      fc.tuple(fc.constantFrom(...(first.length > 0 ? first : suffixed)), notAString()).map(([key, [kind, v]]) => ({
        family: 'url-not-string',
        where: `${action}.${key} (${kind})`,
        option: setParam(key, v),
        retryKey: false,
      })),
    );
  }
  if (isUrlOptionMember('human_review_url', spec)) {
    out.set(
      'url-review',
      nonHttpsUri().map((v) => ({
        family: 'url-review',
        where: `${action}.human_review_url`,
        option: (o: RecoveryOption) => ({ ...o, human_review_url: v }),
        retryKey: false,
      })),
    );
  }
  return out;
}

/** For each family of ERR-EXEC-PARAMS under `spec`, the actions whose options it can break. */
function actionsByFamily(spec: ErrorSpec): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const action of usableActions(spec))
    for (const family of plantsOf(action, spec).keys()) out.set(family, [...(out.get(family) ?? []), action]);
  return out;
}

/**
 * The families of ERR-EXEC-PARAMS under `spec`: `missing` (a required parameter left out), `absent`
 * (no parameters, or `{}`, for an action that needs some), the value breaks of `VALUE_BREAKS`
 * (`falsy`, `wrong-type`, `numeric-string`, `non-integer`, `out-of-range`, `vocabulary`), the URL
 * breaks of `urlValues` in a parameter the schemas name, `url-suffix-key` (a URL parameter known by
 * its suffix alone), `url-not-string` (such a parameter holding null, a number, a boolean, an object
 * or an array) and `url-review` (human_review_url, where D-ERR-06 names it).
 */
export function execParamFamilies(spec: ErrorSpec): string[] {
  return [...actionsByFamily(spec).keys()];
}

/**
 * A valid payload in which one option breaks its action's parameters (ERR-EXEC-PARAMS): the family
 * is drawn first, every family alike, then an action it can break, then what it breaks. A broken
 * human_review_url stays a valid URI (`http:`, `ftp:`, `urn:`), so the published schema still
 * accepts it; a break of a retry parameter is never drawn under `configuration` (D-ERR-08's business).
 */
export function execParamViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const byFamily = actionsByFamily(spec);
  if (byFamily.size === 0)
    throw new Error('spec/error.json leaves no parameter or URL to break: ERR-EXEC-PARAMS has nothing to plant');
  const others = errorEnums(spec).origin.filter((o) => o !== 'configuration');
  return fc
    .constantFrom(...byFamily.keys())
    .chain((family) =>
      fc.constantFrom(...byFamily.get(family)!).chain((action) =>
        plantsOf(action, spec)
          .get(family)!
          .map((plant) => ({ action, plant })),
      ),
    )
    .chain(({ action, plant }) =>
      payloadWithOption(spec, action, plant.retryKey ? { origins: others } : {}).map(
        ({ payload, subError, option }) => {
          const p = copy(payload);
          const list = p.body.sub_errors![subError]!.recovery_options;
          list[option] = plant.option(optionAt(p, subError, option));
          return { family: plant.family, where: plant.where, variants: [`action:${action}`], payload: p as unknown };
        },
      ),
    );
}
