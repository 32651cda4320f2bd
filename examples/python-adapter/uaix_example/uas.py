"""UAS hash-lock verification (seed 003 §3.2 and §5), written against the decisions pinned in
uaix-conformance's spec/uas.json and docs/spec-decisions.md (D-UAS-01..14).

verify_uas(source_bytes, artifact_text) answers {valid, findings: [{checkId, unitId?, byteOffset?,
message}]}. It does not attach compilation_error_intercept packets (D-UAS-14 makes them optional).
"""
import hashlib
import re

from .canonical import utf8
from .spec_data import load_spec
from .jsregex import JS_SPACE
from .uas_xml import NotWellFormed, parse_strict_xml

SPEC = load_spec('uas')
_SPAN = re.compile(r'bytes:(0|[1-9][0-9]{0,15})-(0|[1-9][0-9]{0,15})')
_HEX64 = re.compile(r'[0-9a-fA-F]{64}')
_DECIMAL = re.compile(r'(0|[1-9][0-9]*)(\.[0-9]+)?')  # no leading zero (D-UAS-10)
_S = '[' + JS_SPACE + ']'
_LEGACY = re.compile('\ufeff?' + _S + r'*(?:<\?xml[^>]*\?>' + _S + r'*)?(?:<!--[\s\S]*?-->' + _S + r'*)*<([A-Za-z_][A-Za-z0-9_.-]*)[' + JS_SPACE + '/>]')


class Unit:
    def __init__(self, el, index):
        a = el.attrs
        self.id = a.get('id', '')
        self.index = index
        self.source_order = a.get('source_order')
        self.span_raw = a.get('source_span')
        self.span = _parse_span(self.span_raw)
        self.span_sha256 = a.get('span_sha256')
        self.base_role = a.get('base_role')
        self.specialized_role = a.get('specialized_role')
        self.mode = a.get('preservation_mode')
        self.text = el.text_of()
        self.weight = a.get('weight')
        self.modifiers = [t for t in a.get('weight_modifiers', '').split(' ') if t]
        self.concept_refs = [t for t in a.get('concept_refs', '').split(' ') if t]


def _parse_span(raw):
    m = _SPAN.fullmatch(raw) if raw is not None else None
    if not m:
        return None
    start, end = int(m.group(1)), int(m.group(2)) + (1 if SPEC['spanEnd'] == 'inclusive' else 0)
    return (start, end) if end <= 2 ** 53 else None


def legacy_container_of(source):
    head = source[:SPEC['legacyScanBytes']].decode('utf-8', 'replace')
    m = _LEGACY.match(head)
    return m.group(1) if m and m.group(1) in SPEC['legacyContainers'] else None


class _Model:
    """What the verifier reads from a <UAS_Document>, checking the child order on the way."""

    def __init__(self, root, add):
        order = [c['name'] for c in SPEC['childOrder']]
        pos = 0
        seen = {}
        for k in root.children:
            try:
                at = order.index(k.name, pos)
            except ValueError:
                at = -1
            if at < 0:
                add('VAL-ELEMENT-ORDER', k.name, '<%s> is misplaced in <%s>' % (k.name, SPEC['rootElement']))
                if k.name in order and k.name not in seen:
                    seen[k.name] = k
                continue
            pos = at + 1
            seen[k.name] = k
        for c in SPEC['childOrder']:
            if c['required'] and c['name'] not in seen:
                add('VAL-ELEMENT-ORDER', c['name'], 'required child <%s> is missing' % c['name'])
        if root.stray_text:
            add('VAL-ELEMENT-ORDER', SPEC['rootElement'], 'character data directly inside the root')
        for name, el in seen.items():
            allowed = SPEC['containerChildren'].get(name, [])
            for k in el.children:
                if k.name not in allowed:
                    add('VAL-ELEMENT-ORDER', name, '<%s> is not allowed in <%s>' % (k.name, name))
            if allowed and el.stray_text:
                add('VAL-ELEMENT-ORDER', name, 'character data directly inside <%s>' % name)

        def kids(container, child):
            return [e for e in seen[container].children if e.name == child] if container in seen else []

        unit_elements = kids('semantic_units', 'semantic_unit')
        for u in unit_elements:
            if u.children:
                add('VAL-ELEMENT-ORDER', u.attrs.get('id', 'semantic_unit'), 'units hold text only')
        manifest = seen.get('source_manifest')
        migration = seen.get('migration_report')
        self.root_sha256 = manifest.attrs.get('root_sha256') if manifest is not None else None
        self.byte_length = manifest.attrs.get('byte_length') if manifest is not None else None
        self.migrated = [e.attrs.get('name', '') for e in migration.children if e.name == 'migrated_container'] if migration is not None else None
        self.concepts = [c.attrs.get('id', '') for c in kids('concept_registry', 'concept')]
        self.units = [Unit(u, i) for i, u in enumerate(unit_elements)]
        self.nodes = [n.attrs.get('ref', '') for n in kids('cognitive_map', 'node')]
        self.edges = [e.attrs for e in kids('cognitive_map', 'edge')]
        self.ambiguities = [a.attrs for a in kids('ambiguity_register', 'ambiguity_entry')]


