"""Terrain that does not depend on colour: the board's palettes under colour-vision
deficiencies, and a texture of its own for every terrain (pure Python, no browser).

The terrain colours are read from ``web/style.css``: the usual palette (``:root``) and
the high-contrast one (``:root.high-contrast``). Each colour goes through the standard
pipeline, implemented here with the standard library only:

sRGB (8-bit) -> linear RGB (IEC 61966-2-1) -> a colour-vision-deficiency matrix ->
clipped -> CIE XYZ (D65) -> CIE L*a*b* -> CIEDE2000 between every pair of terrains.

The matrices are Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
for Simulation of Color Vision Deficiency", at severity 1.0 (dichromacy: the strongest
form of each deficiency), applied to linear RGB.

Threshold: CIEDE2000 >= 10 for every pair, in every vision. A CIEDE2000 of 1 is about
one just-noticeable difference between two large patches side by side; around 2-3 two
colours look different to most people when they are compared closely. Hexes are not
compared side by side at leisure: a player glances at one hex among 70, with pieces
on it, and must name its terrain. Studies of colour difference for visualisation
(Szafir 2018, "Modelling Colour Difference for Visualization Design") find that the
difference needed for marks to be told apart reliably grows several times over the
laboratory JND; palette tools (e.g. Viz Palette) flag pairs under about 10 as hard to
tell apart. So 10 is a margin of several JNDs for "different terrain at a glance",
and it still leaves room for seven colours. Colour is the second cue, not the only
one: every terrain also has its own texture (checked below).
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from render_board import PATTERNS, TERRAINS, board_svg, legend_html, pattern_id

from scythe_core.data.board import board_summary

STYLE = Path(__file__).resolve().parents[1] / "web" / "style.css"
NS = {"svg": "http://www.w3.org/2000/svg"}
#: CIEDE2000 every pair of terrains keeps apart, in every vision (see the docstring).
THRESHOLD = 10.0

#: Machado et al. (2009), severity 1.0, for linear RGB.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("typical", *MACHADO)


# --- colour maths -------------------------------------------------------------------


def parse_hex(colour: str) -> tuple[float, float, float]:
    """``#4a90d0`` -> sRGB in 0..1 (``#abc`` shorthand too)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    """Linear RGB as seen with ``vision`` ("typical": unchanged), clipped to the gamut."""
    linear = tuple(to_linear(c) for c in rgb)
    if vision == "typical":
        return linear
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * linear[j] for j in range(3)))) for i in range(3))


def linear_to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB -> CIE L*a*b* (D65 white)."""
    r, g, b = rgb
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, ...], lab2: tuple[float, ...]) -> float:
    """CIEDE2000 (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    d_l, d_c = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        d_h = 0.0
    else:
        d_h = h2p - h1p
        if d_h > 180:
            d_h -= 360
        elif d_h < -180:
            d_h += 360
    d_hh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(d_h / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_hh / s_h) ** 2 + r_t * (d_c / s_c) * (d_hh / s_h)
    )


# --- the palettes in style.css -----------------------------------------------------


def palette(selector: str) -> dict[str, str]:
    """The terrain custom properties (``--forest: #2a5e33;``) of one rule in style.css."""
    css = STYLE.read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rule = re.search(r"(?:^|\n)" + re.escape(selector) + r"\s*\{(.*?)\}", css, flags=re.S)
    assert rule, f"no {selector} rule in style.css"
    found = dict(re.findall(r"--([a-z-]+)\s*:\s*(#[0-9a-fA-F]{3,6})\s*;", rule.group(1)))
    return {t: found[t] for t in TERRAINS if t in found}


PALETTES = {"usual": ":root", "high-contrast": ":root.high-contrast"}


# --- tests ---------------------------------------------------------------------------


