"""RFC 8785 (JCS) canonical JSON, in pure Python.

Two places where Python's own JSON differs from what RFC 8785 asks for, and how they are handled:

* Numbers. JCS serializes numbers the way ECMAScript's Number.prototype.toString does. Python's
  repr(float) yields the same shortest round-trip digits, but formats them differently (``1e+21``
  vs ``1e21``, ``1.0`` vs ``1``, ``1e-07`` vs ``1e-7``). ``es_number`` takes the digits from repr
  and lays them out by the ECMAScript rules (ECMA-262 Number::toString). Python ints are printed
  exactly up to 2**53; a larger one becomes the nearest double first, as an ECMAScript reader of
  the same JSON text would hold it (so ``123456789012345680000`` prints as it came).
* Strings and key order. Keys sort by UTF-16 code units (not code points), and a lone surrogate
  is replaced by U+FFFD when hashed, as an ECMAScript engine encoding the text to UTF-8 does.
"""
import math

_ESCAPES = {'"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t'}


def es_number(x):
    """The ECMAScript Number::toString of a JSON number (int or float)."""
    if isinstance(x, bool):
        raise TypeError('a boolean is not a number')
    if isinstance(x, int):
        if abs(x) <= 2 ** 53:
            return str(x)
        # Beyond 2**53 an ECMAScript reader holds the nearest double, and prints that double.
        x = float(x)
    if math.isnan(x) or math.isinf(x):
        raise ValueError('NaN and Infinity have no JSON form')
    if x == 0:
        return '0'  # -0 too
    if x < 0:
        return '-' + es_number(-x)
    # Shortest round-trip digits and the decimal exponent, from repr: value = 0.DIGITS * 10**n
    mantissa, _, exp = repr(x).partition('e')
    whole, _, frac = mantissa.partition('.')
    digits = (whole + frac).lstrip('0')
    n = len(whole) + (int(exp) if exp else 0) if whole != '0' else -(len(frac) - len(frac.lstrip('0'))) + (int(exp) if exp else 0)
    digits = digits.rstrip('0') or '0'
    k = len(digits)
    if k <= n <= 21:
        return digits + '0' * (n - k)
    if 0 < n <= 21:
        return digits[:n] + '.' + digits[n:]
    if -6 < n <= 0:
        return '0.' + '0' * (-n) + digits
    e = n - 1
    sign = '+' if e >= 0 else '-'
    return (digits if k == 1 else digits[0] + '.' + digits[1:]) + 'e' + sign + str(abs(e))


def _string(s):
    out = ['"']
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20:
            out.append('\\u%04x' % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def _utf16_key(k):
    return k.encode('utf-16-be', 'surrogatepass')


def canonicalize(value):
    """The JCS text of a JSON value (dict, list, str, int, float, bool, None)."""
    if value is None:
        return 'null'
    if value is True:
        return 'true'
    if value is False:
        return 'false'
    if isinstance(value, (int, float)):
        return es_number(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return '[' + ','.join(canonicalize(v) for v in value) + ']'
    if isinstance(value, dict):
        keys = sorted(value.keys(), key=_utf16_key)
        return '{' + ','.join(_string(k) + ':' + canonicalize(value[k]) for k in keys) + '}'
    raise TypeError('no JSON form for %r' % type(value))


def utf8(text):
    """UTF-8 bytes of a text, lone surrogates replaced by U+FFFD (as ECMAScript engines encode)."""
    return text.encode('utf-16-be', 'surrogatepass').decode('utf-16-be', 'replace').encode('utf-8')
