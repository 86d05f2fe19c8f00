#!/usr/bin/env python3
"""On-screen SSIM of the client's block symbols against chafa's default symbols (issue 31).

    mkdir -p /tmp/symbols && FEED_BENCH_PHOTOS=/tmp/symbols swift run -c release feed-bench p
    python3 Scripts/symbol-fidelity.py /tmp/symbols

`feed-bench p` writes, per screen size and photo, the client's drawing in each symbol set as
ANSI text (`-half.ans`, `-quadrant.ans`, `-sextant.ans`), the original and the reference (the
original area-averaged to the screen's pixels, 8×16 a cell). This script runs chafa on the
original in the same box (its default symbols, and --symbols vhalf), renders every drawing with
one rasterizer as a terminal shows it (block elements, eighths and sextants as shapes, any other
glyph with DejaVu Sans Mono), and scores each by SSIM (luma, 8×8 windows a stride of 4 apart,
as the bench) and PSNR. Needs chafa and Pillow (apt-get install chafa; pip install pillow); CI
does not run this.
"""
import math
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

CELL_W, CELL_H = 8, 16
SGR = re.compile(r"\x1b\[([0-9;]*)m")
OTHER = re.compile(r"\x1b\[[0-9;?]*[A-Za-ln-z]")
FONT = None


def cells(text, columns, rows):
    """Each cell's glyph, foreground and background from 24-bit ANSI text."""
    grid = []
    for line in text.split("\n")[:rows]:
        line = OTHER.sub("", line)
        fg, bg, inverse, row, position = (0, 0, 0), (0, 0, 0), False, [], 0
        while position < len(line):
            match = SGR.match(line, position)
            if match:
                params = [int(p) if p else 0 for p in match.group(1).split(";")]
                i = 0
                while i < len(params):
                    if params[i] == 0:
                        fg, bg, inverse, i = (0, 0, 0), (0, 0, 0), False, i + 1
                    elif params[i] == 7:
                        inverse, i = True, i + 1
                    elif params[i] in (38, 48) and i + 4 < len(params) and params[i + 1] == 2:
                        colour = tuple(params[i + 2:i + 5])
                        fg, bg = (colour, bg) if params[i] == 38 else (fg, colour)
                        i += 5
                    else:
                        i += 1
                position = match.end()
                continue
            f, b = (bg, fg) if inverse else (fg, bg)
            row.append((line[position], f, b))
            position += 1
        grid.append(row[:columns])
    return grid


