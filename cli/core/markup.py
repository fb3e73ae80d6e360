"""Text escaped for XML and HTML: element content and quoted attribute values.

The same output as ``xml.sax.saxutils.escape`` and ``quoteattr``, without importing them: that
module pulls in ``urllib.request``, ``http.client`` and ``email`` (about 40 ms at every start of
the command, for three replacements).

A page or a drawing shows a stranger's text too (a player's name, a comment, a file name). Its
control characters and bidirectional controls are first shown as visible escapes, as on a
terminal (:func:`kifu.core.escape.terminal`): an ESC or a BEL makes an SVG invalid XML, and a
U+202E in a name would turn the text after it around on the page. A name in a right-to-left
script needs none of them.
"""

from __future__ import annotations

from kifu.core.escape import terminal


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (element content), controls shown as escapes."""
    return terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def html_text(text: str) -> str:
    """Text for an HTML page, in element content or a quoted attribute alike: :func:`escape`,
    and both quotes as character references (what ``html.escape`` does, with the controls
    shown)."""
    return escape(text).replace('"', "&quot;").replace("'", "&#x27;")


def quoteattr(text: str) -> str:
    """``text`` as a quoted attribute value: escaped, line breaks and tabs as character
    references, in double quotes (single quotes when it holds ``"`` but no ``'``)."""
    value = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"{}"'.format(value.replace('"', "&quot;"))


def content_security_policy(style: str) -> str:
    """The ``<meta>`` element of a strict Content-Security-Policy for a page whose only resource
    is the inline ``<style>`` element holding ``style`` (exactly), allowed by its SHA-256 hash.

    Nothing else loads or runs: no script, no image, font, frame or connection (the boards are
    inline SVG), no ``<base>`` and no form target. A page written from a stranger's records
    could otherwise carry what a missed escape let in. Directives that a ``<meta>`` cannot
    carry (``frame-ancestors``, ``sandbox``, ``report-uri``) are left out: Chromium logs an
    error for each.
    """
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(style.encode("utf-8")).digest()).decode("ascii")
    policy = f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
