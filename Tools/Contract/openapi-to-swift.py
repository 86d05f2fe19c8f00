#!/usr/bin/env python3
"""Writes openapi.json into the FeedServer module as Swift string literals, split in two files so
neither passes 300 lines. The server serves the joined bytes at /openapi.json, and a FeedServer
test checks they equal the repository's openapi.json.

    python3 Tools/Contract/openapi-to-swift.py
"""
import json
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
source = os.path.join(root, "openapi.json")
target = os.path.join(root, "Modules", "DevTools", "FeedServer")

with open(source, encoding="utf-8") as file:
    text = file.read()
json.loads(text)
assert text.endswith("\n") and '"""#' not in text
lines = text.splitlines(keepends=True)
split = (len(lines) + 1) // 2

head = f'''/// The OpenAPI 3 document of the feed API, served at `GET /openapi.json`; the repository's
/// `openapi.json` holds the same bytes (a test checks it). Written by
/// `Tools/Contract/openapi-to-swift.py` from `openapi.json`: edit that file, then run the script.
enum OpenAPIDocument {{
    /// The document's bytes.
    static let json = head + tail

    private static let head = #"""
{"".join(lines[:split])}
"""#
}}
'''
tail = f'''extension OpenAPIDocument {{
    /// The second part of `openapi.json` (written by `Tools/Contract/openapi-to-swift.py`).
    static let tail = #"""
{"".join(lines[split:])}
"""#
}}
'''
for name, content in [("OpenAPIDocument.swift", head), ("OpenAPIDocument+Tail.swift", tail)]:
    with open(os.path.join(target, name), "w", encoding="utf-8") as file:
        file.write(content)