def _taxonomy(m, add):
    roles, relations = set(SPEC['baseRoles']), set(SPEC['baseRelations'])

    def registered(kind, ref, token):
        return any(a.get('type') == kind and a.get('ref') == ref and a.get('token', token) == token for a in m.ambiguities)

    for u in m.units:
        if u.base_role not in roles:
            add('VAL-ROLE-ENUM', u.id, 'base_role %r is not a closed base role' % u.base_role)
        sr = u.specialized_role
        if sr is not None and sr not in roles and sr not in SPEC['roleAliases'] and not registered('ROLE_OVERFLOW', u.id, sr):
            add('VAL-OVERFLOW-REGISTER', u.id, 'specialized_role %r has no ROLE_OVERFLOW entry' % sr)
    for e in m.edges:
        eid = e.get('id', '')
        if e.get('base_relation') not in relations:
            add('VAL-RELATION-ENUM', eid, 'base_relation %r is not a closed base relation' % e.get('base_relation'))
        sr = e.get('specialized_relation')
        if sr is not None and sr not in relations and sr not in SPEC['relationAliases'] and not registered('RELATION_OVERFLOW', eid, sr):
            add('VAL-OVERFLOW-REGISTER', eid, 'specialized_relation %r has no RELATION_OVERFLOW entry' % sr)
    for a in m.ambiguities:
        if a.get('type') not in SPEC['ambiguityTypes']:
            add('VAL-OVERFLOW-REGISTER', a.get('ref'), 'ambiguity_entry type %r is unknown' % a.get('type'))


_ALL_KINDS = ('unit', 'concept', 'edge')


def _graph(m, add):
    """Ids unique across units, concepts and edges; every reference names a declared element of a
    kind it may name (D-UAS-11): edge ends and nodes as referenceKinds says, register entries as
    ambiguityRefKinds says for their type; concept_refs name concepts."""
    kinds = {}
    for i, kind in [(u.id, 'unit') for u in m.units] + [(c, 'concept') for c in m.concepts] + [(e.get('id', ''), 'edge') for e in m.edges]:
        kinds.setdefault(i, []).append(kind)
    sound = True
    for i, ks in kinds.items():
        if i == '' or len(ks) > 1:
            sound = False
            add('VAL-ID-UNIQUE', i or None, 'id %r is declared %d times' % (i, len(ks)) if i else '%d element(s) have no id' % len(ks))

    def fits(ref, allowed):
        return ref is not None and ref != '' and any(k in allowed for k in kinds.get(ref, ()))

    def expect(ref, allowed, owner, where):
        nonlocal sound
        if fits(ref, allowed):
            return
        sound = False
        add('VAL-EDGE-REF', owner, '%s references %r, not a declared %s' % (where, ref, ' or '.join(allowed)))

    refs = SPEC['referenceKinds']
    for e in m.edges:
        for end in ('source', 'target'):
            expect(e.get(end), refs['edge'], e.get('id', ''), 'edge %s' % end)
    for n in m.nodes:
        expect(n, refs['node'], n, 'a <node>')
    for a in m.ambiguities:
        expect(a.get('ref'), SPEC['ambiguityRefKinds'].get(a.get('type'), _ALL_KINDS), a.get('ref'), 'an ambiguity_entry')
    for u in m.units:
        for c in u.concept_refs:
            if not fits(c, refs['concept_refs']):
                add('VAL-CONCEPT-REF', u.id, 'concept %r is not a declared concept' % c)
    return sound


