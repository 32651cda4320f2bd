"""Strict XML 1.0 reading of a UAS artifact with the standard library's expat parser.

expat already refuses what XML 1.0 calls not well-formed (unbalanced tags, undeclared entities,
``&#1;``, raw control characters, ``]]>`` in text, ``<`` in attribute values, ``--`` in comments,
text after the root, an XML declaration anywhere but at the very start). A DOCTYPE is refused on
top (the UAS format has no DTD), and so is a declaration whose version is not 1.x (XML 1.0's
VersionNum, which expat does not check). Line ends and attribute white space are normalized by
expat as XML 1.0 §2.11 and §3.3.3 require.
"""
import re
from xml.parsers import expat


class NotWellFormed(Exception):
    pass


class Element:
    __slots__ = ('name', 'attrs', 'children', 'text', 'stray_text')

    def __init__(self, name, attrs):
        self.name = name
        self.attrs = attrs
        self.children = []
        self.text = []  # decoded character data directly inside (text and CDATA)
        self.stray_text = False  # non-white-space character data directly inside

    def text_of(self):
        return ''.join(self.text)


_NON_SPACE = re.compile('[^\t\n\r ]')
_VERSION = re.compile(r'1\.[0-9]+')


def parse_strict_xml(artifact):
    """The root Element, or raises NotWellFormed with a message."""
    if re.search(r'<!DOCTYPE', artifact, re.I):
        raise NotWellFormed('a DOCTYPE is not allowed in a UAS artifact')
    try:
        data = artifact.encode('utf-8')
    except UnicodeEncodeError:
        raise NotWellFormed('the artifact holds a lone surrogate, which no XML character is')
    parser = expat.ParserCreate('UTF-8')
    parser.buffer_text = True
    stack = []
    roots = []

    def start(name, attrs):
        el = Element(name, attrs)
        if stack:
            stack[-1].children.append(el)
        else:
            roots.append(el)
        stack.append(el)

    def end(_name):
        stack.pop()

    def chars(text):
        if stack:
            stack[-1].text.append(text)
            if _NON_SPACE.search(text):
                stack[-1].stray_text = True

    def xml_decl(version, _encoding, _standalone):
        if not _VERSION.fullmatch(version or ''):
            raise NotWellFormed('XML declaration version %r is not 1.x' % version)

    parser.XmlDeclHandler = xml_decl
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.ordered_attributes = False
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise NotWellFormed('%s (line %d, column %d)' % (expat.ErrorString(e.code), e.lineno, e.offset + 1))
    if len(roots) != 1:
        raise NotWellFormed('expected one root element, found %d' % len(roots))
    return roots[0]
