"""topics.yaml, glossary.yaml, concordance.yaml and editions.yaml: loading, checks, diff and stats.

A two-edition demo corpus: `old` (Laws 1-3) and `new` (Laws 1-3, renumbered
and reworded), with a topic list, a glossary, a concordance group and an
edition map; each test breaks or queries one thing.
"""

from __future__ import annotations

import json

import pytest

import lawkit

SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/{}.schema.json\n"
SHARED_SCHEMA = "# yaml-language-server: $schema=../lawkit/schemas/{}.schema.json\n"


def code(code_id: str, laws: str) -> dict[str, str]:
    return {
        f"{code_id}/code.yaml": SCHEMA.format("code")
        + f"code: {code_id}\ntitle: {code_id.upper()}\nsource: {{book: X, year: 1900}}\nheadings: [ONE]\n",
        f"{code_id}/01-one.yaml": SCHEMA.format("heading") + "heading: ONE\nlaws:\n" + laws,
    }


OLD = """\
  - law: 1
    text: The ace is the lowest card in cutting.
    topics: [cutting]
  - law: 2
    text: Each player deals in his turn.
    topics: [dealing]
  - law: 3
    text: A revoke is established when the trick is quitted.
    topics: [revoke]
"""
NEW = """\
  - law: 1
    text: Each player deals in turn.
    topics: [dealing]
  - law: 2
    text: In cutting the ace is the lowest card.
    topics: [cutting]
  - law: 3
    text: Six players make a complete table.
    topics: [forming-tables]
"""
TOPICS = SHARED_SCHEMA.format("topics") + """\
topics:
  - {id: cutting, title: Cutting}
  - {id: dealing, title: The deal}
  - {id: revoke, title: The revoke}
  - {id: forming-tables, title: Forming tables}
"""
GLOSSARY = SHARED_SCHEMA.format("glossary") + """\
terms:
  - term: revoke
    variants: [revokes]
    definition: Failing to follow suit when able.
    see: [old/3]
"""
CONCORDANCE = SHARED_SCHEMA.format("concordance") + """\
parallels:
  - subject: The ace is low in cutting
    topic: cutting
    reference: old/1
    laws:
      - id: new/2
        relation: reworded
"""
EDITIONS = SHARED_SCHEMA.format("editions") + """\
editions:
  - from: old
    to: new
    map:
      - {from: 1, to: 2, change: reworded}
      - {from: 2, to: 1, change: reworded, note: '"his" dropped'}
      - {from: 3, to: null, change: dropped}
      - {from: null, to: 3, change: added}
"""


def demo(**replace: str) -> dict[str, str]:
    files = {**code("old", OLD), **code("new", NEW), "topics.yaml": TOPICS, "glossary.yaml": GLOSSARY,
             "concordance.yaml": CONCORDANCE, "editions.yaml": EDITIONS}
    files.update(replace)
    return files


@pytest.fixture
def check(make_corpus, tmp_path, monkeypatch):
    def run(files: dict[str, str]) -> lawkit.Corpus:
        make_corpus(files)
        monkeypatch.chdir(tmp_path)
        return lawkit.check("laws")
    return run


def kinds(corpus):
    return [(p.kind, p.position.path.rsplit("/", 1)[-1], p.position.line) for p in corpus.problems]


def test_demo_is_clean_and_links_both_ways(check):
    corpus = check(demo())
    assert corpus.problems == []
    old1 = corpus.get("old/1")
    assert [(p.id, p.relation) for p in old1.parallels] == [("new/2", "reworded")]
    assert [p.id for p in corpus.get("new/2").parallels] == ["old/1"]
    assert [p.id for p in corpus.get("old/2").parallels] == ["new/1"]  # from the edition map
    assert corpus.glossary[0].used_by == ["old/3"]


def test_unknown_topic_and_no_topic(check):
    laws = OLD.replace("topics: [dealing]", "topics: [deal]").replace("    topics: [revoke]\n", "")
    corpus = check(demo(**code("old", laws)))
    problems = [(p.kind, p.citation, p.suggestion) for p in corpus.problems]
    assert ("unknown-topic", "old/2", None) in problems
    assert ("no-topic", "old/3", None) in problems
    assert "did you mean 'dealing'" in next(p.message for p in corpus.problems if p.kind == "unknown-topic")


def test_dangling_parallel_is_an_error_at_its_line(check):
    corpus = check(demo(**{"concordance.yaml": CONCORDANCE.replace("id: new/2", "id: new/9")}))
    assert kinds(corpus) == [("dangling-reference", "concordance.yaml", 7)]


def test_edition_map_must_account_for_every_law(check):
    editions = EDITIONS.replace("      - {from: null, to: 3, change: added}\n", "")
    corpus = check(demo(**{"editions.yaml": editions}))
    assert [(p.kind, p.citation) for p in corpus.problems] == [("edition-map", "new/3")]


def test_edition_map_rejects_a_law_mapped_twice_and_a_bad_shape(check):
    editions = EDITIONS.replace("{from: null, to: 3, change: added}", "{from: 3, to: 3, change: added}")
    corpus = check(demo(**{"editions.yaml": editions}))
    got = sorted((p.kind, p.position.line) for p in corpus.problems)
    assert got == [("edition-map", 9), ("edition-map", 9)], got  # 'added' with a from; old/3 twice


def test_unused_glossary_term_is_a_warning(check):
    glossary = GLOSSARY.replace("term: revoke", "term: chicane").replace("[revokes]", "[]")
    corpus = check(demo(**{"glossary.yaml": glossary}))
    assert [(p.kind, p.severity) for p in corpus.problems] == [("unused-term", "warning")]


def test_an_unknown_shared_file_is_named(check):
    corpus = check(demo(**{"glosary.yaml": GLOSSARY}))
    (problem,) = corpus.problems
    assert problem.kind == "unknown-file" and "did you mean 'glossary.yaml'" in problem.message


def test_diff_prints_the_map_with_word_differences(check, run_cli):
    check(demo())
    code, out, err = run_cli(["diff", "old", "new"])
    assert code == 0, err
    assert "4 entries; 2 reworded, 1 added, 1 dropped, 2 renumbered" in out
    assert "Law 2 → Law 1: reworded (renumbered)" in out
    assert "[-his-]" in out
    code, out, _ = run_cli(["diff", "old", "new", "--json"])
    data = json.loads(out)
    assert data["summary"]["dropped"] == 1
    entry = data["entries"][1]
    assert entry["from"] == ["old/2"] and entry["to"] == ["new/1"] and entry["renumbered"] is True
    assert {"op": "delete", "text": "his"} in entry["diff"]


def test_diff_of_unknown_codes_or_maps_exits_1(check, run_cli):
    check(demo())
    assert run_cli(["diff", "old", "nwe"])[0] == 1
    code, _, err = run_cli(["diff", "new", "old"])
    assert code == 1 and "no edition map from new to old" in err


def test_stats_counts(check, run_cli):
    check(demo())
    code, out, _ = run_cli(["stats", "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["laws"] == 6
    assert data["glossary"] == {"terms": 1, "defined_by_a_code": 0, "laws_using_a_term": 1, "coverage": 0.167}
    assert data["parallels"]["links"] == 2  # old/1-new/2 (concordance, and edition map), old/2-new/1
    assert data["topics"]["laws_with_a_topic"] == 6
    code, out, _ = run_cli(["stats"])
    assert "glossary: 1 terms" in out