def _spans(m, length, add):
    readable = []
    for u in m.units:
        s = u.span
        if s is None or s[0] >= s[1] or s[1] > length:
            add('VAL-SPAN-BOUNDS', u.id, 'source_span %r is out of bounds' % u.span_raw, s[0] if s is not None and s[0] <= length else None)
            continue
        readable.append(u)
    for u in m.units:
        if u.source_order != str(u.index + 1):
            add('VAL-SOURCE-ORDER', u.id, 'source_order %r, expected %d' % (u.source_order, u.index + 1))
    prev = None
    for u in readable:
        if prev is not None and u.span[0] < prev.span[1]:
            add('VAL-SOURCE-ORDER', u.id, 'span overlaps or precedes the previous unit', u.span[0])
        prev = u
    return readable


def _weights(m, sound, add):
    declared = {}
    for u in m.units:
        v = float(u.weight) if u.weight is not None and _DECIMAL.fullmatch(u.weight) else None
        if v is None or not 0 <= v <= 1:
            add('VAL-WEIGHT-RANGE', u.id, 'weight %r is not a decimal in [0, 1]' % u.weight)
        else:
            declared[u.id] = v
    if not sound:
        return
    deg = {}
    neighbours = {u.id: set() for u in m.units}
    for e in m.edges:
        src, dst = e.get('source'), e.get('target')
        for end in {src, dst}:
            deg[end] = deg.get(end, 0) + 1
        if src is not None and dst is not None:
            neighbours.get(src, set()).add(dst)
            neighbours.get(dst, set()).add(src)
    # C = degree / divisor (D-UAS-10): the largest degree, or n - 1, over the elements of the kinds `over`.
    norm_spec = SPEC['centralityNormalization']
    over = norm_spec['over']
    population = ([u.id for u in m.units] if 'unit' in over else []) + (list(m.concepts) if 'concept' in over else []) + ([e.get('id', '') for e in m.edges] if 'edge' in over else [])
    if norm_spec['divideBy'] == 'n-minus-1':
        norm = len(population) - 1
    else:
        norm = max([0] + [deg.get(i, 0) for i in population])
    promoted = set(m.nodes)
    isolated = {a.get('ref') for a in m.ambiguities if a.get('type') == 'NODE_ISOLATION'}
    mods = SPEC['weightModifiers']
    for u in m.units:
        d = deg.get(u.id, 0)
        den = norm if norm > 0 else 1
        # Each condition counts once (seed 003 §2.3); listing one twice is itself a finding.
        listed = set(u.modifiers)
        num = (SPEC['weightBase'] + sum(mods.get(t, 0) for t in listed)) * den + SPEC['centralityFactor'] * (d if norm > 0 else 0)
        w = min(100, max(0, num / den)) / 100
        unknown = [t for t in u.modifiers if t not in mods]
        repeated = sorted(t for t in listed if u.modifiers.count(t) > 1)
        if unknown:
            add('VAL-WEIGHT-FORMULA', u.id, 'unknown weight modifier(s) ' + ' '.join(unknown))
        elif repeated:
            add('VAL-WEIGHT-FORMULA', u.id, 'weight modifier(s) listed more than once: ' + ' '.join(repeated))
        elif u.id in declared and abs(declared[u.id] - w) > SPEC['weightTolerance'] + 1e-9:
            add('VAL-WEIGHT-FORMULA', u.id, 'weight %s differs from the formula (%.4f)' % (u.weight, w))
        if num >= SPEC['promotion']['PM-01'] * den and u.id not in promoted and not any(n in promoted for n in neighbours.get(u.id, ())):
            add('VAL-PROMOTION', u.id, 'PM-01: weight >= 0.85 but not promoted to a node')
        if num >= SPEC['promotion']['PM-02'] * den and d == 0 and u.id not in isolated:
            add('VAL-PROMOTION', u.id, 'PM-02: weight >= 0.95, no edge and no NODE_ISOLATION entry')


