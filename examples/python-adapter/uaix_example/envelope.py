"""UAI-1 envelope validation (001/004 §Expectativas de validación), driven by the pinned envelope
data (spec/envelope.json of uaix-conformance: field layouts, types, patterns, policy lists).

The structural part mirrors what a strict JSON Schema says (required members, no undeclared
members, types, patterns, enums, bounds); the policy part covers what a schema cannot say: expiry,
unsupported claims, secrets in memory proposals, cold-memory promotion, blockers that need human
review, and the integrity checksum.
"""
import datetime
import hashlib
import re

from .canonical import canonicalize, utf8
from .spec_data import load_spec
from .jsregex import JS_SPACE, compile_js
from .secret_scan import locate_secret

SPEC = load_spec('envelope')
_PATTERNS = {name: compile_js(t['pattern'], 'u') for name, t in SPEC['types'].items() if 'pattern' in t}
_URI = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*")
_SCHEME = re.compile(r'[A-Za-z][A-Za-z0-9+.\-]*:')
_DATE_TIME = re.compile(r'(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)')


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool) or isinstance(v, float) and v.is_integer()


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _valid_date_time(s):
    m = _DATE_TIME.fullmatch(s)
    if not m:
        return False
    y, mo, d, h, mi, sec = (int(g) for g in m.groups())
    try:
        datetime.date(y, mo, d)
    except ValueError:
        return False
    return h <= 23 and mi <= 59 and (sec <= 59 or (sec == 60 and h == 23 and mi == 59))


def _valid_uri_reference(s):
    if not _URI.fullmatch(s):
        return False
    colon = s.find(':')
    first_delim = min([i for i in (s.find('/'), s.find('?'), s.find('#')) if i >= 0] or [len(s)])
    # A colon before any /, ? or # makes the prefix a scheme, which must be well formed.
    return not (0 <= colon < first_delim) or bool(_SCHEME.match(s)) and colon > 0


class _Walker:
    def __init__(self):
        self.findings = []

    def add(self, path, code, message, check_id='ENV-SCHEMA'):
        self.findings.append({'checkId': check_id, 'path': path, 'code': code, 'message': message})

    def field(self, ftype, value, path):
        t = ftype['type']
        if t == 'boolean':
            if not isinstance(value, bool):
                self.add(path, 'type', 'must be a boolean')
        elif t in ('integer', 'number'):
            if not (_is_int(value) if t == 'integer' else _is_num(value)):
                self.add(path, 'type', 'must be an ' + t)
            elif ('minimum' in ftype and value < ftype['minimum']) or ('maximum' in ftype and value > ftype['maximum']):
                self.add(path, 'range', 'out of range')
        elif t == 'enum':
            if not isinstance(value, str) or value not in ftype['values']:
                self.add(path, 'enum', 'must be one of ' + ', '.join(ftype['values']))
        elif t == 'const':
            want = ftype['value']
            same = (value == want and type(value) is not bool and (isinstance(want, str) == isinstance(value, str)))
            if not same:
                self.add(path, 'const', 'must be %r' % (want,))
        elif t == 'profile':
            if not isinstance(value, str) or value not in SPEC['profiles']:
                self.add(path, 'enum', 'unknown profile', 'ENV-PROFILE-KNOWN')
        elif t in ('free-object', 'body'):
            if not isinstance(value, dict):
                self.add(path, 'type', 'must be an object')
        elif t == 'opaque-array':
            if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                self.add(path, 'type', 'must be an array of objects')
        elif t == 'object':
            self.obj(SPEC['objects'][ftype['layout']]['fields'], value, path)
        elif t == 'array':
            if not isinstance(value, list):
                self.add(path, 'type', 'must be an array')
                return
            if len(value) < ftype.get('minItems', 0):
                self.add(path, 'minItems', 'too few items')
            for i, item in enumerate(value):
                self.field(ftype['items'], item, '%s/%d' % (path, i))
        else:
            base = SPEC['types'][t]
            if not isinstance(value, str):
                self.add(path, 'type', 'must be a string')
                return
            if t in _PATTERNS and not _PATTERNS[t].search(value):
                self.add(path, 'pattern', 'does not match the %s pattern' % t, 'ENV-UTC-Z' if t == 'date-time' else 'ENV-SCHEMA')
            elif 'enum' in base and value not in base['enum']:
                self.add(path, 'enum', 'not allowed')
            elif base.get('format') == 'date-time' and not _valid_date_time(value):
                self.add(path, 'format', 'not a valid date-time', 'ENV-UTC-Z')
            elif base.get('format') == 'uri-reference' and not _valid_uri_reference(value):
                self.add(path, 'format', 'not a URI reference')

    def obj(self, fields, value, path):
        if not isinstance(value, dict):
            self.add(path, 'type', 'must be an object')
            return
        for name, f in fields.items():
            if name in value:
                self.field(f, value[name], path + '/' + name)
            elif f.get('required'):
                self.add(path + '/' + name, 'required', 'missing required member', 'ENV-REQUIRED-FIELDS')
        for name in value:
            if name not in fields:
                self.add(path + '/' + name.replace('~', '~0').replace('/', '~1'), 'additionalProperties', 'undeclared member', 'ENV-UNDECLARED-FIELD')


def _strings(value, path=''):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, '%s/%d' % (path, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, path + '/' + k.replace('~', '~0').replace('/', '~1'))


