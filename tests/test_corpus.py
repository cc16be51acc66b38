"""The real corpus in laws/: it checks clean and holds what the 1912 code prints."""

from __future__ import annotations

import pytest

from lawkit import export

CODE = "auction-bridge-1912"


@pytest.fixture(scope="module")
def exported(corpus):
    return export(corpus)


@pytest.fixture(scope="module")
def code_laws(exported):
    codes = {code["id"]: code for code in exported["codes"]}
    assert CODE in codes, f"export has codes {sorted(codes)}"
    return codes[CODE]["laws"]


def test_corpus_checks_clean(corpus):
    """The real corpus as lawkit.check gives it (the session's, checked once a worker: the
    ``corpus`` fixture) has no problem, no warning either."""
    assert corpus.problems == [], "\n".join(str(p) for p in corpus.problems)


def test_97_laws_numbered_1_to_97(code_laws):
    proper = [law for law in code_laws if law["part"] is None]
    assert len(proper) == 97
    assert [law["number"] for law in proper] == [str(n) for n in range(1, 98)]
    assert [law["id"] for law in proper] == [f"{CODE}/{n}" for n in range(1, 98)]


def test_12_etiquette_items(code_laws):
    etiquette = [law for law in code_laws if law["part"] == "etiquette"]
    assert [law["id"] for law in etiquette] == [f"{CODE}/etiquette/{n}" for n in range(1, 13)]
    assert {law["part"] for law in code_laws} == {None, "etiquette"}
    assert len(code_laws) == 97 + 12


def test_law_21_cites_law_14_and_back(corpus, code_laws):
    by_id = {law["id"]: law for law in code_laws}
    assert f"{CODE}/14" in by_id[f"{CODE}/21"]["refs"]
    assert f"{CODE}/21" in by_id[f"{CODE}/14"]["cited_by"]
    # the model agrees with the export
    assert corpus.get(f"{CODE}/21").cites == [f"{CODE}/14"]
    assert f"{CODE}/21" in corpus.get(f"{CODE}/14").cited_by


def test_law_21_footnote_26(corpus):
    law = corpus.get(f"{CODE}/21")
    assert [note.mark for note in law.notes] == ["26"]
    assert law.text.endswith("the highest are out.[26]")
    assert law.notes[0].text == "See Law 14 as to value of cards in cutting."
    assert not law.notes[0].on_heading


def test_law_37_items_a_to_g(corpus):
    law = corpus.get(f"{CODE}/37")
    assert [item.key for item in law.items] == list("abcdefg")
    assert [item.id for item in law.items] == [f"{CODE}/37/{k}" for k in "abcdefg"]
    for item in law.items:
        assert corpus.get(item.id) is item
        assert corpus.law_of(item.id) is law


def test_law_83_note_27_is_on_heading(corpus):
    law = corpus.get(f"{CODE}/83")
    notes = {note.mark: note for note in law.notes}
    assert "27" in notes, f"Law 83 notes: {sorted(notes)}"
    assert notes["27"].on_heading
    assert "[27]" not in law.text  # the mark is printed after the heading, not in the law


def test_every_law_has_text(code_laws):
    empty = [law["id"] for law in code_laws if not law["text"].strip()]
    assert empty == []
    for law in code_laws:
        for item in law["items"]:
            assert item["text"].strip(), item["id"]
        for note in law["notes"]:
            assert note["text"].strip(), f"{law['id']} note [{note['mark']}]"
