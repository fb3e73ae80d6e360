"""Text escaped for XML and HTML: element content and quoted attribute values.

The same output as ``xml.sax.saxutils.escape`` and ``quoteattr``, without importing them: that
module pulls in ``urllib.request``, ``http.client`` and ``email`` (about 40 ms at every start of
the command, for three replacements)."""

from __future__ import annotations


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (element content)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


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
