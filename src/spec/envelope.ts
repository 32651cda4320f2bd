/** A field type in `spec/envelope.json`. */
export type FieldType =
  | { type: 'token'; prefix?: string }
  | {
      type:
        | 'text'
        | 'uri-reference'
        | 'date-time'
        | 'traceparent'
        | 'field-path'
        | 'checksum'
        | 'level'
        | 'profile'
        | 'boolean'
        | 'free-object'
        | 'opaque-array'
        | 'body';
    }
  | { type: 'integer' | 'number'; minimum?: number; maximum?: number }
  | { type: 'enum'; values: string[] }
  | { type: 'const'; value: string | number }
  | { type: 'object'; layout: string }
  | { type: 'array'; items: FieldType; minItems?: number };

/** A field of a published object, with where its requiredness comes from. */
export type FieldSpec = FieldType & {
  required: boolean;
  basis: 'seed' | 'notes' | 'pinned';
  prefix?: string;
  /** Marks fields that carry a validation-expectation role. */
  boundary?: boolean;
  identity?: boolean;
  expiry?: boolean;
  conditional?: string;
  decision?: string;
};

export interface ObjectLayout {
  /** How the object travels in the keyless form: as an array in `keylessOrder`, or unchanged. */
  keyless: 'array' | 'object';
  /** Keyless slot order; `null` is a reserved slot that the keyed form has no name for. */
  keylessOrder?: (string | null)[];
  fields: Record<string, FieldSpec>;
}

export interface ProfileSpec {
  status: 'published' | 'provisional';
  source: string;
  /** `uai.agent.*` profiles carry a support boundary. */
  agent: boolean;
  fields: Record<string, FieldSpec>;
}

/** When an envelope has expired (D-ENV-07): from the instant of `expires_at` on, or only after it. */
export type ExpiryBoundary = 'at-or-after' | 'after';

/** Where undeclared members are rejected (D-ENV-14): in every published object, or at the top level only. */
export type UndeclaredMembers = 'everywhere' | 'top-level';

/** What the integrity checksum leaves out of what it hashes (D-INT-01): the `checksum` member, or the whole `integrity` object. */
export type ChecksumScope = 'checksum-member' | 'integrity-object';

/** How a date-time's `T` and `Z` are written (D-ENV-04): upper case only, or either case (RFC 3339 §5.6). */
export type UtcCase = 'upper-case' | 'any-case';

/** Where a memory proposal may carry no secret (D-ENV-08): anywhere in the packet, or in its body. */
export type SecretScope = 'packet' | 'body';

/** The pinned UAI-1 envelope data of `spec/envelope.json` (`SpecData.envelope`: bundled, or with a user's overrides). */
export interface EnvelopeSpec {
  /** The decision keys a user may override, with the decision ids each holds. */
  $decisions: Record<string, string[]>;
  expiry: ExpiryBoundary;
  undeclaredMembers: UndeclaredMembers;
  checksumScope: ChecksumScope;
  utcCase: UtcCase;
  secretScope: SecretScope;
  uaiVersion: string;
  envelopeFields: string[];
  types: Record<string, { json: string; pattern?: string; format?: string; enum?: string[] }>;
  objects: Record<string, ObjectLayout>;
  topLevel: Record<string, FieldSpec>;
  profiles: Record<string, ProfileSpec>;
  policy: {
    humanReviewBlockerTypes: string[];
    coldMemory: { sourceType: string; forbiddenStatus: string };
    checksumPlaceholder: string;
    claimTopics: Record<string, string>;
    claimSubject: string;
    claimNegation: string;
  };
}

/** Profile names in registry order. */
export function profileNames(spec: EnvelopeSpec): string[] {
  return Object.keys(spec.profiles);
}

/** The keyless layout of the envelope itself: the top-level fields in `envelopeFields` order. */
export function envelopeLayout(spec: EnvelopeSpec): ObjectLayout {
  return { keyless: 'array', keylessOrder: spec.envelopeFields, fields: spec.topLevel };
}

/** The keyless slot order of a profile's body: the body fields in declared order. */
export function bodyLayout(spec: EnvelopeSpec, profile: string): ObjectLayout {
  const p = Object.hasOwn(spec.profiles, profile) ? spec.profiles[profile] : undefined;
  if (!p) throw new Error(`unknown profile ${profile}`);
  return { keyless: 'array', keylessOrder: Object.keys(p.fields), fields: p.fields };
}

/** The layout of a named published object. */
export function objectLayout(spec: EnvelopeSpec, name: string): ObjectLayout {
  const o = Object.hasOwn(spec.objects, name) ? spec.objects[name] : undefined;
  if (!o) throw new Error(`unknown object layout ${name}`);
  return o;
}