def _migration(m, legacy, add):
    listed = m.migrated
    if legacy is not None and (listed is None or legacy not in listed):
        add('VAL-MIGRATION-REPORT', 'migration_report', 'legacy <%s> source without a migration report' % legacy)
    for name in listed or []:
        if name != legacy or name not in SPEC['legacyContainers']:
            add('VAL-MIGRATION-REPORT', 'migration_report', 'the migration report names <%s>, which the source is not' % name)


def _contents(m, readable, source, add):
    root = hashlib.sha256(source).hexdigest()
    claimed = m.root_sha256
    if claimed is None or not _HEX64.fullmatch(claimed) or claimed.lower() != root:
        add('VAL-ROOT-HASH', 'source_manifest', 'root_sha256 is not the SHA-256 of the source')
    elif m.byte_length is not None and m.byte_length != str(len(source)):
        add('VAL-ROOT-HASH', 'source_manifest', 'byte_length is not the source length')
    for u in readable:
        start, end = u.span
        span = source[start:end]
        if u.span_sha256 is None or not _HEX64.fullmatch(u.span_sha256) or u.span_sha256.lower() != hashlib.sha256(span).hexdigest():
            add('VAL-SPAN-HASH', u.id, 'span_sha256 is not the SHA-256 of bytes %d-%d' % (start, end), start)
        if u.mode not in SPEC['preservationModes']:
            add('VAL-VERBATIM', u.id, 'unknown preservation_mode %r' % u.mode)
        if u.mode == 'VERBATIM_FULL':
            text = utf8(u.text)
            diff = next((i for i, (a, b) in enumerate(zip(text, span)) if a != b), -1)
            if diff < 0 and len(text) != len(span):
                diff = min(len(text), len(span))
            if diff >= 0:
                add('VAL-VERBATIM', u.id, 'verbatim text differs from the source at byte %d' % (start + diff), start + diff)


def verify_uas(source, artifact):
    """The verdict on an artifact (str) that claims to lock source (bytes)."""
    issues = []

    def add(check_id, ref, message, byte_offset=None):
        issues.append((check_id, ref, message, byte_offset))

    model = None
    try:
        root = parse_strict_xml(artifact)
    except NotWellFormed as e:
        add('VAL-XML-WELL-FORMED', 'UAS_Document', 'not well-formed XML: %s' % e)
        root = None
    if root is not None and root.name in SPEC['legacyContainers']:
        add('VAL-MIGRATION-REPORT', root.name, 'the artifact is still a legacy <%s> container' % root.name)
    elif root is not None and root.name != SPEC['rootElement']:
        add('VAL-ELEMENT-ORDER', root.name, 'the root element is <%s>' % root.name)
    elif root is not None:
        model = _Model(root, add)
        _taxonomy(model, add)
        sound = _graph(model, add)
        readable = _spans(model, len(source), add)
        _weights(model, sound, add)
        _migration(model, legacy_container_of(source), add)
        _contents(model, readable, source, add)
    ids = set()
    if model is not None:
        ids = {u.id for u in model.units} | set(model.concepts) | {e.get('id', '') for e in model.edges}
    findings = []
    for check_id, ref, message, offset in issues:
        f = {'checkId': check_id, 'message': message}
        if ref is not None and ref in ids:
            f['unitId'] = ref
        if offset is not None:
            f['byteOffset'] = offset
        findings.append(f)
    return {'valid': not findings, 'findings': findings}
