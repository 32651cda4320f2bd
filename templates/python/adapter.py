#!/usr/bin/env python3
"""A uaix-conformance starter adapter: a child process speaking uaix-adapter/1 (JSON-RPC 2.0, one
message per line) on stdin/stdout. Standard library only.

Every member below is a stub. `describe` lists only the members named in IMPLEMENTED; the pack
skips (never fails) the checks of every other member. Implement a member, add its name to
IMPLEMENTED, and run the pack again. Logs go to stderr: stdout carries protocol messages only.
"""
import json
import sys

PROTOCOL = 'uaix-adapter/1'

# The members that work so far: add a name here once its stub is replaced.
IMPLEMENTED = []


def not_implemented(member):
    """A stub's answer: a clear error, should it ever be called."""
    raise NotImplementedError('not implemented: ' + member)


MEMBERS = {
    # [packet, {"now": ...}] -> {"valid": bool, "findings": [...]}
    'validateEnvelope': lambda packet, context: not_implemented('validateEnvelope'),
    # [packet] -> "sha256:<64 hex>"
    'computeChecksum': lambda packet: not_implemented('computeChecksum'),
    # [packet] -> the keyless arrays; raise when the packet cannot be mapped
    'toKeyless': lambda packet: not_implemented('toKeyless'),
    # [wire] -> the keyed envelope; raise when the arrays cannot be mapped
    'fromKeyless': lambda wire: not_implemented('fromKeyless'),
    # [payload, {"now": ...}] -> {"valid": bool, "findings": [...]}
    'validateError': lambda payload, context: not_implemented('validateError'),
    # [{"$base64": source}, artifact text] -> {"valid": bool, "findings": [...]}
    'verifyUas': lambda source, artifact: not_implemented('verifyUas'),
    # [scenario] -> a list of actions
    'recovery.start': lambda scenario: not_implemented('recovery.start'),
    # [sessionId, observation] -> a list of actions
    'recovery.observe': lambda session_id, observation: not_implemented('recovery.observe'),
}


def describe():
    """The handshake: who this is, and the members it implements."""
    # Add 'inFlight': 16 once the answers depend on nothing but the request: the pack then sends
    # requests ahead while this loop answers them one after another (docs/protocol.md).
    return {'name': 'my-implementation', 'version': '0.0.1', 'capabilityLevel': 'L0', 'protocol': PROTOCOL, 'methods': list(IMPLEMENTED)}


def handle(line):
    """The response to one request line, or None for a blank line."""
    if not line.strip():
        return None
    req = json.loads(line)
    rid, method = req.get('id'), req.get('method')
    if method == 'describe':
        return {'jsonrpc': '2.0', 'id': rid, 'result': describe()}
    if method not in IMPLEMENTED:
        return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32601, 'message': 'no method ' + str(method)}}
    try:
        return {'jsonrpc': '2.0', 'id': rid, 'result': MEMBERS[method](*req['params'])}
    except Exception as e:  # the implementation refused or failed on this input
        print('%s: %s' % (method, e), file=sys.stderr, flush=True)
        return {'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32000, 'message': str(e)}}


def main():
    for raw in sys.stdin.buffer:
        response = handle(raw.decode('utf-8'))
        if response is not None:
            sys.stdout.write(json.dumps(response, ensure_ascii=False, separators=(',', ':')) + '\n')
            sys.stdout.flush()  # an unflushed answer looks like a hang


if __name__ == '__main__':
    main()
