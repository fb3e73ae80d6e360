"""XQBridge CBF (XML): header fields, FEN and the main line of ``x1y1-x2y2`` moves."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kifu.core.findings import Finding
from kifu.core.record import MoveNode, Record
from kifu.xiangqi import codes
from kifu.xiangqi.formats.budget import MoveBudget
from kifu.xiangqi.formats.coords import dhtml_move_to_iccs
from kifu.xiangqi.formats.errors import RecordError

_TAGS = {
    "Name": "Event",
    "Contest": "Event",
    "Date": "Date",
    "Site": "Site",
    "Red": "Red",
    "Black": "Black",
    "RedTeam": "RedTeam",
    "BlackTeam": "BlackTeam",
    "ECCO": "ECCO",
    "Round": "Round",
}
_RESULTS = {"1": "1-0", "2": "0-1", "3": "1/2-1/2"}


def read_cbf(text: str) -> tuple[Record, list[Finding]]:
    """The record of a CBF document (its main line), with the findings of reading it."""
    try:
        root = ET.fromstring(text.lstrip("\ufeff"))
    except ET.ParseError as error:
        raise RecordError(codes.UNREADABLE_TEXT(f"the CBF file is not well-formed XML: {error}")) from None
    record = Record(game="xiangqi", index=1, line=1)
    findings: list[Finding] = []
    head = root.find("Head")
    if head is not None:
        for child in head:
            value = (child.text or "").strip()
            if not value:
                continue
            if child.tag == "FEN":
                record.start_position = value
                record.tags["FEN"] = value
            elif child.tag == "RecordResult":
                if value in _RESULTS:
                    record.tags["Result"] = _RESULTS[value]
            elif child.tag in _TAGS:
                record.tags.setdefault(_TAGS[child.tag], value)
    moves = root.find("MoveList")
    budget = MoveBudget()
    for element in moves if moves is not None else []:
        value = element.get("value", "")
        comment = (element.text or "").strip()
        if value == "00-00":
            if comment:
                record.comments.append(comment)
            continue
        digits = value.replace("-", "")
        text = dhtml_move_to_iccs(digits) or value
        if not budget.take():
            findings.append(budget.finding(where=f"CBF <Move value={value!r}>: ", move=text))
            break
        node = MoveNode(text=text)
        if comment:
            node.comments_after.append(comment)
        record.moves.append(node)
    return record, findings
