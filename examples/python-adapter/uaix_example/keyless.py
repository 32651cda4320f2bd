"""The keyless transfer format (001/004 §Formato de transferencia optimizado): every published
object becomes the array of its values in the pinned order (spec/envelope.json `keylessOrder`,
body fields in declaration order); absent optional fields and reserved slots are null; free-form
objects and `keyless: "object"` layouts travel unchanged. Anything that cannot be mapped raises.
"""
from .envelope import SPEC


class KeylessError(ValueError):
    pass


def _layout(name):
    return SPEC['objects'][name]


def _body_layout(profile):
    fields = SPEC['profiles'][profile]['fields']
    return {'keyless': 'array', 'keylessOrder': list(fields), 'fields': fields}


def _order(layout):
    return layout.get('keylessOrder') or list(layout['fields'])


def _encode_value(t, v):
    if t['type'] == 'object':
        layout = _layout(t['layout'])
        return _encode_object(layout, v) if layout['keyless'] == 'array' else v
    if t['type'] == 'array':
        if not isinstance(v, list):
            raise KeylessError('expected an array')
        return [_encode_value(t['items'], item) for item in v]
    return v


def _encode_object(layout, obj):
    if not isinstance(obj, dict):
        raise KeylessError('expected an object')
    return [None if name is None or name not in obj else _encode_value(layout['fields'][name], obj[name]) for name in _order(layout)]


def to_keyless(packet):
    """Keyed envelope to keyless arrays."""
    if not isinstance(packet, dict):
        raise KeylessError('a keyed envelope is a JSON object')
    profile = packet.get('profile')
    if not isinstance(profile, str) or profile not in SPEC['profiles']:
        raise KeylessError('unknown profile %r' % (profile,))
    for k in packet:
        if k not in SPEC['envelopeFields']:
            raise KeylessError('undeclared top-level field ' + k)
    out = []
    for name in SPEC['envelopeFields']:
        if name not in packet:
            out.append(None)
        elif name == 'body':
            out.append(_encode_object(_body_layout(profile), packet[name]))
        else:
            out.append(_encode_value(SPEC['topLevel'][name], packet[name]))
    return out


def _json_type(v):
    if v is None:
        return 'null'
    if isinstance(v, bool):
        return 'boolean'
    if isinstance(v, (int, float)):
        return 'number'
    if isinstance(v, str):
        return 'string'
    return 'array' if isinstance(v, list) else 'object'


def _expected_type(t):
    kind = t['type']
    if kind == 'boolean':
        return 'boolean'
    if kind in ('integer', 'number'):
        return 'number'
    if kind == 'const':
        return _json_type(t['value'])
    if kind == 'free-object':
        return 'object'
    if kind in ('array', 'opaque-array'):
        return 'array'
    if kind == 'object':
        return 'array' if _layout(t['layout'])['keyless'] == 'array' else 'object'
    return 'string'


def _decode_value(t, v, at):
    want = _expected_type(t)
    if _json_type(v) != want:
        raise KeylessError('%s: expected %s, found %s' % (at, want, _json_type(v)))
    if t['type'] == 'integer' and not (isinstance(v, int) or v.is_integer()):
        raise KeylessError(at + ': expected an integer')
    if t['type'] == 'object':
        layout = _layout(t['layout'])
        return _decode_object(layout, v, at) if layout['keyless'] == 'array' else v
    if t['type'] == 'array':
        return [_decode_value(t['items'], item, '%s[%d]' % (at, i)) for i, item in enumerate(v)]
    return v


def _decode_object(layout, arr, at):
    order = _order(layout)
    if not isinstance(arr, list):
        raise KeylessError(at + ': expected an array')
    if len(arr) != len(order):
        raise KeylessError('%s: expected %d slots, found %d' % (at, len(order), len(arr)))
    out = {}
    for i, name in enumerate(order):
        v = arr[i]
        if name is None:
            if v is not None:
                raise KeylessError('%s[%d]: reserved slot must be null' % (at, i))
            continue
        f = layout['fields'][name]
        if v is None:
            if f.get('required'):
                raise KeylessError('%s[%d] (%s): required slot is null' % (at, i, name))
            continue
        out[name] = _decode_value(f, v, '%s[%d]' % (at, i))
    return out


def from_keyless(wire):
    """Keyless arrays to keyed envelope."""
    fields = SPEC['envelopeFields']
    if not isinstance(wire, list):
        raise KeylessError('a keyless envelope is an array')
    if len(wire) != len(fields):
        raise KeylessError('expected %d top-level slots, found %d' % (len(fields), len(wire)))
    profile = wire[1]
    if not isinstance(profile, str) or profile not in SPEC['profiles']:
        raise KeylessError('slot 1: unknown profile %r' % (profile,))
    out = {}
    for i, name in enumerate(fields):
        v = wire[i]
        if v is None:
            raise KeylessError('slot %d (%s): required slot is null' % (i, name))
        out[name] = _decode_object(_body_layout(profile), v, 'body') if name == 'body' else _decode_value(SPEC['topLevel'][name], v, name)
    return out
