"""A ruling in players' words: a rule's ``says`` sentence with its values filled in.

``{name}`` in a sentence is one of the rule's values, said as a player would:
a seat as ``East``, a card as ``king of hearts``, a list as ``A, B and C``.
"""

from __future__ import annotations

import re
from typing import Any

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_CARD = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")
_RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten", "10": "ten", "9": "nine",
          "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SEATS = {"north", "east", "south", "west"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


_SIDES = {"north-south": "North and South", "east-west": "East and West"}


def side_name(side: str) -> str:
    """A side said by its partners: ``north-south`` -> North and South."""
    return _SIDES.get(side, side)


def placeholders(sentence: str) -> list[str]:
    return PLACEHOLDER.findall(sentence)


def card_symbol(value: str) -> str | None:
    """A card as a player writes it, rank and suit symbol: ``QS`` -> Q♠, ``TH`` -> 10♥ (None if not a card)."""
    card = _CARD.match(value)
    if not card:
        return None
    rank = "10" if card.group(1) in ("T", "10") else card.group(1)
    return rank + SUIT_SYMBOLS[card.group(2)]


def word(value: Any, symbols: bool = False) -> str:
    """One value in words (with ``symbols``, a card as Q♠ rather than queen of spades)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        if value in _SEATS:
            return value.capitalize()
        card = _CARD.match(value)
        if card:
            return card_symbol(value) or value if symbols else f"{_RANKS[card.group(1)]} of {_SUITS[card.group(2)]}"
        return value
    if isinstance(value, (list, tuple)):
        said = [word(v, symbols) for v in value]
        if not said:
            return "none"
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    if isinstance(value, dict):
        if value and set(value) <= set(_SIDES):  # a side's points or tricks: the partners by name, N-S first
            return " and ".join(f"{side_name(k)} {word(value[k], symbols)}" for k in _SIDES if k in value)
        return "; ".join(f"{word(k, symbols)}: {word(v, symbols)}" for k, v in value.items())
    return str(value)


def say(sentence: str, values: dict[str, Any]) -> str:
    """The sentence with each ``{name}`` replaced by that value in words; its first letter a capital."""
    text = PLACEHOLDER.sub(lambda m: word(values.get(m.group(1), m.group(0))), sentence)
    return text[:1].upper() + text[1:]
