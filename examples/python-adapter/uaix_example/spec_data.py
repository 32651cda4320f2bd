"""The pack's pinned spec data (spec/<name>.json), merged key by key with $UAIX_SPEC_DIR/<name>.json."""

import json
import os

_SPEC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'spec')


def load_spec(name):
    with open(os.path.join(_SPEC_DIR, name + '.json'), encoding='utf-8') as f:
        spec = json.load(f)
    override_dir = os.environ.get('UAIX_SPEC_DIR')
    override = os.path.join(override_dir or '', name + '.json')
    if override_dir and os.path.exists(override):
        with open(override, encoding='utf-8') as f:
            spec.update(json.load(f))
    return spec
