"""Trump labels are readable: each trump colour's text (and its chosen state) is at
least 4.5:1 against the background it sits on (WCAG 1.4.3), computed from app.css."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[1] / "static" / "css" / "app.css").read_text()
ROOT = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", CSS.split("}", 1)[0]))
TRUMPS = ("black", "red", "yellow", "green")


def declaration(selector: str, prop: str) -> str:
    """The value of ``prop`` in the rule for exactly ``selector``, ``var()`` resolved."""
    rule = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert rule, f"no rule for {selector}"
    value = re.search(rf"(?:^|;)\s*{prop}:\s*([^;]+)", rule.group(1))
    assert value, f"{selector} sets no {prop}"
    value = value.group(1).strip()
    var = re.fullmatch(r"var\(--([\w-]+)\)", value)
    return ROOT[var.group(1)] if var else value


def luminance(colour: str) -> float:
    hex_ = colour.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    channels = [int(hex_[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_ratio_is_computed_as_wcag_does():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#d9a400", "#fff") == pytest.approx(2.27, abs=0.01)


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("background", ["card", "paper"])
def test_a_trump_label_is_readable_on_cards_and_the_page(trump, background):
    text = declaration(f".trump-{trump}", "color")
    assert contrast(text, ROOT[background]) >= 4.5, (trump, text, background)


def test_the_yellow_trump_choice_is_readable_chosen_or_not():
    unchosen = declaration(".choice.trump-yellow span", "color")
    chosen_text = declaration(".choice.trump-yellow input:checked + span", "color")
    chosen_background = declaration(".choice.trump-yellow input:checked + span", "background")

    assert contrast(unchosen, ROOT["card"]) >= 4.5
    assert contrast(chosen_text, chosen_background) >= 4.5
