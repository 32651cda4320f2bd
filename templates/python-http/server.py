#!/usr/bin/env python3
"""A uaix-conformance starter service: an HTTP server speaking the HTTP binding of uaix-adapter/1
(one JSON-RPC 2.0 request per POST, answered with status 200 and one response). Standard library only.

Run it, then point the pack at it:
    python3 server.py --port 8080
    npx uaix-conformance --adapter-url http://127.0.0.1:8080/uaix

Every member below is a stub. `describe` lists only the members named in IMPLEMENTED; the pack
skips (never fails) the checks of every other member. Implement a member (call your implementation
from it), add its name to IMPLEMENTED, and run the pack again.
"""
import argparse
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL = 'uaix-adapter/1'
PATH = '/uaix'

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
    # This server answers requests on threads of its own: once the answers depend on nothing but
    # the request, say how many it takes at once ('inFlight': 16), and the pack sends that many.
    return {'name': 'my-implementation', 'version': '0.0.1', 'capabilityLevel': 'L0', 'protocol': PROTOCOL,
            'methods': list(IMPLEMENTED), 'inFlight': 1}


def handle(req):
    """The response to one request message."""
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


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'  # keeps the connection open between requests

    def answer(self, status, message):
        body = json.dumps(message, ensure_ascii=False, separators=(',', ':')).encode('utf-8')
        self.send_response(status)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path.split('?')[0] != PATH:
            return self.answer(404, {'jsonrpc': '2.0', 'id': None, 'error': {'code': -32600, 'message': 'not here'}})
        raw = self.rfile.read(int(self.headers.get('Content-Length') or 0))
        try:
            req = json.loads(raw.decode('utf-8'))
        except ValueError:
            return self.answer(200, {'jsonrpc': '2.0', 'id': None, 'error': {'code': -32700, 'message': 'parse error'}})
        # Every response, errors included, goes with status 200.
        self.answer(200, handle(req))

    def log_message(self, fmt, *args):  # quiet: one line per request is noise
        pass


def main():
    parser = argparse.ArgumentParser(description='a uaix-adapter/1 service over HTTP')
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--port', type=int, default=int(os.environ.get('PORT', '8080')))
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print('listening on http://%s:%d%s' % (args.host, server.server_address[1], PATH), file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
