#!/usr/bin/env python3
"""The uaix-conformance example adapter in Python: serves the uaix-adapter/1 protocol (JSON-RPC 2.0,
one message per line) on stdin/stdout. Run the pack against it with

    npx uaix-conformance --adapter-cmd "python3 examples/python-adapter/adapter.py"

Standard library only. Logs go to stderr; stdout carries protocol messages and nothing else.
"""
import base64
import json
import sys
import traceback

from uaix_example.envelope import checksum, validate_envelope
from uaix_example.keyless import from_keyless, to_keyless
from uaix_example.uas import verify_uas

PROTOCOL = 'uaix-adapter/1'


def _bytes(param):
    """A byte-string parameter: {"$base64": "..."}."""
    if not isinstance(param, dict) or set(param) != {'$base64'}:
        raise TypeError('expected a byte string as {"$base64": ...}')
    return base64.b64decode(param['$base64'], validate=True)


METHODS = {
    'validateEnvelope': lambda packet, context: validate_envelope(packet, context),
    'computeChecksum': lambda packet: checksum(packet),
    'toKeyless': lambda packet: to_keyless(packet),
    'fromKeyless': lambda wire: from_keyless(wire),
    'verifyUas': lambda source, artifact: verify_uas(_bytes(source), artifact),
}


def describe():
    # inFlight: main() reads and answers one line after another and keeps no state between calls,
    # so the pack may send 16 requests before the first answer (docs/protocol.md).
    return {'name': 'uaix-conformance Python example', 'version': '0.1.0', 'capabilityLevel': 'L3', 'protocol': PROTOCOL, 'methods': sorted(METHODS), 'inFlight': 16}


def handle(line):
    """The response to one request line (a dict), or None for a blank line."""
    if not line.strip():
        return None
    try:
        req = json.loads(line)
    except ValueError:
        return {'jsonrpc': '2.0', 'id': None, 'error': {'code': -32700, 'message': 'parse error'}}
    rid = req.get('id') if isinstance(req, dict) else None
    if not isinstance(req, dict) or not isinstance(rid, int) or not isinstance(req.get('method'), str) or not isinstance(req.get('params'), list):
        return {'jsonrpc': '2.0', 'id': rid if isinstance(rid, int) else None, 'error': {'code': -32600, 'message': 'invalid request'}}
    method = req['method']
    if method == 'describe':
        return {'jsonrpc': '2.0', 'id': rid, 'result': describe()}
    fn = METHODS.get(method)
    if fn is None:
        return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32601, 'message': 'no method ' + method}}
    try:
        return {'jsonrpc': '2.0', 'id': rid, 'result': fn(*req['params'])}
    except TypeError as e:
        if 'positional argument' in str(e):
            return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32602, 'message': str(e)}}
        return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32000, 'message': str(e)}}
    except Exception as e:  # the implementation refused or failed on this input
        print(traceback.format_exc(limit=3), file=sys.stderr, flush=True)
        return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32000, 'message': '%s: %s' % (type(e).__name__, e)}}


def main():
    # Binary-safe stdin/stdout; ensure_ascii=False keeps the output UTF-8 and compact.
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    for raw in stdin:
        response = handle(raw.decode('utf-8'))
        if response is not None:
            stdout.write(json.dumps(response, ensure_ascii=False, separators=(',', ':'), allow_nan=False).encode('utf-8', 'surrogatepass') + b'\n')
            stdout.flush()
    # stdin closed: the pack is done with us.


if __name__ == '__main__':
    main()