def test_the_colour_maths_matches_published_values():
    """CIEDE2000 against Sharma et al.'s test data, Lab against known sRGB values, and
    the matrices' rows summing to one (white stays white in every simulation)."""
    for lab1, lab2, expected in (
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
        ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ):
        assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
        assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)
    white = linear_to_lab(simulate((1.0, 1.0, 1.0), "typical"))
    assert white == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    red = linear_to_lab(simulate(parse_hex("#ff0000"), "typical"))
    assert red == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    for matrix in MACHADO.values():
        for row in matrix:
            assert sum(row) == pytest.approx(1.0, abs=1e-3)
    # A dichromat confuses red and green far more than a typical eye does.
    red_green = {
        v: ciede2000(
            linear_to_lab(simulate(parse_hex("#d03030"), v)),
            linear_to_lab(simulate(parse_hex("#3f9f3f"), v)),
        )
        for v in VISIONS
    }
    assert red_green["deuteranopia"] < red_green["typical"] / 2
    assert red_green["protanopia"] < red_green["typical"] / 2


@pytest.mark.parametrize("name", PALETTES)
def test_both_palettes_name_every_terrain(name):
    assert set(palette(PALETTES[name])) == set(TERRAINS), name


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", PALETTES)
def test_every_pair_of_terrains_stays_apart(name, vision):
    colours = palette(PALETTES[name])
    lab = {t: linear_to_lab(simulate(parse_hex(c), vision)) for t, c in colours.items()}
    close = [
        (round(ciede2000(lab[a], lab[b]), 1), a, b)
        for a, b in itertools.combinations(TERRAINS, 2)
        if ciede2000(lab[a], lab[b]) < THRESHOLD
    ]
    assert not close, f"{name} palette under {vision}: too close {close}"


def test_the_palettes_differ():
    assert palette(PALETTES["usual"]) != palette(PALETTES["high-contrast"])


def test_every_terrain_has_its_own_texture_on_the_board():
    """The second cue: each terrain's hexes are filled with one pattern, a different
    one per terrain, defined in the board's <defs> with art of its own."""
    root = ET.fromstring(board_svg(board_summary()))
    defs = {p.get("id"): p for p in root.iterfind(".//svg:defs/svg:pattern", NS)}
    used: dict[str, set[str]] = {}
    for group in root.iterfind(".//svg:g[@data-terrain]", NS):
        terrain = group.get("data-terrain")
        if terrain == "home":
            continue
        textures = group.findall("svg:polygon[@class='texture']", NS)
        assert len(textures) == 1, group.get("data-hex")
        fill = re.fullmatch(r"url\(#([\w-]+)\)", textures[0].get("fill"))
        assert fill, textures[0].get("fill")
        used.setdefault(terrain, set()).add(fill.group(1))
    assert set(used) == set(TERRAINS)
    assert all(len(ids) == 1 for ids in used.values()), used
    ids = {t: next(iter(used[t])) for t in TERRAINS}
    assert len(set(ids.values())) == len(TERRAINS)
    arts = set()
    for terrain, pid in ids.items():
        assert pid == pattern_id(terrain)
        assert pid in defs, pid
        assert len(defs[pid]) > 0, pid  # drawn, not empty
        arts.add(ET.tostring(defs[pid]).decode().replace(pid, ""))
    assert len(arts) == len(TERRAINS)  # no two textures share their art
    assert set(PATTERNS) == set(TERRAINS)
    # The Factory keeps its icon on top of its texture.
    factory = root.find(".//svg:g[@data-terrain='factory']", NS)
    assert factory.find("svg:use[@href='#sym-factory']", NS) is not None


def test_the_legend_shows_the_textures():
    legend = ET.fromstring(f"<div>{legend_html()}</div>")
    fills = [
        rect.get("fill")
        for rect in legend.iter("{http://www.w3.org/2000/svg}rect")
        if rect.get("class") == "texture"
    ] + [rect.get("fill") for rect in legend.iter("rect") if rect.get("class") == "texture"]
    assert sorted(fills) == sorted(f"url(#{pattern_id(t)})" for t in TERRAINS)