def ink(glyph):
    """A function (x, y) -> coverage 0…1 of the glyph's ink in an 8×16 cell."""
    code = ord(glyph)
    if glyph == " ":
        return lambda x, y: 0.0
    if 0x1FB00 <= code <= 0x1FB3B:
        bits = code - 0x1FB00 + 1
        bits += 1 if bits >= 21 else 0
        bits += 1 if bits >= 42 else 0
        third = lambda y: 0 if y < (CELL_H + 1) // 3 else (1 if y < (CELL_H * 2 + 1) // 3 else 2)
        return lambda x, y: float(bits >> (third(y) * 2 + (0 if x < CELL_W // 2 else 1)) & 1)
    quadrants = {"▘": 1, "▝": 2, "▀": 3, "▖": 4, "▌": 5, "▞": 6, "▛": 7, "▗": 8, "▚": 9, "▐": 10, "▜": 11, "▄": 12, "▙": 13, "▟": 14, "█": 15}
    if glyph in quadrants:
        bits = quadrants[glyph]
        return lambda x, y: float(bits >> ((0 if y < CELL_H // 2 else 2) + (0 if x < CELL_W // 2 else 1)) & 1)
    if 0x2581 <= code <= 0x2587:  # lower eighths
        n = code - 0x2580
        return lambda x, y: float(y >= CELL_H - round(CELL_H * n / 8))
    if 0x2589 <= code <= 0x258F:  # left eighths, 7/8 down to 1/8
        n = 0x2590 - code
        return lambda x, y: float(x < round(CELL_W * n / 8))
    if code == 0x2594:
        return lambda x, y: float(y < round(CELL_H / 8))
    if code == 0x2595:
        return lambda x, y: float(x >= CELL_W - round(CELL_W / 8))
    if code in (0x2591, 0x2592, 0x2593):
        level = (code - 0x2590) / 4
        return lambda x, y: level
    return font_ink(glyph)


def font_ink(glyph):
    global FONT
    if FONT is None:
        FONT = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 52)
    # Drawn at 4× the cell and averaged down: what an anti-aliased terminal shows.
    big = Image.new("L", (CELL_W * 4, CELL_H * 4), 0)
    ImageDraw.Draw(big).text((0, 4), glyph, fill=255, font=FONT)
    small = big.resize((CELL_W, CELL_H), Image.BOX)
    return lambda x, y: small.getpixel((x, y)) / 255


def render(grid, columns, rows):
    image = Image.new("RGB", (columns * CELL_W, rows * CELL_H))
    pixels = image.load()
    shapes = {}
    for r, row in enumerate(grid):
        for c, (glyph, fg, bg) in enumerate(row):
            shape = shapes.setdefault(glyph, ink(glyph))
            for y in range(CELL_H):
                for x in range(CELL_W):
                    a = shape(x, y)
                    pixels[c * CELL_W + x, r * CELL_H + y] = tuple(round(a * f + (1 - a) * b) for f, b in zip(fg, bg))
    return image


def pixels_of(image):
    return list(image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata())


def luma(image):
    return [0.299 * r + 0.587 * g + 0.114 * b for r, g, b in pixels_of(image)]


def ssim(image, reference):
    width, height = image.size
    a, b = luma(image), luma(reference)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    total, count = 0.0, 0
    for top in range(0, height - 7, 4):
        for left in range(0, width - 7, 4):
            pa = [a[y * width + x] for y in range(top, top + 8) for x in range(left, left + 8)]
            pb = [b[y * width + x] for y in range(top, top + 8) for x in range(left, left + 8)]
            ma, mb = sum(pa) / 64, sum(pb) / 64
            va = sum(p * p for p in pa) / 64 - ma * ma
            vb = sum(q * q for q in pb) / 64 - mb * mb
            cov = sum(p * q for p, q in zip(pa, pb)) / 64 - ma * mb
            total += (2 * ma * mb + c1) * (2 * cov + c2) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
            count += 1
    return total / max(1, count)


def psnr(image, reference):
    errors = [(p - q) ** 2 for pixel, ref in zip(pixels_of(image), pixels_of(reference)) for p, q in zip(pixel, ref)]
    mse = sum(errors) / len(errors)
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def main(directory):
    directory = Path(directory)
    kinds = ["half", "quadrant", "sextant", "chafa", "chafa vhalf"]
    totals = {kind: [0.0, 0.0] for kind in kinds}
    count = 0
    print(f"{'photo':52} " + " ".join(f"{kind:>16}" for kind in kinds))
    for reference_path in sorted(directory.glob("*-reference.ppm")):
        stem = str(reference_path)[: -len("-reference.ppm")]
        reference = Image.open(reference_path).convert("RGB")
        columns, rows = reference.size[0] // CELL_W, reference.size[1] // CELL_H
        scores = []
        for kind in kinds:
            if kind.startswith("chafa"):
                symbols = ["--symbols", "vhalf"] if kind == "chafa vhalf" else []
                text = subprocess.run(
                    ["chafa", "--size", f"{columns}x{rows}", "--stretch", "-f", "symbols", "-c", "full", "--animate", "off", "--polite", "on", *symbols,
                     stem + "-original.jpg"], capture_output=True, text=True, check=True).stdout
            else:
                text = Path(f"{stem}-{kind}.ans").read_text()
            screen = render(cells(text, columns, rows), columns, rows)
            score = (ssim(screen, reference), psnr(screen, reference))
            totals[kind][0] += score[0]
            totals[kind][1] += score[1]
            scores.append(score)
        count += 1
        print(f"{Path(stem).name:52} " + " ".join(f"{s:.3f} / {p:4.1f} dB" for s, p in scores))
    if count:
        print(f"{'mean':52} " + " ".join(f"{s / count:.3f} / {p / count:4.1f} dB" for s, p in totals.values()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/symbols")
