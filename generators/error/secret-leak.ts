import fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';
import { fakeCredentialMember, fakeCredentialValue, fakeSecretInProse } from '../common/secrets.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { acceptsExtras, parameterSchema } from './executable-parameters.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';

/**
 * A valid payload that ships a (fake) credential: in `detail`, as a credential-named parameter, as
 * a secret-looking parameter value, or in the query of a review URL (ERR-NO-SECRETS). The added
 * keys are neither URL keys nor retry keys, so no other rule is touched; a parameter is added only
 * where the action's schema admits undeclared members.
 */
export function secretLeak(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc.constantFrom(...usableActions(spec)).chain((action) => {
    const open = acceptsExtras(parameterSchema(action, spec));
    return fc.tuple(payloadWithOption(spec, action), fakeSecretInProse(), fakeCredentialMember(), fakeCredentialValue, open ? fc.nat(3) : fc.constantFrom(0, 3)).map(([t, leak, member, value, how]) => {
      const p = copy(t.payload);
      const o = optionAt(p, t.subError, t.option);
      switch (how) {
        case 0:
          p.body.detail = `${p.body.detail} ${leak.text}`;
          return { family: `detail:${leak.family}`, payload: p as unknown };
        case 1:
          o.executable_parameters = { ...o.executable_parameters, [member.key]: member.value };
          return { family: 'param-member', payload: p as unknown };
        case 2:
          o.executable_parameters = { ...o.executable_parameters, note: leak.text };
          return { family: `param-value:${leak.family}`, payload: p as unknown };
        default:
          o.human_review_url = `https://review.example.com/login?access_token=${value}`;
          return { family: 'url-query', payload: p as unknown };
      }
    });
  });
}
