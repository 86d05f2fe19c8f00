#!/usr/bin/env python3
"""Renders `tmux capture-pane -p -e` output (SGR colours, 256 and 24-bit) to a PNG.

    tmux capture-pane -p -e -t feed > /tmp/screen.ans
    python3 Scripts/ansi-to-png.py /tmp/screen.ans docs/feed-screen.png

Half blocks (▀ ▄ █) are drawn as exact rectangles; other text with DejaVu Sans Mono (or the
font given with --font). Needs Pillow (pip install pillow); the README's screenshot is made
with it, CI does not run it.
"""
import argparse
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER = re.compile(r"\x1b(\[[0-9;?]*[A-Za-ln-z]|\][^\x07]*\x07|[()][0-9A-B])")
BASIC = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
         (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255)]
FOREGROUND, BACKGROUND = (220, 220, 220), (24, 24, 28)


def xterm256(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        levels = [0, 95, 135, 175, 215, 255]
        value = index - 16
        return (levels[value // 36], levels[value // 6 % 6], levels[value % 6])
    grey = 8 + 10 * (index - 232)
    return (grey, grey, grey)


class Pen:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg, self.bg, self.bold, self.dim, self.inverse = None, None, False, False, False

    def apply(self, text):
        params = [int(p) if p else 0 for p in re.split("[;:]", text)] if text else [0]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                self.reset()
            elif p == 1:
                self.bold = True
            elif p == 2:
                self.dim = True
            elif p == 7:
                self.inverse = True
            elif p in (22,):
                self.bold = self.dim = False
            elif p == 27:
                self.inverse = False
            elif 30 <= p <= 37:
                self.fg = BASIC[p - 30]
            elif 90 <= p <= 97:
                self.fg = BASIC[p - 90 + 8]
            elif 40 <= p <= 47:
                self.bg = BASIC[p - 40]
            elif 100 <= p <= 107:
                self.bg = BASIC[p - 100 + 8]
            elif p == 39:
                self.fg = None
            elif p == 49:
                self.bg = None
            elif p in (38, 48) and i + 1 < len(params):
                if params[i + 1] == 5 and i + 2 < len(params):
                    colour, i = xterm256(params[i + 2]), i + 2
                elif params[i + 1] == 2 and i + 4 < len(params):
                    colour, i = tuple(params[i + 2:i + 5]), i + 4
                else:
                    colour = None
                if p == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        fg = self.fg or FOREGROUND
        if self.bold and self.fg in BASIC[:8]:
            fg = BASIC[BASIC.index(self.fg) + 8]
        if self.dim:
            fg = tuple(c * 6 // 10 for c in fg)
        bg = self.bg or BACKGROUND
        return (bg, fg) if self.inverse else (fg, bg)


def cells(line):
    """(character, foreground, background, bold, width) for each cell of one captured line."""
    pen = Pen()
    out = []
    position = 0
    line = OTHER.sub("", line)
    while position < len(line):
        match = SGR.match(line, position)
        if match:
            pen.apply(match.group(1))
            position = match.end()
            continue
        char = line[position]
        position += 1
        if unicodedata.combining(char) or char in "\ufe0f\u200d":
            if out:
                out[-1] = (out[-1][0] + char,) + out[-1][1:]
            continue
        width = 2 if unicodedata.east_asian_width(char) in "WF" else 1
        fg, bg = pen.colours()
        out.append((char, fg, bg, pen.bold, width))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("capture")
    parser.add_argument("png")
    parser.add_argument("--font", default="/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    parser.add_argument("--bold-font", default="/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")
    parser.add_argument("--wide-font", default="/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", help="for wide (CJK) characters")
    parser.add_argument("--size", type=int, default=16, help="font size in pixels")
    args = parser.parse_args()
    lines = open(args.capture, encoding="utf-8").read().rstrip("\n").split("\n")
    font = ImageFont.truetype(args.font, args.size)
    try:
        bold = ImageFont.truetype(args.bold_font, args.size)
    except OSError:
        bold = font
    try:
        wide = ImageFont.truetype(args.wide_font, args.size)
    except OSError:
        wide = font
    cell_w = round(font.getlength("M"))
    cell_h = round(args.size * 1.25)
    rows = [cells(line) for line in lines]
    columns = max(sum(c[4] for c in row) for row in rows)
    image = Image.new("RGB", (columns * cell_w + 16, len(rows) * cell_h + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows):
        x = 0
        for char, fg, bg, is_bold, width in row:
            left, top = 8 + x * cell_w, 8 + y * cell_h
            right, bottom = left + width * cell_w, top + cell_h
            draw.rectangle([left, top, right - 1, bottom - 1], fill=bg)
            middle = top + cell_h // 2
            if char == "▀":
                draw.rectangle([left, top, right - 1, middle - 1], fill=fg)
            elif char == "▄":
                draw.rectangle([left, middle, right - 1, bottom - 1], fill=fg)
            elif char == "█":
                draw.rectangle([left, top, right - 1, bottom - 1], fill=fg)
            elif char.strip():
                face = wide if width == 2 else bold if is_bold else font
                draw.text((left, top + (cell_h - args.size) // 2), char, font=face, fill=fg)
            x += width
    image.save(args.png, optimize=True)


if __name__ == "__main__":
    main()
