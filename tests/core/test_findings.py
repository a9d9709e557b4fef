"""A finding as a user reads it (listgen/core/findings.py): file:line:column, its severity, message and code."""

from listgen.core.findings import ERROR, Finding


def test_a_finding_with_a_line_and_no_column_points_at_the_lines_first_column():
    # 'column or 1': an editor's file:line:column link lands on the line's start, never its second character
    finding = Finding(ERROR, "SMLE-X", "broken", ("teams", 0), 7, None, None)
    assert finding.format("list.yaml").startswith("list.yaml:7:1: error: broken [SMLE-X]")
