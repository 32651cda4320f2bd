/** One row of the condition-to-action table (D-ERR-04). */
export interface ConditionActions {
  /** Must be accepted; valid payloads draw from these. */
  allowed: string[];
  /** Must be rejected; adversarial payloads draw from these. */
  forbidden: string[];
  basis: string;
}

/** The pinned uai.error.v1 data of `spec/error.json` (`SpecData.error`: bundled, or with a user's overrides). */
export interface ErrorSpec {
  /** The seed 000 JSON Schema, exactly as published. */
  schema: Record<string, any>;
  formats: { asserted: string[]; annotationOnly: string[] };
  envelope: { required: string[] };
  registry: { codes: string[] };
  conditionActions: { table: Record<string, ConditionActions> };
  executableParameters: { actions: Record<string, { basis: string; schema: Record<string, any> }> };
  urls: { parameterKeys: string[]; keySuffixes: string[]; optionMembers: string[] };
  secrets: { scope: string[] };
  retry: { actions: string[]; parameters: string[] };
  numericAlignment: {
    httpRange: [number, number];
    anyCode: number[];
    anyCodeFrom: number;
    codes: Record<string, { aligned: number[]; contradicts: number[] }>;
    contradictsAnyCode: number[];
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

/** Whether a parameter key or option member holds a URL that must be absolute https (D-ERR-06). */
export function isUrlKey(key: string, spec: ErrorSpec): boolean {
  return spec.urls.parameterKeys.includes(key) || spec.urls.optionMembers.includes(key) || spec.urls.keySuffixes.some((s) => key.endsWith(s));
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
