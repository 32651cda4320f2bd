"""Finds credentials and token-like secrets in text (001 rule 8: none in memory proposals).

UAIX publishes no pattern list; these are the well-known families: PEM private keys, cloud and
forge tokens, API keys, bearer tokens, JWTs, credentials in connection strings, and assignments
such as ``password=...``. Tuned not to flag protocol identifiers (``idem_...``, hex digests, UUIDs).
"""
import re

from .jsregex import JS_SPACE

_S = '[' + JS_SPACE + ']'
_NOT_S = JS_SPACE


def _mixed(s):
    return sum(bool(re.search(p, s)) for p in ('[a-z]', '[A-Z]', '[0-9]')) >= 2


def _sk(s):
    return bool(re.search('[0-9]', s)) and bool(re.search('[A-Za-z]', s))


def _not_placeholder(s):
    return not re.fullmatch(r'\*+|x+|X+|\$\{[^}]*\}|\{\{[^}]*\}\}', s)


# (name, pattern, flags, accept, hints): ASCII letters only, so re.ASCII gives ECMAScript's /i.
_PATTERNS = [
    ('pem-private-key', r'-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----', 0, None, ['private key']),
    ('aws-access-key-id', r'(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])', 0, None, ['akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa']),
    ('github-token', r'(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})', 0, None, ['gh', 'github_pat_']),
    ('slack-token', r'(?<![A-Za-z0-9])xox[abposre]-([A-Za-z0-9-]{10,})', 0, _mixed, ['xox']),
    ('sk-api-key', r'(?<![A-Za-z0-9_-])(?:sk-(?:[a-z0-9]+-){0,2}|[sr]k_(?:live|test)_)([A-Za-z0-9_-]{20,})', 0, _sk, ['sk-', 'sk_', 'rk_']),
    ('bearer-token', r'\bbearer' + _S + r'+([A-Za-z0-9\-._~+/]{20,}=*)', re.I, _mixed, ['bearer']),
    ('jwt', r'(?<![A-Za-z0-9_-])ey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*', 0, None, ['.ey']),
    ('dsn-credentials', r'(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://[^' + _NOT_S + r':/?#@"\'<>]+:([^' + _NOT_S + r'/?#@"\'<>]+)@[^' + _NOT_S + r'/?#@"\'<>]', 0, _not_placeholder, ['://']),
    ('credential-assignment', r'(?<![A-Za-z0-9])(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key|token)["\']?' + _S + r'*[:=]' + _S + r'*["\']?([^' + _NOT_S + r'"\'<>,;&]{12,})', re.I, _mixed, ['pass', 'pwd', 'secret', 'key', 'token']),
]
_COMPILED = [(n, re.compile(p, f | re.ASCII), a, h) for n, p, f, a, h in _PATTERNS]


def find_secret(text):
    """The name of the first secret family in text, or None."""
    if len(text) < 9:
        return None
    lower = text.lower()
    for name, rx, accept, hints in _COMPILED:
        if not any(h in lower for h in hints):
            continue
        if accept is None:
            if rx.search(text):
                return name
            continue
        for m in rx.finditer(text):
            if accept(m.group(1) if m.lastindex else m.group(0)):
                return name
    return None



# A member name that makes its string value an assignment worth reading (``db_password``, ``apiKey``).
_CREDENTIAL_KEY = re.compile(r'(?:password|passwd|passphrase|pwd|secret|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key|token)["\']?$', re.I | re.ASCII)


def locate_secret(value, path=''):
    """(JSON Pointer, family) of the first secret in a JSON value, or None.

    Strings, array items, member names and values are all read; a string under a credential-named
    member is also read as the assignment ``name=value``, so ``{"password": "hunter2hunter2"}`` is
    caught like ``password=hunter2hunter2``.
    """
    if isinstance(value, str):
        kind = find_secret(value)
        return (path, kind) if kind else None
    if isinstance(value, list):
        for i, item in enumerate(value):
            hit = locate_secret(item, '%s/%d' % (path, i))
            if hit:
                return hit
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            here = path + '/' + key.replace('~', '~0').replace('/', '~1')
            kind = find_secret(key)
            if kind:
                return here, kind
            if isinstance(item, str) and _CREDENTIAL_KEY.search(key):
                kind = find_secret(key + '=' + item)
                if kind:
                    return here, kind
            hit = locate_secret(item, here)
            if hit:
                return hit
    return None