_POLICY = SPEC['policy']
_CLAIM_SUBJECT = compile_js(_POLICY['claimSubject'], 'iu')
_CLAIM_NEGATION = compile_js(_POLICY['claimNegation'], 'iu')
_CLAIM_TOPICS = [(name, compile_js(rx, 'iu')) for name, rx in _POLICY['claimTopics'].items()]
_SENTENCES = re.compile('(?<=[.!?;])[' + JS_SPACE + ']+|[\\n\\r]+')


def unsupported_claim(text):
    """The topic of the first sentence that claims UAIX provides a service it does not, or None."""
    if not _CLAIM_SUBJECT.search(text):
        return None
    for sentence in _SENTENCES.split(text):
        if not _CLAIM_SUBJECT.search(sentence) or _CLAIM_NEGATION.search(sentence):
            continue
        for name, rx in _CLAIM_TOPICS:
            if rx.search(sentence):
                return name
    return None


def _instant_ms(s):
    """Milliseconds since the epoch of a UTC date-time, truncated to the millisecond like Date.parse."""
    m = re.fullmatch(r'(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z', s)
    if not m:
        return None
    y, mo, d, h, mi, sec = (int(g) for g in m.groups()[:6])
    frac = (m.group(7) or '')[:3].ljust(3, '0')
    days = (datetime.date(y, mo, d) - datetime.date(1970, 1, 1)).days
    return ((days * 24 + h) * 60 + mi) * 60000 + sec * 1000 + int(frac)


def checksum(packet):
    """sha256 of the JCS text of the envelope without integrity.checksum (D-INT-01)."""
    if not isinstance(packet, dict):
        raise TypeError('the envelope must be a JSON object')
    subject = packet
    integrity = packet.get('integrity')
    if isinstance(integrity, dict) and 'checksum' in integrity:
        subject = dict(packet)
        subject['integrity'] = {k: v for k, v in integrity.items() if k != 'checksum'}
    return 'sha256:' + hashlib.sha256(utf8(canonicalize(subject))).hexdigest()


def _policy(env, now):
    out = []
    body = env['body']
    now_ms = _instant_ms(now)
    expires = _instant_ms(env['delivery']['expires_at'])
    if now_ms is not None and expires is not None and expires <= now_ms:
        out.append({'checkId': 'ENV-EXPIRED', 'path': '/delivery/expires_at', 'code': 'expired'})
    for path, text in _strings(env):
        topic = unsupported_claim(text)
        if topic:
            out.append({'checkId': 'ENV-UNSUPPORTED-CLAIM', 'path': path, 'code': 'unsupported_claim', 'message': 'claims UAIX provides ' + topic})
            break
    if env['profile'] == 'uai.agent.memory-proposal.v1':
        # D-ENV-08: the whole packet (a label, the fallback directive, a free-form object, member
        # names and credential-named members too), or its body only under secretScope "body".
        hit = locate_secret(body, '/body') if SPEC.get('secretScope') == 'body' else locate_secret(env)
        if hit:
            out.append({'checkId': 'ENV-SECRET-IN-MEMORY', 'path': hit[0], 'code': 'secret', 'message': 'a ' + hit[1]})
        cold = _POLICY['coldMemory']
        if body.get('source_type') == cold['sourceType'] and body.get('proposed_status') == cold['forbiddenStatus']:
            out.append({'checkId': 'ENV-COLD-MEMORY-PROMOTION', 'path': '/body/proposed_status', 'code': 'cold_memory_promotion'})
    if env['profile'] == 'uai.agent.blocker.v1' and body.get('blocker_type') in _POLICY['humanReviewBlockerTypes'] and body.get('human_review_required') is not True:
        out.append({'checkId': 'ENV-HUMAN-REVIEW-BLOCKER', 'path': '/body/human_review_required', 'code': 'human_review_required'})
    recorded = env['integrity']['checksum']
    if recorded != _POLICY['checksumPlaceholder'] and checksum(env) != recorded:
        out.append({'checkId': 'INT-TAMPER-DETECTED', 'path': '/integrity/checksum', 'code': 'checksum_mismatch'})
    return out


def validate_envelope(packet, context):
    """A verdict {valid, findings} for one envelope, at the instant context['now']."""
    if not isinstance(packet, dict):
        return {'valid': False, 'findings': [{'checkId': 'ENV-SCHEMA', 'path': '', 'code': 'type', 'message': 'an envelope is a JSON object'}]}
    profile = packet.get('profile')
    if 'profile' not in packet:
        return {'valid': False, 'findings': [{'checkId': 'ENV-REQUIRED-FIELDS', 'path': '/profile', 'code': 'required'}]}
    if not isinstance(profile, str) or profile not in SPEC['profiles']:
        return {'valid': False, 'findings': [{'checkId': 'ENV-PROFILE-KNOWN', 'path': '/profile', 'code': 'unknown_profile'}]}
    walker = _Walker()
    fields = dict(SPEC['topLevel'])
    walker.obj(fields, packet, '')
    if isinstance(packet.get('body'), dict):
        walker.obj(SPEC['profiles'][profile]['fields'], packet['body'], '/body')
    if walker.findings:
        return {'valid': False, 'findings': walker.findings}
    findings = _policy(packet, context.get('now', ''))
    return {'valid': False, 'findings': findings} if findings else {'valid': True}
