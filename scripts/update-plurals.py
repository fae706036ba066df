#!/usr/bin/env python3
"""Writes translations/tilescope_en.ts: the English plural forms of every message that counts
(`tr("%n config(s)", nullptr, n)`), so that English says "1 config" and "2 configs", and
"1 config serves" beside "2 configs serve".

The messages are the numerus ones of translations/tilescope_zh_CN.ts (lupdate keeps that file
complete, with the contexts Qt looks them up under). A source marks its plural ending with
"(s)": the singular drops it, the plural keeps the "s"; and a word that agrees with the count as
"{singular|plural}" ("{serves|serve}", "{is|are}"). Run it after adding a counted string:

    python3 scripts/update-plurals.py
"""

import pathlib
import re
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "translations" / "tilescope_zh_CN.ts"
TARGET = ROOT / "translations" / "tilescope_en.ts"


AGREEING = re.compile(r"\{([^{}|]*)\|([^{}|]*)\}")


def forms(source: str) -> tuple[str, str]:
    # A count with no noun after it ("%n stale") reads the same either way.
    one = AGREEING.sub(lambda m: m.group(1), source.replace("(s)", ""))
    many = AGREEING.sub(lambda m: m.group(2), source.replace("(s)", "s"))
    return one, many


def main() -> int:
    tree = ET.parse(SOURCE)
    contexts: dict[str, list[str]] = {}
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            if message.get("numerus") == "yes":
                contexts.setdefault(name, []).append(message.findtext("source"))
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>",
           '<TS version="2.1" language="en" sourcelanguage="en">',
           "<!-- Written by scripts/update-plurals.py from the counted messages of tilescope_zh_CN.ts. -->"]
    count = 0
    for name in sorted(contexts):
        out += ["<context>", f"    <name>{escape(name)}</name>"]
        for source in sorted(set(contexts[name])):
            one, many = forms(source)
            out += ['    <message numerus="yes">', f"        <source>{escape(source)}</source>",
                    "        <translation>", f"            <numerusform>{escape(one)}</numerusform>",
                    f"            <numerusform>{escape(many)}</numerusform>", "        </translation>",
                    "    </message>"]
            count += 1
        out.append("</context>")
    out.append("</TS>")
    TARGET.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{TARGET.relative_to(ROOT)}: {count} counted messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
