"""Write the long records of tests/data/hands/ (the small impossible ones are written by hand).

Run from anywhere: ``python tests/data/hands/make_hands.py``. The deals, auctions and
plays below are written out by hand; this script only expands them into events (the
deal in rotation from the dealer's left, each seat's cards in the order listed). It
computes nothing the tests check: tests/test_record_views.py has its own expectations.

Every deal follows one pattern: each seat holds four cards of one suit (A T 6 2) and
three of each other (K 9 5 for the seat to the four-holder's left, Q 8 4 for the next,
J 7 3 for the last).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
SEAT = {"N": "north", "E": "east", "S": "south", "W": "west"}
ORDER = "NESW"
NAMES = {"north": "Ann", "east": "Bob", "south": "Cal", "west": "Dan"}


def hand(spec: str) -> list[str]:
    """'S:AT62 H:J73 D:Q84 C:K95' -> ['AS', 'TS', ...]."""
    cards = []
    for part in spec.split():
        suit, ranks = part.split(":")
        cards += [rank + suit for rank in ranks]
    assert len(cards) == 13, spec
    return cards


DEALS = {
    # D1: N four spades, E four hearts, S four diamonds, W four clubs.
    "D1": {"N": "S:AT62 H:J73 D:Q84 C:K95", "E": "S:K95 H:AT62 D:J73 C:Q84",
           "S": "S:Q84 H:K95 D:AT62 C:J73", "W": "S:J73 H:Q84 D:K95 C:AT62"},
    # D2: N hearts, E diamonds, S clubs, W spades.
    "D2": {"N": "H:AT62 D:J73 C:Q84 S:K95", "E": "D:AT62 C:J73 S:Q84 H:K95",
           "S": "C:AT62 S:J73 H:Q84 D:K95", "W": "S:AT62 H:J73 D:Q84 C:K95"},
    # D3: N clubs, E spades, S hearts, W diamonds.
    "D3": {"N": "C:AT62 S:J73 H:Q84 D:K95", "E": "S:AT62 C:K95 D:Q84 H:J73",
           "S": "H:AT62 S:K95 C:Q84 D:J73", "W": "D:AT62 H:K95 S:Q84 C:J73"},
    # D4: N diamonds, E clubs, S spades, W hearts.
    "D4": {"N": "D:AT62 C:J73 S:Q84 H:K95", "E": "C:AT62 D:K95 H:Q84 S:J73",
           "S": "S:AT62 C:K95 D:Q84 H:J73", "W": "H:AT62 S:K95 C:Q84 D:J73"},
    # D5: N hearts, E spades, S clubs, W diamonds.
    "D5": {"N": "H:AT62 S:J73 C:Q84 D:K95", "E": "S:AT62 H:K95 D:Q84 C:J73",
           "S": "C:AT62 S:K95 H:Q84 D:J73", "W": "D:AT62 C:K95 S:Q84 H:J73"},
    # D6: N spades, E clubs, S diamonds, W hearts.
    "D6": {"N": "S:AT62 C:J73 D:Q84 H:K95", "E": "C:AT62 S:K95 H:Q84 D:J73",
           "S": "D:AT62 C:K95 S:Q84 H:J73", "W": "H:AT62 D:K95 C:Q84 S:J73"},
}

# Auctions: 'N:1S E:2H ...' (by seat letter).
AUCTION = {
    "A": "N:1S E:2H S:2S W:3H N:pass E:pass S:pass",
    "B": "E:pass S:1D W:pass N:2NT E:double S:pass W:pass N:pass",
    "C": "S:pass W:1D N:pass E:2RS S:double W:redouble N:pass E:pass S:pass",
    "D": "W:pass N:1S E:2C S:3S W:pass N:4S E:pass S:pass W:pass",
    "E": "E:1S S:2C W:2S N:3C E:pass S:pass W:pass",
    "F": "W:1D N:pass E:1H S:pass W:2D N:pass E:pass S:pass",
}

# The play, trick by trick, each from its leader.
PLAY = {
    "A": ["S:AD W:KD N:QD E:JD", "S:TD W:9D N:8D E:7D", "S:6D W:5D N:4D E:3D", "S:2D W:4H N:7H E:6H",
          "N:AS E:KS S:QS W:JS", "N:TS E:9S S:8S W:7S", "N:6S E:5S S:4S W:3S", "N:2S E:2H S:5H W:8H",
          "W:AC N:KC E:QC S:JC", "W:TC N:9C E:8C S:7C", "W:6C N:5C E:4C S:3C", "W:2C N:3H E:TH S:9H",
          "E:AH S:KH W:QH N:JH"],
    "B": ["E:AD S:KD W:QD N:JD", "E:TD S:9D W:8D N:7D", "E:6D S:5D W:4D N:3D", "E:2D S:2C W:2S N:2H",
          "E:KH S:QH W:JH N:AH", "N:TH E:9H S:8H W:7H", "N:6H E:5H S:4H W:3H", "N:KS E:QS S:JS W:AS",
          "W:TS N:9S E:8S S:7S", "W:6S N:5S E:4S S:3S", "W:KC N:QC E:JC S:AC", "S:TC W:9C N:8C E:7C",
          "S:6C W:5C N:4C E:3C"],
    "C": ["S:AH W:KH N:QH E:JH", "S:TH W:9H N:8H E:7H", "S:6H W:5H N:4H E:3H", "S:2H W:4S N:7S E:AS",
          "E:TS S:KS W:QS N:JS", "S:QC W:JC N:AC E:KC", "N:TC E:9C S:8C W:7C", "N:6C E:5C S:4C W:3C",
          "N:2C E:2S S:5S W:8S", "W:AD N:KD E:QD S:JD", "W:TD N:9D E:8D S:7D", "W:6D N:5D E:4D S:3D",
          "W:2D N:3S E:6S S:9S"],
    "D": ["E:AC S:KC W:QC N:JC", "E:TC S:9C W:8C N:7C", "E:6C S:5C W:4C N:3C", "E:2C S:2S W:5S N:8S",
          "N:AD E:KD S:QD W:JD", "N:TD E:9D S:8D W:7D", "N:6D E:5D S:4D W:3D", "N:2D E:3S S:6S W:9S",
          "W:AH N:KH E:QH S:JH", "W:TH N:9H E:8H S:7H", "W:6H N:5H E:4H S:3H", "W:KS N:4S E:7S S:AS",
          "S:TS W:2H N:QS E:JS"],
    "E": ["W:AD N:KD E:QD S:JD", "W:TD N:9D E:8D S:7D", "W:6D N:5D E:4D S:3D", "W:2D N:4C E:7C S:AC",
          "S:TC W:KC N:QC E:JC", "W:QS N:JS E:AS S:KS", "E:TS S:9S W:8S N:7S", "E:6S S:5S W:4S N:3S",
          "E:2S S:2C W:5C N:8C", "N:AH E:KH S:QH W:JH", "N:TH E:9H S:8H W:7H", "N:6H E:5H S:4H W:3H",
          "N:2H E:3C S:6C W:9C"],
    "F": ["N:AS E:KS S:QS W:JS", "N:TS E:9S S:8S W:7S", "N:6S E:5S S:4S W:3S", "N:2S E:3D S:6D W:9D",
          "W:AH N:KH E:QH S:JH", "W:TH N:9H E:8H S:7H", "W:6H N:5H E:4H S:3H", "W:2H N:4D E:7D S:2D",
          "E:AC S:KC W:QC N:JC", "E:TC S:9C W:8C N:7C", "E:6C S:5C W:4C N:3C", "E:2C S:TD W:KD N:QD",
          "W:5D N:8D E:JD S:AD"],
}


def deal_lines(deal: str, dealer: str, face_up_at: int | None = None, ten: bool = False) -> list[str]:
    hands = {seat: hand(spec) for seat, spec in DEALS[deal].items()}
    start = ORDER.index(dealer) + 1
    lines = []
    for k in range(52):
        seat = ORDER[(start + k) % 4]
        card = hands[seat][k // 4]
        if ten and card[0] == "T":
            card = "10" + card[1]
        extra = ", face_up: true" if k == face_up_at else ""
        lines.append(f"  - deal: {{to: {SEAT[seat]}, card: {card}{extra}}}")
    return lines


def call_lines(auction: str, names: bool = False) -> list[str]:
    lines = []
    for part in auction.split():
        seat, bid = part.split(":")
        who = NAMES[SEAT[seat]] if names else SEAT[seat]
        lines.append(f"  - call: {{by: {who}, bid: {bid}}}")
    return lines


def play_lines(tricks: list[str], ten: bool = False) -> list[str]:
    lines = []
    for trick in tricks:
        for part in trick.split():
            seat, card = part.split(":")
            if ten and card[0] == "T":
                card = "10" + card[1]
            lines.append(f"  - play: {{by: {SEAT[seat]}, card: {card}}}")
    return lines


def write(name: str, comment: str, dealer: str, events: list[str], names: bool = True) -> None:
    head = [f"# {line}" for line in comment.splitlines()] + ["# Written by make_hands.py; do not edit by hand."]
    if names:
        head.append("seats: {north: Ann, east: Bob, south: Cal, west: Dan}")
    head.append(f"dealer: {SEAT[dealer]}")
    head.append("events:")
    (HERE / f"{name}.yaml").write_text("\n".join(head + events) + "\n", encoding="utf-8")


COMPLETE = {
    # name: (deal, dealer, auction/play key, calls by players' names, tens written as 10)
    "complete_a_hearts": ("D1", "N", "A", False, False),
    "complete_b_nt_doubled": ("D2", "E", "B", False, False),
    "complete_c_royal_spades_redoubled": ("D3", "S", "C", False, False),
    "complete_d_spades": ("D4", "W", "D", False, True),
    "complete_e_clubs": ("D5", "E", "E", True, False),
    "complete_f_diamonds": ("D6", "W", "F", True, False),
}


def main() -> None:
    for name, (deal, dealer, key, names, ten) in COMPLETE.items():
        events = [f"  - shuffle: {{by: {SEAT[dealer]}}}",
                  f"  - cut_pack: {{by: {SEAT[ORDER[(ORDER.index(dealer) + 3) % 4]]}, packets: [20, 32]}}"]
        events += deal_lines(deal, dealer, ten=ten) + call_lines(AUCTION[key], names) + play_lines(PLAY[key], ten)
        write(name, f"A complete hand: deal {deal}, auction {key}, thirteen tricks.", dealer, events)

    # Revoke established: east trumps the first diamond holding three; east-west play to trick 2.
    events = deal_lines("D1", "N") + call_lines(AUCTION["A"])
    events += play_lines(["S:AD W:KD N:QD E:6H", "E:KS S:QS W:JS N:AS"])
    write("revoke_established", "East revokes in trick 1 (6H on a diamond lead, holding JD 7D 3D);\n"
          "east-west then play to trick 2.", "N", events)

    # Revoke in the last trick played, the trick quitted.
    events = deal_lines("D2", "E") + call_lines(AUCTION["B"])
    events += play_lines(["E:AD S:KD W:QD N:JD", "E:TD S:9D W:2S N:7D"]) + ["  - quit: {trick: 2}"]
    write("revoke_quitted", "West revokes in trick 2 (2S on a diamond lead, holding 8D 4D), the last trick\n"
          "played; the trick is quitted.", "E", events)

    # A call out of turn: the dealer's partner calls first.
    events = deal_lines("D1", "N") + ["  - call: {by: south, bid: 1H}", "  - call: {by: west, bid: pass}",
                                      "  - call: {by: north, bid: 1S}"]
    write("call_out_of_turn", "South (the dealer's partner) calls before the dealer, north.", "N", events)

    # Exposed cards.
    write("exposed_during_deal", "The tenth card dealt (to east... see the deal) is dealt face up.", "E",
          deal_lines("D2", "E", face_up_at=9))
    write("exposed_before_declaration", "East shows a card after the deal, before anyone calls.", "N",
          deal_lines("D1", "N") + ["  - expose: {by: east, card: AH, how: faced-in-hand}"] + call_lines(AUCTION["A"]))
    write("exposed_before_lead", "West drops QH after the auction, before the opening lead.", "N",
          deal_lines("D1", "N") + call_lines(AUCTION["A"]) + ["  - expose: {by: west, card: QH}"])
    write("exposed_during_play", "West drops QS after the first trick.", "S",
          deal_lines("D3", "S") + call_lines(AUCTION["C"]) + play_lines(PLAY["C"][:1])
          + ["  - expose: {by: west, card: QS, how: dropped}"] + play_lines(PLAY["C"][1:2]))


if __name__ == "__main__":
    main()
