/** One row of the condition-to-action table (D-ERR-04). */
export interface ConditionActions {
  /** Must be accepted; valid payloads draw from these. */
  allowed: string[];
  /** Must be rejected; adversarial payloads draw from these. */
  forbidden: string[];
  basis: string;
}

/**
 * The pinned uai.error.v1 data of `spec/error.json` (`SpecData.error`: bundled, or with a user's
 * overrides). `schema` is seed data; every other member is a decision of the pack (the file's
 * `$decisions` manifest lists them with their ids in docs/spec-decisions.md).
 */
export interface ErrorSpec {
  /** The seed 000 JSON Schema, exactly as published. */
  schema: Record<string, any>;
  /** D-ERR-01: the formats of the schema that assert; every other one is an annotation. */
  formats: { asserted: string[] };
  /** D-ERR-02: top-level members required besides what the schema requires. */
  envelope: { required: string[] };
  /** D-ERR-10: whether objects with declared properties admit members they do not declare. */
  openMembers: { additionalProperties: boolean };
  /** D-ERR-03: the registry codes, and whether a code outside them is rejected (`closed`, true when left out). */
  registry: { codes: string[]; closed?: boolean };
  conditionActions: { table: Record<string, ConditionActions> };
  executableParameters: { actions: Record<string, { basis: string; schema: Record<string, any> }> };
  urls: { parameterKeys: string[]; keySuffixes: string[]; optionMembers: string[] };
  retry: { actions: string[]; parameters: string[] };
  /** D-ERR-14: whether the `https` scheme of a URL D-ERR-06 pins must be spelled in lower case (true when left out). */
  urlScheme?: { caseSensitive: boolean };
  numericAlignment: {
    httpRange: [number, number];
    anyCode: number[];
    anyCodeFrom: number;
    codes: Record<string, { aligned: number[]; contradicts: number[] }>;
    contradictsAnyCode: number[];
  };
}

/** Whether a code outside `spec.registry.codes` is rejected (D-ERR-03): closed unless the data says `closed: false`. */
export function registryClosed(spec: ErrorSpec): boolean {
  return spec.registry.closed !== false;
}

/** Whether `format` asserts under `spec` (D-ERR-01); a format not listed is an annotation. */
export function formatAsserted(format: string | undefined, spec: ErrorSpec): boolean {
  return format !== undefined && spec.formats.asserted.includes(format);
}

/** Whether members the schema does not declare are allowed (D-ERR-10). */
export function membersOpen(spec: ErrorSpec): boolean {
  return spec.openMembers.additionalProperties !== false;
}

/** The objects of an error payload that declare their members, as the published schema names them. */
export type ErrorLevel = 'payload' | 'body' | 'subError' | 'option';

/** The schema node of each level (the published schema of `spec`). */
export function levelSchemas(spec: ErrorSpec): Record<ErrorLevel, Record<string, any>> {
  const body = spec.schema.properties.body;
  const subError = body.properties.sub_errors.items;
  return { payload: spec.schema, body, subError, option: subError.properties.recovery_options.items };
}

/** The members each level declares (its schema's `properties`). */
export function declaredMembers(spec: ErrorSpec): Record<ErrorLevel, string[]> {
  const s = levelSchemas(spec);
  return {
    payload: Object.keys(s.payload.properties),
    body: Object.keys(s.body.properties),
    subError: Object.keys(s.subError.properties),
    option: Object.keys(s.option.properties),
  };
}

/** Enum values of the published schema of `spec`, by member name. */
export function errorEnums(spec: ErrorSpec): {
  status: string[];
  origin: string[];
  mechanicalCondition: string[];
  action: string[];
} {
  const body = spec.schema.properties.body.properties;
  const subError = body.sub_errors.items.properties;
  return {
    status: body.status.enum,
    origin: body.origin.enum,
    mechanicalCondition: subError.mechanical_condition.enum,
    action: subError.recovery_options.items.properties.action.enum,
  };
}

/**
 * Whether an executable parameter named `key` holds a URL that must be absolute https (D-ERR-06):
 * named in `parameterKeys` or `optionMembers`, or ending in one of `keySuffixes`.
 */
export function isUrlKey(key: string, spec: ErrorSpec): boolean {
  return (
    spec.urls.parameterKeys.includes(key) ||
    spec.urls.optionMembers.includes(key) ||
    spec.urls.keySuffixes.some((s) => key.endsWith(s))
  );
}

/** Whether the `https` scheme must be spelled in lower case (D-ERR-14; the bundled data reads it case-insensitively, as RFC 3986 §3.1 asks of consumers). */
export function schemeCaseSensitive(spec: ErrorSpec): boolean {
  return spec.urlScheme?.caseSensitive !== false;
}

/** Whether a member of a recovery option (beside its parameters) holds a URL that must be absolute https (D-ERR-06). */
export function isUrlOptionMember(member: string, spec: ErrorSpec): boolean {
  return spec.urls.optionMembers.includes(member);
}

/** One recovery option of an extended uai.error.v1 payload. */
export interface RecoveryOption {
  action: string;
  executable_parameters?: Record<string, unknown>;
  human_review_url?: string;
}

/** One sub-error: a mechanical condition and the ways out of it. */
export interface SubError {
  mechanical_condition: string;
  recovery_options: RecoveryOption[];
}

/** The body of an extended uai.error.v1 payload. */
export interface ErrorBody {
  status: string;
  code: string;
  numeric_status?: number;
  origin: string;
  detail: string;
  sub_errors?: SubError[];
}

/** An extended uai.error.v1 payload, as seed 000 shows it. */
export interface ErrorPayload {
  uai_version: string;
  profile: string;
  message_id: string;
  body: ErrorBody;
}
