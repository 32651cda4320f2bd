"""Compiles ECMAScript regular expressions (the dialect spec/envelope.json is written in) with
Python's re, keeping ECMAScript's meaning of the escapes whose meaning differs:

* ``\\s``/``\\S``: ECMAScript whitespace is a fixed set (it includes U+FEFF, excludes U+001C-U+001F).
* ``\\d``, ``\\w``, ``\\b``: ASCII-only in ECMAScript, Unicode in Python.
* ``$`` (without the m flag): end of input only; Python's also matches before a final newline.
"""
import re

JS_SPACE = '\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'
_WORD = 'A-Za-z0-9_'
_OUTSIDE = {
    's': '[' + JS_SPACE + ']',
    'S': '[^' + JS_SPACE + ']',
    'd': '[0-9]',
    'D': '[^0-9]',
    'w': '[' + _WORD + ']',
    'W': '[^' + _WORD + ']',
    'b': '(?:(?<=[' + _WORD + '])(?![' + _WORD + '])|(?<![' + _WORD + '])(?=[' + _WORD + ']))',
    'B': '(?:(?<=[' + _WORD + '])(?=[' + _WORD + '])|(?<![' + _WORD + '])(?![' + _WORD + ']))',
}
_INSIDE = {'s': JS_SPACE, 'd': '0-9', 'w': _WORD}


def translate(source):
    """The Python pattern for an ECMAScript pattern source."""
    out = []
    i = 0
    in_class = False
    while i < len(source):
        c = source[i]
        if c == '\\' and i + 1 < len(source):
            e = source[i + 1]
            if in_class and e in _INSIDE:
                out.append(_INSIDE[e])
            elif not in_class and e in _OUTSIDE:
                out.append(_OUTSIDE[e])
            elif in_class and e in 'SDW':
                raise ValueError('negated class escape inside a class is not supported: ' + source)
            else:
                out.append(c + e)
            i += 2
            continue
        if c == '[' and not in_class:
            in_class = True
        elif c == ']' and in_class:
            in_class = False
        elif c == '$' and not in_class:
            out.append('(?![\\s\\S])')
            i += 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def compile_js(source, flags=''):
    """re.compile of an ECMAScript pattern with flags among 'i' and 'u'."""
    return re.compile(translate(source), re.IGNORECASE if 'i' in flags else 0)
