"""A rules page's Markdown as a terminal shows it: headings underlined, code marks
dropped, paragraphs and list items wrapped to the terminal's width.

>>> print(plain_prose("# Golf\\n\\nBuild `up` or down.\\n\\n- one\\n- two", 40))
Golf
====
<BLANKLINE>
Build up or down.
<BLANKLINE>
- one
- two
"""

from __future__ import annotations

import textwrap

UNDERLINES = {"#": "=", "##": "-"}  # the rest underlined as a section


def plain_prose(markdown: str, width: int) -> str:
    """``markdown`` (headings, paragraphs, ``-`` items, code in backticks) as plain
    text ``width`` columns wide (never under 20); every word kept, in order."""
    width = max(width - 1, 20)  # (a full last column wraps on some terminals)
    blocks: list[str] = []
    paragraph: list[str] = []

    def end_paragraph() -> None:
        if paragraph:
            blocks.append(textwrap.fill(" ".join(paragraph), width, break_on_hyphens=False))
            paragraph.clear()

    for line in markdown.replace("`", "").splitlines():
        marks, _, title = line.partition(" ")
        if marks and set(marks) == {"#"} and title:
            end_paragraph()
            blocks.append(f"{title}\n{UNDERLINES.get(marks, '-') * min(len(title), width)}")
        elif line.startswith("- "):
            end_paragraph()
            item = textwrap.fill(line[2:], width, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False)
            if blocks and blocks[-1].startswith("- "):  # the same list
                blocks[-1] += "\n" + item
            else:
                blocks.append(item)
        elif line.strip():
            paragraph.append(line.strip())
        else:
            end_paragraph()
            blocks.append("")  # (a list ends at a blank line)
    end_paragraph()
    return "\n\n".join(block for block in blocks if block)
