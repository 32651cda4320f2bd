#!/usr/bin/env python3
"""uas_verify.py --source <raw_input.txt> --artifact <compiled.xml> [--json]

The Python example's UAS verifier as a command line, the shape seed 003 §7 gives `uas-verify`:
exit 0 valid, 1 invalid (findings on stdout), 2 usage error or unreadable file. It can be driven
by the pack's template form:

    npx uaix-conformance --uas-verify-cmd "python3 examples/python-adapter/uas_verify.py --source {source} --artifact {artifact} --json"
"""
import argparse
import json
import sys

from uaix_example.uas import verify_uas


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        sys.stderr.write('uas_verify: %s\n' % message)
        sys.exit(2)


def main():
    p = _Parser(description='Verify that a compiled UAS artifact is hash-locked to its source.')
    p.add_argument('--source', required=True)
    p.add_argument('--artifact', required=True)
    p.add_argument('--json', action='store_true')
    args = p.parse_args()
    try:
        with open(args.source, 'rb') as f:
            source = f.read()
        with open(args.artifact, 'rb') as f:
            artifact = f.read().decode('utf-8', 'surrogateescape')
    except OSError as e:
        sys.stderr.write('uas_verify: %s\n' % e)
        return 2
    verdict = verify_uas(source, artifact)
    if args.json:
        print(json.dumps(verdict, ensure_ascii=False))
    elif verdict['valid']:
        print('valid: the artifact is hash-locked to the source')
    else:
        print('invalid: %d finding(s)' % len(verdict['findings']))
        for f in verdict['findings']:
            print('%s%s%s: %s' % (f['checkId'], ' unit=' + f['unitId'] if 'unitId' in f else '', ' byte=%d' % f['byteOffset'] if 'byteOffset' in f else '', f['message']))
    return 0 if verdict['valid'] else 1


if __name__ == '__main__':
    sys.exit(main())
