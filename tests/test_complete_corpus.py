"""The complete corpus (issue 3): six codes, counts as the sources print them,
a topic on every law, the glossary, annotations, and both editions mapped."""

from __future__ import annotations

import pytest

from lawkit.corpus import stats as corpus_stats


def numbers(code, part=None):
    return [law.number for law in code.laws if law.part == part]


LETTERED = {47: ["47a"], 50: ["50a", "50b", "50c"], 62: ["62a"], 70: ["70a"]}  # printed 50_a_ …
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]


def test_six_codes(corpus):
    assert set(corpus.codes) == {"auction-bridge-1912", "auction-bridge-1913", "bridge-1904", "english-whist",
                                 "duplicate-whist-1910", "whist-bridge-excerpt"}


@pytest.mark.parametrize("code_id, part, expected", [
    ("auction-bridge-1912", None, [str(n) for n in range(1, 98)]),
    ("auction-bridge-1912", "etiquette", [str(n) for n in range(1, 13)]),
    ("auction-bridge-1913", None, [x for n in range(1, 98) for x in [str(n), *LETTERED.get(n, [])]]),
    ("bridge-1904", None, [str(n) for n in range(1, 109)]),
    ("english-whist", None, [str(n) for n in range(1, 92)]),
    ("english-whist", "dummy", ["I", "II", "III"]),
    ("english-whist", "double-dummy", ["1"]),
    ("duplicate-whist-1910", "definitions", list("abcdefghi")),
    ("duplicate-whist-1910", None, ROMAN),
    ("whist-bridge-excerpt", None, [str(n) for n in range(19, 36)]),
])
def test_law_numbers_as_printed(corpus, code_id, part, expected):
    assert numbers(corpus.codes[code_id], part) == expected


def test_english_whist_etiquette_is_numbered_by_the_editors(corpus):
    etiquette = [law for law in corpus.codes["english-whist"].laws if law.part == "etiquette"]
    assert len(etiquette) >= 8
    assert all(law.unnumbered for law in etiquette)


def test_duplicate_whist_laws_have_their_sections(corpus):
    code = corpus.codes["duplicate-whist-1910"]
    sections = {law.number: [s.number for s in law.sections] for law in code.laws if law.part is None}
    assert all(sections[n] == [str(i) for i in range(1, len(sections[n]) + 1)] for n in ROMAN)
    assert len(sections["IV"]) == 11  # seed 003 shows Sec. 8-11 of Law IV


def test_excerpt_is_a_marked_fragment(corpus):
    code = corpus.codes["whist-bridge-excerpt"]
    assert code.fragment
    assert code.laws[0].incomplete == "start" and code.laws[-1].incomplete == "end"
    assert all(law.incomplete is None for law in code.laws[1:-1])


def test_source_typos_are_kept_and_annotated(corpus):
    law46 = corpus.get("bridge-1904/46")
    assert law46.label == "46" and any(a.kind == "erratum" for a in law46.annotations)
    xi = corpus.get("duplicate-whist-1910/XI")
    assert any(s.label == "Sec 2." for s in xi.sections) and any(a.kind == "erratum" for a in xi.annotations)


def test_every_law_has_a_topic(corpus):
    assert [law.id for law in corpus.laws() if not law.topics] == []


def test_glossary_annotations_and_parallels_reach_their_targets(corpus):
    data = corpus_stats.stats(corpus)
    assert data["glossary"]["terms"] >= 40
    assert data["glossary"]["defined_by_a_code"] >= 9  # Duplicate Whist's definitions (a)-(i) at least
    assert data["annotations"]["annotated_laws"] >= 60
    assert data["parallels"]["groups"] > 0


def test_edition_map_accounts_for_every_law_of_both_editions(corpus):
    (edition,) = [e for e in corpus.editions if (e.earlier, e.later) == ("auction-bridge-1912", "auction-bridge-1913")]
    mapped = [i for entry in edition.entries for i in entry.earlier + entry.later]
    everything = [law.id for code in ("auction-bridge-1912", "auction-bridge-1913") for law in corpus.codes[code].laws]
    assert sorted(mapped) == sorted(everything)


def test_excerpt_and_opening_headings_have_parallels(corpus):
    assert [law.id for law in corpus.codes["whist-bridge-excerpt"].laws if not law.parallels] == []


def test_lettered_laws_are_laws_and_their_citations_resolve(corpus):
    law = corpus.get("auction-bridge-1913/50a")
    assert law.label == "50_a_." and law.part is None
    assert "auction-bridge-1913/50a" in corpus.get("auction-bridge-1913/50b").cites  # "see Law 50_a_"


OPENING_HEADINGS = ("CUTTING", "FORMING TABLES", "FORMATION OF TABLE", "CUTTING CARDS OF EQUAL VALUE", "CUTTING OUT",
                    "RIGHT OF ENTRY", "ENTRY AND RE-ENTRY", "SHUFFLING", "THE DEAL", "A NEW DEAL", "A MISDEAL")


def test_laws_under_the_opening_headings_have_parallels(corpus):
    """Cutting, tables, cutting out, entry, shuffling, the deal, new deal and misdeal: the concordance covers them."""
    laws = [law for law in corpus.laws() if law.heading.rstrip(".") in OPENING_HEADINGS]
    # Duplicate Whist prints no such headings: its Laws I-III are titled Shuffling, Cutting for the Trump, Dealing
    laws += [corpus.get(f"duplicate-whist-1910/{n}") for n in ("I", "II", "III")]
    assert len(laws) > 140
    assert [law.id for law in laws if not law.parallels] == []


PLAY_OF_THE_HAND = ("revoke", "dummy", "exposed-cards", "leads-out-of-turn", "doubling", "scoring")
COMPLETE_CODES = ("english-whist", "bridge-1904", "duplicate-whist-1910", "auction-bridge-1912", "auction-bridge-1913")


@pytest.mark.parametrize("topic", PLAY_OF_THE_HAND)
def test_the_concordance_reaches_every_code_on_the_play_of_the_hand(corpus, topic):
    """Each subject of the play has groups, and every complete code with laws on it is in one of them."""
    groups = [g for g in corpus.concordance if g.topic == topic]
    linked = {i for g in groups for i in [g.reference, *(m.id for m in g.laws)]}
    in_groups = {code for code in COMPLETE_CODES for law in corpus.codes[code].laws
                 if law.id in linked or any(i.startswith(law.id + "/") for i in linked)}
    with_laws = {code for code in COMPLETE_CODES if any(topic in law.topics for law in corpus.codes[code].laws)}
    assert len(groups) >= 3
    assert with_laws - in_groups == set()


@pytest.mark.parametrize("code_id", COMPLETE_CODES)
def test_editors_notes_on_at_least_two_fifths_of_every_complete_code(corpus, code_id):
    laws = corpus.codes[code_id].laws
    annotated = [law for law in laws if law.annotations]
    assert len(annotated) * 5 >= len(laws) * 2, f"{len(annotated)} of {len(laws)} laws annotated"
