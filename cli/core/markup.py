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
