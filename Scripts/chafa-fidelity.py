#!/usr/bin/env python3
"""PSNR of chafa's half blocks (--symbols vhalf) on the photos `feed-bench l` writes.

    mkdir -p /tmp/fidelity && FEED_BENCH_PHOTOS=/tmp/fidelity swift run -c release feed-bench l
    python3 Scripts/chafa-fidelity.py /tmp/fidelity

For each photo and screen size: chafa fed the original and fed the client's download, drawn in
the same box (exactly the box: --stretch), scored against the bench's reference (the exact area
average of the original on the half-cell grid), in truecolour and 256 colours. Needs chafa
(apt-get install chafa); CI does not run this.
"""
import math
import re
import subprocess
import sys
from pathlib import Path

SGR = re.compile(r"\x1b\[([0-9;]*)m")
OTHER = re.compile(r"\x1b\[[0-9;?]*[A-Za-ln-z]")


def xterm256(index):
    if index < 16:
        base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        return base[index]
    if index < 232:
        levels = [0, 95, 135, 175, 215, 255]
        value = index - 16
        return (levels[value // 36], levels[value // 6 % 6], levels[value % 6])
    grey = 8 + 10 * (index - 232)
    return (grey, grey, grey)


def colour(params, i):
    if params[i + 1] == 2:
        return tuple(params[i + 2:i + 5]), i + 5
    return xterm256(params[i + 2]), i + 3


def parse(text, width, rows):
    """The two pixels of each cell from chafa's ANSI output."""
    grid = []
    for line in text.split("\n")[:rows]:
        line = OTHER.sub("", line)
        fg, bg, inverse = (0, 0, 0), (0, 0, 0), False
        cells = []
        position = 0
        while position < len(line):
            match = SGR.match(line, position)
            if match:
                params = [int(p) if p else 0 for p in match.group(1).split(";")]
                i = 0
                while i < len(params):
                    p = params[i]
                    if p == 0:
                        fg, bg, inverse, i = (0, 0, 0), (0, 0, 0), False, i + 1
                    elif p == 7:
                        inverse, i = True, i + 1
                    elif p == 38:
                        fg, i = colour(params, i)
                    elif p == 48:
                        bg, i = colour(params, i)
                    else:
                        i += 1
                position = match.end()
                continue
            char = line[position]
            position += 1
            f, b = (bg, fg) if inverse else (fg, bg)
            top, bottom = {"▀": (f, b), "▄": (b, f), "█": (f, f)}.get(char, (b, b))
            cells.append((top, bottom))
        grid.append(cells[:width])
    return grid


def read_ppm(path):
    data = path.read_bytes()
    header = data.split(b"\n", 3)
    width, height = map(int, header[1].split())
    return width, height, header[3]


def psnr(grid, width, height, reference):
    total, count = 0.0, 0
    for y in range(height):
        row = grid[y // 2] if y // 2 < len(grid) else []
        for x in range(width):
            pixel = row[x][y % 2] if x < len(row) else (0, 0, 0)
            for c in range(3):
                d = pixel[c] - reference[(y * width + x) * 3 + c]
                total += d * d
                count += 1
    mse = total / count
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def chafa(path, width, rows, colors):
    command = ["chafa", "--format", "symbols", "--symbols", "vhalf", "--colors", colors, "--size", f"{width}x{rows}", "--stretch",
               "--dither", "none", "--work", "9", "--color-space", "rgb", "--optimize", "0", "--polite", "on", str(path)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def main():
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/fidelity")
    print("screen   photo  box      chafa original (tc / 256)   chafa download (tc / 256)")
    sums = {}
    for reference_path in sorted(directory.glob("*-reference.ppm")):
        stem = reference_path.name[: -len("-reference.ppm")]
        screen, photo = stem.split("-")
        width, height, reference = read_ppm(reference_path)
        rows = (height + 1) // 2
        scores = []
        for source in ["original", "download"]:
            for colors in ["full", "256"]:
                grid = parse(chafa(directory / f"{stem}-{source}.jpg", width, rows, colors), width, rows)
                scores.append(psnr(grid, width, height, reference))
        sums.setdefault(screen, []).append(scores)
        print(f"{screen:8} {photo:6} {width}x{height:<5} {scores[0]:5.1f} / {scores[1]:5.1f}              {scores[2]:5.1f} / {scores[3]:5.1f}")
    for screen, rows in sums.items():
        mean = [sum(r[i] for r in rows) / len(rows) for i in range(4)]
        print(f"{screen} mean: chafa on the originals {mean[0]:.1f} dB truecolour, {mean[1]:.1f} dB 256 colours; "
              f"on the client's downloads {mean[2]:.1f} / {mean[3]:.1f} dB")


if __name__ == "__main__":
    main()
