"""The string literals of a Swift file, each with the call and argument it
is passed to, for test_translatable_strings.py. A small lexer, not a Swift
parser: it knows comments (nested), one-line, multi-line (\"\"\") and raw
(#\"…\"#) literals, `\\(…)` interpolations, and the brackets around a
literal, which is all the check needs."""
import dataclasses
import re

IDENT_BEFORE = re.compile(r"([A-Za-z_][\w.]*)\s*$")
LABEL = re.compile(r"^\s*([A-Za-z_]\w*)\s*:(?!:)")


@dataclasses.dataclass
class Frame:
    kind: str  # "(" call or tuple, "[" array, "{" closure, "\\(" interpolation
    call: str = ""
    index: int = 0  # which argument, counted by top-level commas
    since: str = ""  # the code of the current argument so far


@dataclasses.dataclass
class Literal:
    line: int
    text: str  # the literal with each interpolation as \(…)
    interpolated: bool
    multiline: bool
    call: str  # innermost enclosing call ("" if none)
    index: int
    label: str  # the argument's label ("" if none)
    in_interpolation: bool  # inside another literal's \(…)
    start: int = 0  # offsets of the literal, quotes included, in the file
    end: int = 0


def literals(source, base=0):
    found, stack = [], [Frame("top")]
    i, line, n = 0, 1, len(source)

    def code(ch):
        stack[-1].since += ch

    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += source[i] == "\n"
                    i += 1
            continue
        raw = re.match(r"#+\"", source[i:i + 8]) if ch == "#" else None
        if ch == '"' or raw:
            opened = i
            hashes = raw.group(0)[:-1] if raw else ""
            i += len(hashes)
            multiline = source.startswith('"""', i)
            quote = '"""' if multiline else '"'
            i += len(quote)
            start, text, interpolated = line, "", False
            while i < n and not source.startswith(quote + hashes, i):
                if source.startswith("\\" + hashes + "(", i):
                    # An interpolation: lex its code as code, for the literals inside.
                    interpolated, depth, j = True, 1, i + len(hashes) + 2
                    while j < n and depth:
                        depth += {"(": 1, ")": -1}.get(source[j], 0)
                        j += 1
                    inner = source[i + len(hashes) + 2:j - 1]
                    for item in literals(inner, base + i + len(hashes) + 2):
                        item.line += line - 1
                        item.in_interpolation = True
                        found.append(item)
                    if re.search(r"\btr(Format|Plural|Context)?\(", inner):
                        found.append(Literal(line, "tr…(…) inside \\(…)", True, False, "", 0, "", True))
                    text += "\\(…)"
                    line += inner.count("\n")
                    i = j
                    continue
                if source.startswith("\\" + hashes, i) and not hashes or (hashes and source.startswith("\\" + hashes, i)):
                    text += source[i:i + 2 + len(hashes) - (1 if hashes else 0)]
                    i += 2 + len(hashes) - (1 if hashes else 0)
                    continue
                line += source[i] == "\n"
                text += source[i]
                i += 1
            i += len(quote) + len(hashes)
            frame = next((f for f in reversed(stack) if f.kind in "([{"), stack[0])
            label = LABEL.match(frame.since)
            found.append(Literal(start, text, interpolated, multiline, frame.call if frame.kind == "(" else "",
                                 frame.index, label.group(1) if label else "", False, base + opened, base + i))
            frame.since += '""'
            continue
        if ch in "([{":
            name = IDENT_BEFORE.search(stack[-1].since) if ch == "(" else None
            code(ch)
            stack.append(Frame(ch, name.group(1) if name else ""))
        elif ch in ")]}":
            if len(stack) > 1:
                stack.pop()
            code(ch)
        elif ch == "," and stack[-1].kind in "([":
            stack[-1].index += 1
            stack[-1].since = ""
        else:
            line += ch == "\n"
            code(ch)
        i += 1
    return found
