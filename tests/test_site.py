"""The MkDocs plugin: the real corpus builds strictly into the site the readers use;
bad data fails the build with path:line; no corpus string reaches a page unescaped."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import DEMO_CODE, DEMO_FACTS, DEMO_LOWEST_DEALS, DEMO_OUTCOMES, REPO, MKDOCS_ENV as ENV, mkdocs_build as build

MKDOCS = [sys.executable, "-m", "mkdocs"]


@pytest.fixture
def site(built_site) -> Path:
    """The real corpus, built once for the session (strict: no warning)."""
    return built_site


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def _apart(text: str, site: Path | None, url: str) -> dict | None:
    """The file a page names for its previews and definitions, when they are too many to embed."""
    match = re.search(r'<script type="application/json" id="lawkit-previews" data-src="([^"]*)">', text)
    if match is None:
        return None
    assert site is not None, "the previews are in a file of their own"
    return json.loads((site / url / html.unescape(match.group(1))).resolve().read_text("utf-8"))


def _inline(text: str, element: str) -> dict:
    match = re.search(rf'<script type="application/json" id="{element}">(.*?)</script>', text, re.S)
    assert match, f"no {element} in the page"
    assert "<" not in match.group(1) and ">" not in match.group(1) and "&" not in match.group(1)
    return json.loads(match.group(1))


def previews(text: str, site: Path | None = None, url: str = "") -> dict:
    """The page's preview data: in the page, or in the file it names (a code page's are many)."""
    apart = _apart(text, site, url)
    return apart["previews"] if apart is not None else _inline(text, "lawkit-previews")


def terms(text: str, site: Path | None = None, url: str = "") -> dict:
    """The definitions of the glossary terms the page marks, once each (with the previews when apart)."""
    apart = _apart(text, site, url)
    return apart["terms"] if apart is not None else _inline(text, "lawkit-terms")


def folded(site: Path, law: str) -> dict:
    """A law's folded parts (its rules, questions, parallels), as the page fetches them when opened."""
    return json.loads((site / "api" / "folds" / f"{law}.json").read_text("utf-8"))


# -- the real corpus -------------------------------------------------------------------

def test_real_corpus_builds_with_law_pages(site):
    text = page(site, "laws/auction-bridge-1912")
    assert 'id="21"' in text and 'id="37/c"' in text and 'id="etiquette/9"' in text
    assert '<a class="lk-ref" href="#14" data-law="auction-bridge-1912/14">Law 14</a>' in text  # Law 21's note
    assert "reëntry" in text
    assert "fonts.googleapis.com" not in text  # theme.font: false
    home = (site / "index.html").read_text("utf-8")
    assert '<a href="laws/ask/">Ask a question</a>' in home  # the home page's invitation, filled in


def test_each_law_is_a_heading_with_its_citation_id(site):
    text = page(site, "laws/auction-bridge-1912")
    assert re.search(r'<h3 id="14" class="lk-law__title">Law 14<a class="headerlink" href="#14"', text)
    assert re.search(r'<h3 id="etiquette/9" class="lk-law__title">Etiquette 9<', text)
    assert '<div class="lk-item" id="37/c">' in text
    whist = page(site, "laws/duplicate-whist-1910")
    assert re.search(r'<h4 id="IV/8" class="lk-section__title">', whist)
    assert re.search(r'<h3 id="definitions/e" ', whist)


def test_search_entries_are_laws_each_its_own(site, corpus):
    """The code pages' entries in Material's search index are one per law, each at an address of
    its own (Material groups the entries of one address into one result), titled to be found by
    the law's number and code."""
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    locations = {doc["location"]: doc for doc in index["docs"]}
    law = locations["laws/auction-bridge-1913/?law=84"]
    assert law["title"] == "Law 84 · Auction Bridge, 1913 · The revoke"
    assert "The penalty for each established revoke is:" in law["text"]
    assert "The dummy may advise the declarer" in law["text"]  # its footnote, printed after Law 97
    assert locations["laws/duplicate-whist-1910/?law=IV"]["title"].startswith("Law IV · Duplicate Whist, 1910 · ")
    assert locations["laws/auction-bridge-1912/?law=etiquette/9"]["title"].startswith("Etiquette 9 · ")
    on_code_pages = [doc for doc in index["docs"] if "?law=" in doc["location"]]
    assert len(on_code_pages) == sum(len(code.laws) for code in corpus.codes.values())
    assert len({doc["location"] for doc in on_code_pages}) == len(on_code_pages)
    # Nothing else of a code page: no entry at an anchor (it would group the laws under the page)...
    assert not [doc for doc in index["docs"] if doc["location"].startswith("laws/auction-bridge-1912/#")]
    # ...but the code itself, by its name and provenance.
    assert locations["laws/auction-bridge-1913/"]["title"] == "Auction Bridge, 1913"
    assert "Foster" in locations["laws/auction-bridge-1913/"]["text"]


def test_the_go_to_law_index(site, corpus):
    data = json.loads((site / "assets" / "lawkit" / "laws.json").read_text("utf-8"))
    codes = {code["id"]: code for code in data["codes"]}
    assert set(codes) == set(corpus.codes)
    assert codes["auction-bridge-1913"]["page"] == "laws/auction-bridge-1913/"
    assert {"1913", "auction", "bridge", "american"} <= set(codes["auction-bridge-1913"]["words"])
    units = dict(map(tuple, codes["duplicate-whist-1910"]["units"]))
    assert units["IV/8"] == "Law IV, Sec. 8" and units["definitions/e"] == "Definitions e"
    assert dict(map(tuple, codes["auction-bridge-1912"]["units"]))["37/c"] == "Law 37 (c)"
    assert codes["english-whist"]["parts"] == ["double-dummy", "dummy", "etiquette"]
    assert '<form class="lk-goto" role="search"' in page(site, "laws/auction-bridge-1912")
    assert 'data-lk-code="auction-bridge-1912"' in page(site, "laws/auction-bridge-1912")


def test_each_code_has_one_name(site, corpus):
    """The code's short title is its name in the nav, its page's heading and title, the previews,
    the Ask page and the search; the printed title is said as such."""
    for code in corpus.codes.values():
        name = html.escape(code.short_title, quote=False)
        text = page(site, f"laws/{code.id}")
        assert re.search(rf'<h1 id="[^"]*">{re.escape(name)}<', text), code.id
        assert f"<title>{name} - The laws of Whist and Bridge</title>" in text
    text = page(site, "laws/auction-bridge-1913")
    assert "Printed title: <cite>THE AMERICAN LAWS OF BRIDGE.</cite>" in text
    assert "American Laws of Bridge (Auction)" not in text
    home = (site / "index.html").read_text("utf-8")
    nav = re.search(r'<nav class="md-nav md-nav--primary".*', home, re.S).group(0)
    assert "Auction Bridge, 1913" in nav and "American Laws" not in nav
    assert previews(page(site, "laws/auction-bridge-1912"), site, "laws/auction-bridge-1912")["auction-bridge-1913/84"]["code"] == "Auction Bridge, 1913"
    assert '<option value="auction-bridge-1913">Auction Bridge, 1913</option>' in page(site, "laws/ask")


def test_the_way_in_and_the_developers_section(site):
    home = (site / "index.html").read_text("utf-8")
    assert "<title>Home - The laws of Whist and Bridge</title>" in home
    for href in ("laws/auction-bridge-1912/", "laws/topics/", "laws/glossary/", "laws/concordance/",
                 "laws/auction-bridge-1912--auction-bridge-1913/", "laws/ask/", "using/", "developers/"):
        assert f'href="{href}' in home, href
    assert "lawkit:" not in home  # every marker filled in or dropped
    assert ('href="explorer/"' in home) == (site / "explorer" / "index.html").exists()
    nav = re.search(r'<nav class="md-nav md-nav--primary".*?</nav>\s*</div>\s*</div>', home, re.S).group(0)
    section = nav[nav.index("For developers and editors"):]
    for title in ("Overview", "The Python API", "The corpus format", "Editing the corpus", "What others build on"):
        assert title in section, title
    assert nav.index("How to read these pages") < nav.index("For developers and editors")


def test_notes_printed_at_the_end_are_shown_under_their_law(site):
    text = page(site, "laws/auction-bridge-1913")
    law = text[text.index('<h3 id="84"'):text.index('<h3 id="85"')]
    assert "The book prints these notes at the end of the code, after Law 97:" in law
    assert '<p class="lk-note" id="fn-84-21">' in law and 'href="#end-fn-84-21"' in law
    assert '<sup class="lk-mark" id="ref-fn-84-21"><a href="#fn-84-21"' in law
    end = text[text.index('id="notes"'):]
    assert '<p class="lk-note" id="end-fn-84-21"><a class="lk-note__mark" href="#ref-fn-84-21"' in end
    once = page(site, "laws/auction-bridge-1912")  # a code that prints its notes after the law: once
    assert once.count('id="fn-21-26"') == 1 and "end-fn-" not in once and "the book prints" not in once


def test_code_page_has_provenance_and_printed_headings(site):
    text = page(site, "laws/auction-bridge-1912")
    assert "<cite>Auction of To-day</cite> by Milton C. Work" in text and "Houghton Mifflin Company" in text
    assert 'href="https://www.gutenberg.org/ebooks/23086">#23086</a>' in text
    assert "The transcription</summary>" in text
    toc = re.search(r'<nav class="md-nav md-nav--secondary".*?</nav>', text, re.S).group(0)
    assert 'href="#cutting-out"' in toc and 'href="#21"' not in toc  # the printed headings, not the laws
    headings = re.findall(r'<h2[^>]*\bid="([^"]+)"', text)
    assert headings[:3] == ["the-rubber", "scoring", "cutting"]
    assert text.index('id="1"') < text.index('id="2"') < text.index('id="97"') < text.index('id="etiquette/1"')
    assert '<sup class="lk-mark" id="ref-fn-21-26"><a href="#fn-21-26"' in text  # footnote mark -> note
    assert '<p class="lk-note" id="fn-21-26">' in text
    assert '<div class="admonition note lk-annotations"><p class="admonition-title">Editor\'s note' in text
    assert 'lk-kind--gloss">gloss</span>' in text


def test_citations_link_both_ways(site):
    text = page(site, "laws/auction-bridge-1912")
    assert '<a class="lk-ref" href="#37/b" data-law="auction-bridge-1912/37/b">Law 37 b</a>' in text
    law_14 = text[text.index('<h3 id="14"'):text.index('<h3 id="15"')]
    assert re.search(r'Cited by</span> <a class="lk-ref" href="#21" data-law="auction-bridge-1912/21">Law 21</a>', law_14)
    # each parallel links to the two laws side by side, on a page where that anchor exists (the
    # parallels are folded: fetched from api/folds/ when opened, their links relative to the code page)
    assert 'data-lk-folds="../../api/folds/auction-bridge-1912/"' in text and '<details class="lk-parallels">' in law_14
    compare = re.findall(r'<a class="lk-compare" href="([^"]+)"', folded(site, "auction-bridge-1912/14")["parts"]["parallels"])
    assert compare
    for href in compare:
        target, anchor = href.split("#")
        assert f'id="{anchor}"' in (site / "laws/auction-bridge-1912" / target / "index.html").read_text("utf-8")


def test_previews_embed_the_laws_a_page_links_to(site):
    text = page(site, "laws/auction-bridge-1912")
    data = previews(text, site, "laws/auction-bridge-1912")  # a code page's are in a file beside it
    linked = set(re.findall(r'data-law="([^"]+)"', text))
    assert linked == set(data)
    assert data["auction-bridge-1912/14"]["name"] == "Law 14"
    assert data["auction-bridge-1912/14"]["text"][0].startswith("14. In cutting, the ace is the lowest card")
    assert data["auction-bridge-1912/37/b"]["name"] == "Law 37 (b)"
    assert 'src="../../assets/lawkit/lawkit.js"' in text and "assets/lawkit/lawkit.css" in text
    assert (site / "assets" / "lawkit" / "lawkit.js").is_file()
    # hand-written pages get previews too (the reader's guide links Law 37 (c))
    guide = page(site, "using")
    assert 'data-law="auction-bridge-1912/37/c"' in guide and "auction-bridge-1912/37/c" in previews(guide)


def test_glossary_terms_carry_their_definitions(site):
    text = page(site, "laws/auction-bridge-1912")
    # each term marked in the text names its entry; the page carries each definition once
    assert '<abbr class="lk-term" data-term="revoke">' in text
    defined = terms(text, site, "laws/auction-bridge-1912")
    assert defined["revoke"].startswith("Playing a card of another suit")
    assert set(defined) == set(re.findall(r'<abbr class="lk-term" data-term="([^"]+)"', text))
    glossary = page(site, "laws/glossary")
    assert '<h2 data-search-exclude id="revoke">revoke' in glossary
    entry = glossary[glossary.index('<h2 data-search-exclude id="revoke">'):]
    entry = entry[:entry.index("<h2 ", 1)]
    assert "Defined by" in entry and 'data-law="duplicate-whist-1910/definitions/g"' in entry
    assert "Used in" in entry and "Everyday words" in entry


def test_no_heading_or_sidebar_entry_is_escaped_twice(site):
    # "The dealer's partner collects the cards" once read "dealer&amp;#x27;s" in the concordance's sidebar.
    shuffling = page(site, "laws/concordance/shuffling")
    assert "partner collects" in shuffling
    twice = sorted({str(p.relative_to(site)) for p in site.rglob("*.html") if "&amp;#x27;" in p.read_text("utf-8")
                    or "&amp;amp;" in p.read_text("utf-8")})
    assert twice == []


def test_topics_concordance_and_edition_pages(site):
    topics = page(site, "laws/topics")
    assert '<h2 data-search-exclude id="cutting">Cutting' in topics and 'data-law="english-whist/13"' in topics
    cutting = page(site, "laws/concordance/cutting")
    assert "Reference law:" in cutting and "<del>" in cutting and "<ins>" in cutting
    edition = page(site, "laws/auction-bridge-1912--auction-bridge-1913")
    assert 'id="e-2+3--4"' in edition and "<del>" in edition and "<ins>" in edition
    entry = edition[edition.index('id="e-2+3--4"'):]
    entry = entry[:entry.index('<div class="lk-entry"')]
    assert 'data-law="auction-bridge-1912/2"' in entry and 'data-law="auction-bridge-1913/4"' in entry


def test_machine_clauses_and_worked_examples(site):
    text = page(site, "laws/auction-bridge-1912")
    law_16 = text[text.index('<h3 id="16"'):text.index('<h3 id="17"')]
    assert '<details class="lk-clauses"><summary>How lawkit applies this law' in law_16
    assert "highest-exposed-card-is-the-cut" not in law_16  # the box's body is fetched when it is opened
    box = folded(site, "auction-bridge-1912/16")
    rules = box["parts"]["rules"]
    # a reader's sentence first; the rule's id, its CEL and the scenario's file behind the developer switch
    assert re.search(r'<p class="lk-rule__said">A player who exposes more than one card in cutting has the highest '
                     r'of them for his cut\. <span class="lk-rule__unless"><strong>Unless</strong> .*?\(<a [^>]*>Law 15</a>\)',
                     rules)
    assert ('<p class="lk-rule__said"><span class="lk-rule__item">(b)</span> <strong>When</strong> the pack is incorrect, '
            '<strong>then</strong> there must be a new deal.') in folded(site, "auction-bridge-1912/37")["parts"]["rules"]
    assert 'class="lk-devswitch" aria-pressed="false"' in rules
    developer = "".join(re.findall(r'<div class="lk-dev-only">(.*?)</div></div>', rules, re.S))
    assert "<code>highest-exposed-card-is-the-cut</code>" in developer and "tests/scenarios/" in rules
    said = re.sub(r'<div class="lk-dev-only">.*?</div></div>', "", rules, flags=re.S)
    assert "<code>" not in said.split("worked example")[0]
    assert "The ruling under Auction Bridge, 1912" in rules
    # a worked example is a story with cards as players write them, the hands drawn where cards are dealt
    assert '<span class="lk-card">Q♠</span>' in folded(site, "auction-bridge-1912/15")["parts"]["rules"]
    assert 'class="lk-hands"' in folded(site, "auction-bridge-1912/37")["parts"]["rules"]
    assert set(box["previews"]) == set(re.findall(r'data-law="([^"]+)"', "".join(box["parts"].values())))


def test_the_developer_view_lists_the_definitions_a_rule_reads(site):
    """A rule's CEL as written (a name for a long sub-expression), and behind the developer switch each
    definition it reads, directly or through another, with its sentence and CEL; in the fold, not the page."""
    rules = folded(site, "english-whist/5")["parts"]["rules"]
    rule = rules[rules.index("<code>revoke-penalty-first</code>"):rules.index("<code>out-on-revoke-penalty</code>")]
    assert "<dt>When</dt><dd><code>game_in_play</code></dd>" in rule  # as written, not the expanded CEL
    assert "<code>claimants_out ? claimants : &#x27;&#x27;</code>" in rule
    listed = re.findall(r'<li class="lk-clause__definition"><code>(\w+)</code>', rule)
    assert listed[0] == "game_in_play" and "ns_after_penalty" in listed  # read through ns_after_penalty_hand
    assert listed.index("claimants") < listed.index("ns_after_penalty") < listed.index("ns_after_penalty_hand")
    assert "ns_after_hand" not in listed  # tricks-then-honours reads it, this rule does not
    assert "Neither side had the five points of a game (Law 2) when the hand began" in rule
    assert "side_of[revoke_penalty_chosen_by]" in rule  # claimants' own CEL
    said = re.sub(r'<div class="lk-dev-only">.*?</div></div>', "", rules, flags=re.S)
    assert "lk-clause__definition" not in said  # the readers' view is unchanged
    assert "game_in_play" not in page(site, "laws/english-whist")


def test_a_code_page_is_light_and_keeps_the_law_text(site, corpus):
    """At most 300 KB of HTML for every code page (the 1912 page was 2.1 MB: benchmarks/page_weight.py),
    with every law's text in it; what is folded is in api/folds/, a file for each law that has any."""
    for code in corpus.codes.values():
        text = page(site, f"laws/{code.id}")
        assert len(text.encode("utf-8")) <= 300_000, (code.id, len(text.encode("utf-8")))
        words = " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())
        for law in code.laws:
            opening = " ".join(re.sub(r"_([^_]+)_", r"\1", (law.text or "").split("\n")[0]).split()[:5])
            assert opening in words, (law.id, opening)
        folds = html.unescape(re.search(r'data-lk-folds="([^"]+)"', text).group(1))
        for entry in text.split('<div class="lk-law">')[1:]:
            law = re.match(r'<h3 id="([^"]+)"', entry).group(1)
            for part in re.findall(r'<details class="lk-(clauses|questions|parallels)">', entry):
                part = {"clauses": "rules"}.get(part, part)
                assert part in json.loads((site / "laws" / code.id / folds / f"{law}.json").resolve()
                                          .read_text("utf-8"))["parts"], (law, part)


def test_static_json_api(site, corpus):
    from lawkit import export

    whole = json.loads((site / "api" / "export.json").read_text("utf-8"))
    assert whole == json.loads(json.dumps(export(corpus), ensure_ascii=False))  # the real corpus, loaded once
    law = json.loads((site / "api" / "auction-bridge-1912" / "37.json").read_text("utf-8"))
    assert law["id"] == "auction-bridge-1912/37" and [i["id"] for i in law["items"]][2] == "auction-bridge-1912/37/c"
    assert law["url"] == "laws/auction-bridge-1912/#37" and law["page"] is None  # the book's page: none in this source
    assert (site / "api" / "auction-bridge-1912" / "etiquette" / "9.json").is_file()
    assert json.loads((site / "api" / "duplicate-whist-1910.json").read_text("utf-8"))["id"] == "duplicate-whist-1910"
    assert 'href="../api/export.json"' in page(site, "developers")  # the developers' overview links it


def test_edit_links_point_at_the_yaml(make_corpus, tmp_path):
    project = _small_project(make_corpus, tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "repo_url: https://github.com/example/lawkit\n"
                      "edit_uri: edit/main/docs/\n", "utf-8")
    result = build(config, project / "site")
    assert result.returncode == 0, result.stderr
    text = (project / "site" / "laws" / "demo" / "index.html").read_text("utf-8")
    assert 'href="https://github.com/example/lawkit/edit/main/laws/demo/code.yaml"' in text
    assert 'href="https://github.com/example/lawkit/edit/main/laws/demo/01-one.yaml"' in text
    glossary = (project / "site" / "laws" / "glossary" / "index.html").read_text("utf-8")
    assert 'href="https://github.com/example/lawkit/edit/main/laws/glossary.yaml"' in glossary


def test_bad_corpus_fails_the_build_naming_the_file(repo, tmp_path):
    project = tmp_path / "project"
    shutil.copytree(repo / "docs", project / "docs")
    shutil.copy(repo / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(repo / "laws", project / "laws")
    cutting = project / "laws" / "auction-bridge-1912" / "05-cutting-out.yaml"
    cutting.write_text(cutting.read_text("utf-8").replace("See Law 14", "See Law 140"), "utf-8")
    result = subprocess.run([*MKDOCS, "build", "--strict"], cwd=project, capture_output=True, text=True,
                            env=ENV, timeout=300)
    assert result.returncode == 1
    assert "05-cutting-out.yaml:" in result.stderr and "dangling-citation" in result.stderr
    assert "laws/auction-bridge-1912/05-cutting-out.yaml:" in result.stderr  # relative to mkdocs.yml
    assert "Traceback" not in result.stderr


# -- the cache of generated files -------------------------------------------------------
#
# The rebuilds run on a small project of their own (two laws, a rule, a scenario, a glossary):
# what they show, the generated files kept and read back, made again when a law, a scenario or a
# setting changes, holds for any corpus; the real one is built once (``built_site``) and built
# again warm in test_a_warm_rebuild_of_the_real_site_is_the_same_site.

SMALL = {
    "facts.yaml": DEMO_FACTS,
    "outcomes.yaml": DEMO_OUTCOMES,
    "glossary.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/glossary.schema.json
terms:
  - term: cut
    definition: Lifting part of the pack to settle who deals.
""",
    "demo/code.yaml": DEMO_CODE,
    "demo/01-one.yaml": """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: In cutting, the ace is the lowest card; all cut from one pack.
    constants:
      - name: rank
        card_order: {ranks: A23456789TJQK, suits: null}
  - law: 2
    text: The lowest cut deals (see Law 1).
""" + DEMO_LOWEST_DEALS,
}
SMALL_SCENARIO_NAME = "Two cut, and the ace deals"
SMALL_SCENARIOS = f"""\
# yaml-language-server: $schema=../../lawkit/schemas/scenarios.schema.json
scenarios:
  - name: {SMALL_SCENARIO_NAME}
    code: demo
    record:
      answers:
        cuts: [{{player: Ann, card: AS}}, {{player: Bob, card: KH}}]
    expect:
      rulings:
        - rule: 2#lowest-deals
          values: {{dealer_player: Ann}}
"""


def _small_project(make_corpus, tmp_path: Path) -> Path:
    """A project of its own (laws, a scenario file, docs, the real mkdocs.yml) with its own .lawkit-cache."""
    make_corpus(SMALL, root="project/laws")
    project = tmp_path / "project"
    (project / "tests" / "scenarios").mkdir(parents=True)
    (project / "tests" / "scenarios" / "demo.yaml").write_text(SMALL_SCENARIOS, "utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("# Home\n\nSee [Law 2](laws/demo.md#2).\n", "utf-8")
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    return project


def _built(project: Path, out: str) -> Path:
    result = build(project / "mkdocs.yml", project / out)
    assert result.returncode == 0, result.stderr
    return project / out


def _site_entries(project: Path) -> list[str]:
    return sorted(p.name for p in (project / ".lawkit-cache").glob("site-*"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def _same_site(one: Path, other: Path) -> None:
    for path in one.rglob("*"):
        if path.is_file() and path.suffix != ".gz":  # sitemap.xml.gz stamps the time it was written
            assert path.read_bytes() == (other / path.relative_to(one)).read_bytes(), path


def test_a_warm_rebuild_of_the_real_site_is_the_same_site(built_site, repo, tmp_path):
    """The real site built again with lawkit's cache warm (the generated pages and JSON read
    back, as the build for ``built_site`` left them) is the same site, byte for byte."""
    _same_site(built_site, _built_in(repo, tmp_path / "warm"))


def _built_in(repo: Path, out: Path) -> Path:
    result = build(repo / "mkdocs.yml", out, cwd=repo)
    assert result.returncode == 0, result.stderr
    return out


def test_a_warm_rebuild_is_the_same_site_and_shows_an_edited_law(make_corpus, tmp_path):
    project = _small_project(make_corpus, tmp_path)
    cold = _built(project, "cold")
    entries = _site_entries(project)
    assert len(entries) == 1  # the generated pages and JSON, kept for the next build
    warm = _built(project, "warm")
    assert _site_entries(project) == entries  # read back, not made again
    _same_site(cold, warm)

    _edit(project / "laws" / "demo" / "01-one.yaml",
          "In cutting, the ace is the lowest card;", "In cutting, the ace is the very lowest card;")
    edited = _built(project, "edited")
    assert _site_entries(project) != entries
    text = page(edited, "laws/demo")
    assert "In cutting, the ace is the very lowest card;" in text
    assert "the very lowest card" in previews(text)["demo/1"]["text"][0]  # Law 2 cites it
    law = json.loads((edited / "api" / "demo" / "1.json").read_text("utf-8"))
    assert law["text"].startswith("In cutting, the ace is the very lowest card;")
    assert "the very lowest card" not in page(warm, "laws/demo")


def test_a_warm_rebuild_follows_edited_scenarios_and_settings(make_corpus, tmp_path):
    project = _small_project(make_corpus, tmp_path)
    _built(project, "cold")
    name = SMALL_SCENARIO_NAME
    _edit(project / "tests" / "scenarios" / "demo.yaml", name, name + " (edited)")
    built = _built(project, "scenario")
    assert '<details class="lk-clauses">' in page(built, "laws/demo")[page(built, "laws/demo").index('<h3 id="2"'):]
    # the worked example under the law it rules in, in the box fetched when it is opened
    assert f"<summary>{name} (edited)</summary>" in folded(built, "demo/2")["parts"]["rules"]

    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "repo_url: https://github.com/example/lawkit\n", "utf-8")
    text = page(_built(project, "settings"), "laws/demo")
    assert 'href="https://github.com/example/lawkit/edit/master/laws/demo/01-one.yaml"' in text


def test_the_cache_key_covers_lawkits_own_source(tmp_path, monkeypatch):
    """A changed lawkit (a renderer, say) renders afresh: its source is in the corpus fingerprint,
    which the key of the generated files starts from."""
    from lawkit import cache
    from lawkit.site import generated

    (tmp_path / "laws").mkdir()
    package = tmp_path / "lawkit"
    package.mkdir()
    module = package / "law.py"
    module.write_text("LAW = 'old'\n")
    monkeypatch.setattr(cache, "_PACKAGE", package)
    before = generated.key(cache.fingerprint(tmp_path / "laws"), str(tmp_path / "scenarios"), "laws", True)
    module.write_text("LAW = 'new, longer'\n")
    after = generated.key(cache.fingerprint(tmp_path / "laws"), str(tmp_path / "scenarios"), "laws", True)
    assert before != after
    assert generated.key("same", str(tmp_path / "scenarios"), "laws", True) != generated.key(
        "same", str(tmp_path / "scenarios"), "laws", False)  # a setting the renderers read


# -- no injection ----------------------------------------------------------------------

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
EVIL = f"{SCRIPT} {IMG}"


def _evil_project(make_corpus, tmp_path: Path) -> Path:
    make_corpus({
        "demo/code.yaml": (
            "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json\n"
            "code: demo\n"
            f"title: 'DEMO {EVIL}'\n"
            f"short_title: 'Demo {IMG}'\n"
            f"source: {{book: 'X {EVIL}', year: 1900}}\n"
            "headings: [ONE]\n"),
        "demo/01-one.yaml": (
            "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json\n"
            "heading: ONE\n"
            "laws:\n"
            "  - law: 1\n"
            f"    text: 'A revoke {EVIL} _here_.[1]'\n"
            "    notes:\n"
            "      - mark: '1'\n"
            f"        text: 'See Law 2. {EVIL}'\n"
            f"    questions: ['what does {EVIL} mean?']\n"
            "    annotations:\n"
            "      - kind: gloss\n"
            f"        text: 'Compare `demo/2`. {EVIL}'\n"
            "  - law: 2\n"
            f"    text: 'See Law 1. {EVIL}'\n"),
        "glossary.yaml": (
            "# yaml-language-server: $schema=../lawkit/schemas/glossary.schema.json\n"
            "terms:\n"
            "  - term: revoke\n"
            f"    definition: 'Failing to follow suit. {EVIL} \"quoted\"'\n"),
    }, root="project/laws")
    project = tmp_path / "project"
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("# Home\n\nSee [Law 1](laws/demo.md#1).\n", "utf-8")
    (project / "mkdocs.yml").write_text(
        "site_name: demo\ndocs_dir: docs\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - lawkit\n",
        "utf-8")
    return project


def test_no_corpus_string_reaches_a_page_unescaped(make_corpus, tmp_path):
    project = _evil_project(make_corpus, tmp_path)
    result = build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 0, result.stderr
    built = project / "site"
    pages = sorted(built.rglob("*.html"))
    assert len(pages) >= 4
    live = re.compile(r"<script>alert|<img\b[^>]*onerror", re.IGNORECASE)
    for path in pages:
        assert not live.search(path.read_text("utf-8")), f"a live tag in {path.relative_to(built)}"
    index = (built / "search" / "search_index.json").read_text("utf-8")
    assert not live.search(index)  # Material puts the index's text into the page as HTML

    code = (built / "laws" / "demo" / "index.html").read_text("utf-8")
    escaped = html.escape(SCRIPT)
    assert f"A revoke" in code and escaped in code  # shown as text, in the law, note, annotation, question
    assert code.count(escaped) >= 5
    # the glossary definition for the term's tooltip, intact once parsed, no "<" in the page
    assert terms(code)["revoke"] == f'Failing to follow suit. {EVIL} "quoted"'
    # the preview data: the strings intact once parsed, no "<" in the page
    data = previews(code)
    assert EVIL in data["demo/2"]["text"][0] and IMG in data["demo/2"]["name"] + data["demo/2"]["code"]
    assert "\\u003cscript\\u003e" in code
    glossary = (built / "laws" / "glossary" / "index.html").read_text("utf-8")
    assert escaped in glossary
    assert "<title>" in code and "&lt;img" in code[code.index("<title>"):code.index("</title>")]
    # the static JSON keeps the data as written
    law = json.loads((built / "api" / "demo" / "1.json").read_text("utf-8"))
    assert EVIL in law["text"]


def test_no_scenarios_folder_is_fine(make_corpus, tmp_path):
    project = _evil_project(make_corpus, tmp_path)
    assert not (project / "tests" / "scenarios").exists()
    result = build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 0, result.stderr
    assert not re.search(r"^(WARNING|ERROR)", result.stderr, re.M), result.stderr


def test_without_the_model_there_is_no_ask_page_and_no_broken_link(make_corpus, tmp_path, monkeypatch, caplog):
    """The Ask page needs the model; a site built without it warns that the Ask page is off (and
    why), has no Ask page, its laws' questions are plain text, and the home page's invitation
    (the marker) is simply left out."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from lawkit.retrieval import semantic

    project = _evil_project(make_corpus, tmp_path)
    (project / "docs" / "index.md").write_text("# Home\n\n<!-- lawkit:ask -->\n\nSee [Law 1](laws/demo.md#1).\n")
    monkeypatch.setattr(semantic, "available", lambda: False)
    monkeypatch.setattr(semantic, "missing", lambda: "the model's files are not installed (the test hides them)")
    monkeypatch.chdir(project)
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    mkdocs_build(config)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == ["lawkit: the Ask page is off (search by meaning: the model's files are not installed "
                        "(the test hides them))"]
    site = project / "site"
    assert not (site / "laws" / "ask").exists() and not (site / "api" / "search").exists()
    home = (site / "index.html").read_text("utf-8")
    assert "lawkit:ask" not in home and "Ask a question" not in home
    code = (site / "laws" / "demo" / "index.html").read_text("utf-8")
    assert "Questions this law answers" in code
    questions = [json.loads(p.read_text("utf-8"))["parts"].get("questions", "") for p in (site / "api" / "folds").rglob("*.json")]
    assert any("<li>" in q for q in questions) and not any("?ask=" in q for q in questions)


def test_the_explorer_is_copied_into_the_site(site):
    """The evaluator's modules and the CEL library (from node_modules, never a CDN) are in the site,
    and its data: the model, the list of codes and one rulebook per code."""
    modules = site / "assets" / "lawkit" / "explorer"
    names = {p.name for p in modules.glob("*.js")}
    assert {"cel.js", "engine.js", "explorer.js", "record.js", "views.js", "words.js"} <= names
    assert (modules / "cel-js" / "index.js").is_file() and (modules / "cel-js" / "LICENSE").is_file()
    index = json.loads((site / "api" / "explorer" / "index.json").read_text("utf-8"))
    assert [c["id"] for c in index["codes"]][:1] == ["auction-bridge-1912"]
    for code in index["codes"]:
        book = json.loads((site / "api" / "explorer" / code["json"]).read_text("utf-8"))
        assert book["code"] == code["id"] and book["rulebook"]["rules"] and book["laws"]
    model = json.loads((site / "api" / "explorer" / "model.json").read_text("utf-8"))
    assert {"record", "constants", "views", "facts", "excludes", "read_by_rules"} <= model.keys()
    assert "https://" not in (modules / "cel.js").read_text("utf-8")


def test_without_the_cel_library_the_build_says_how_to_install_it(make_corpus, tmp_path, monkeypatch, caplog):
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    from lawkit.site import explorer

    project = _evil_project(make_corpus, tmp_path)
    monkeypatch.setattr(explorer, "library", lambda root: None)
    monkeypatch.chdir(project)
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"), strict=True)
    with pytest.raises(Abort):
        mkdocs_build(config)
    assert "@marcbachmann/cel-js" in caplog.text and "npm ci" in caplog.text
    assert not (project / "site" / "assets" / "lawkit" / "explorer" / "cel-js").exists()


# -- mkdocs serve ----------------------------------------------------------------------

@pytest.mark.parametrize("dirty", [False, True], ids=["serve", "serve --dirty"])
def test_serve_keeps_the_last_good_site_while_a_file_is_broken(make_corpus, tmp_path, monkeypatch, caplog, dirty):
    """Under serve (the plugin kept from one build to the next, as MkDocs keeps a plugin with
    on_startup), a saved file that does not parse leaves the last good pages in place, with the
    root cause atop each page and in the log, not the errors that follow from it; fixed, it is gone.
    With --dirty (scripts/site) too: the notice comes and goes on every page."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    project = _small_project(make_corpus, tmp_path)
    monkeypatch.chdir(project)
    site = project / "site"

    def rebuild(startup: bool = False) -> None:  # as serve's builder: the config loaded afresh each time
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True)
        if startup:
            config.plugins.on_startup(command="serve", dirty=dirty)
        mkdocs_build(config, dirty=dirty)

    rebuild(startup=True)
    one = project / "laws" / "demo" / "01-one.yaml"
    good = one.read_text("utf-8")
    one.write_text(good.replace("  - law: 2\n", "  - law: 2\n   text: [\n"), "utf-8")  # an indentation mistake
    caplog.clear()
    rebuild()  # no PluginError, no abort in strict mode
    text = page(site, "laws/demo")
    assert "The corpus has errors: this is the last good build" in text
    notice = text[text.index("lk-broken"):text.index("</div>", text.index("lk-broken"))]
    assert "laws/demo/01-one.yaml:" in notice and "yaml-syntax" in notice and "dangling" not in notice
    assert "The lowest cut deals" in text  # the last good law 2
    said = [r.getMessage() for r in caplog.records if r.name == "lawkit.serve"]
    assert len(said) == 1 and "yaml-syntax" in said[0] and "dangling" not in said[0]
    assert "The corpus has errors" in page(site, "laws/glossary")  # every page says so

    one.write_text(good.replace("The lowest cut deals", "The lowest cut always deals"), "utf-8")
    rebuild()
    text = page(site, "laws/demo")
    assert "lk-broken" not in text and "The lowest cut always deals" in text
    assert "lk-broken" not in page(site, "laws/glossary")


def test_serve_dirty_writes_again_only_what_a_saved_file_touches(make_corpus, tmp_path, monkeypatch):
    """Under serve --dirty (scripts/site), a saved law text renders and writes again the pages that
    show it (the code page, a page whose preview of it changed) and no other page or JSON; the
    search index finds the new wording once; a saved rule runs the scenarios again and the worked
    example changes; each time the site is the one a full build of the same files makes."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    project = _small_project(make_corpus, tmp_path)
    (project / "docs" / "other.md").write_text("# Other\n\nNo law here.\n", "utf-8")
    monkeypatch.chdir(project)
    site = project / "site"
    started = []

    def rebuild() -> None:  # as serve's builder: the config loaded afresh (MkDocs keeps the plugins)
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True)
        if not started:
            config.plugins.on_startup(command="serve", dirty=True)
            started.append(True)
        mkdocs_build(config, dirty=True)  # strict: MkDocs' warning of a dirty build is not one here

    def written() -> dict[str, int]:
        return {str(p.relative_to(site)): p.stat().st_mtime_ns for p in site.rglob("*") if p.is_file()}

    def same_as_full(out: str) -> None:  # `mkdocs build` in a process of its own: no plugin kept from serve
        clean = _built(project, out)
        _same_site(clean, site)
        _same_site(site, clean)

    rebuild()
    same_as_full("full-0")
    before = written()
    one = project / "laws" / "demo" / "01-one.yaml"
    _edit(one, "In cutting, the ace is the lowest card;", "In cutting, the ace is the very lowest card;")
    rebuild()
    after = written()
    rewritten = {path for path in after if after[path] != before.get(path)}
    assert "laws/demo/index.html" in rewritten and "very lowest card" in page(site, "laws/demo")
    assert "the very lowest card" in previews(page(site, "laws/demo"))["demo/1"]["text"][0]
    assert "api/demo/1.json" in rewritten
    assert "laws/glossary/index.html" in rewritten  # its term links to Law 1: the preview changed
    for untouched in ("other/index.html", "index.html", "laws/topics/index.html", "api/demo/2.json"):
        assert untouched in before and untouched not in rewritten, untouched
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    found = [doc["location"] for doc in index["docs"] if "very lowest card" in doc["text"]]
    assert found == ["laws/demo/?law=1"], found
    assert len({doc["location"] for doc in index["docs"]}) == len(index["docs"])  # no entry twice
    assert {"", "other/"} <= {doc["location"] for doc in index["docs"]}  # the pages not rendered again
    same_as_full("full-1")

    before = written()
    _edit(one, "The lowest cut deals (see Law 1).", "The lowest cut deals first (see Law 1).")
    rebuild()
    after = written()
    assert after["index.html"] != before["index.html"]  # the home page links to Law 2: its preview changed
    assert "The lowest cut deals first" in previews(page(site, ""))["demo/2"]["text"][0]
    assert after["other/index.html"] == before["other/index.html"]
    same_as_full("full-2")

    rules = folded(site, "demo/2")["parts"]["rules"]
    assert "dealer_player: Ann" in rules
    _edit(one, "rank[x.card] <= rank[y.card]", "rank[x.card] >= rank[y.card]")  # the highest cut deals
    rebuild()
    rules = folded(site, "demo/2")["parts"]["rules"]
    assert "dealer_player: Bob" in rules and "dealer_player: Ann" not in rules  # ran again under the saved rule
    same_as_full("full-3")


def _serving(project: Path, dirty: bool = True):
    """Serve's builder for ``project``: the config loaded afresh each time, the plugins kept (as
    MkDocs keeps a plugin with on_startup). Returns (rebuild, the last config)."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    configs = []

    def rebuild() -> None:
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"), strict=True)
        if not configs:
            config.plugins.on_startup(command="serve", dirty=dirty)
        configs.append(config)
        mkdocs_build(config, dirty=dirty)

    return rebuild, configs


def test_serve_dirty_after_a_saved_name_outcome_or_scenario_is_the_full_build(make_corpus, tmp_path, monkeypatch):
    """What serve keeps in memory from one build to the next (the rules' boxes, the worked examples
    by their key) is made again when what it shows changes: a code's title (the examples say
    "The ruling under …"), an outcome's description, a scenario's description; each time the site
    is the one a full build of the same files makes."""
    project = _small_project(make_corpus, tmp_path)
    monkeypatch.chdir(project)
    rebuild, configs = _serving(project)
    site = project / "site"
    rebuild()
    assert "The ruling under DEMO" in folded(site, "demo/2")["parts"]["rules"]
    steps = [
        (project / "laws" / "demo" / "code.yaml", "title: DEMO", "title: DEMO CODE", "The ruling under DEMO CODE"),
        (project / "laws" / "outcomes.yaml", "The dealer is settled.", "The dealer is now settled.",
         "The dealer is now settled."),
        (project / "tests" / "scenarios" / "demo.yaml", "    code: demo\n",
         "    description: Ann cuts the ace.\n    code: demo\n", "Ann cuts the ace."),
    ]
    for number, (path, old, new, shown) in enumerate(steps):
        _edit(path, old, new)
        rebuild()
        assert shown in folded(site, "demo/2")["parts"]["rules"], shown
        clean = _built(project, f"full-{number}")
        _same_site(clean, site)
        _same_site(site, clean)
    configs[-1].plugins.on_shutdown()


# Two editions of a code, compared law by law and in a concordance, with topics, a glossary term, a
# question, page numbers and a rule with a literal value: every kind of file serve keeps from one build
# to the next (lawkit/site/kept.py) reads something here that a saved file changes.
EDITIONS = {
    "facts.yaml": DEMO_FACTS,
    "outcomes.yaml": DEMO_OUTCOMES,
    "topics.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/topics.schema.json
topics:
  - {id: cutting, title: Cutting, description: Who cuts and how.}
  - {id: dealing, title: Dealing}
""",
    "glossary.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/glossary.schema.json
terms:
  - term: cut
    definition: Lifting part of the pack to settle who deals.
  - term: lowest
    definition: Of the least rank.
""",
    "concordance.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/concordance.schema.json
parallels:
  - subject: The ace is low
    topic: cutting
    reference: early/1
    laws:
      - {id: late/1, relation: reworded, note: Said otherwise.}
""",
    "editions.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/editions.schema.json
editions:
  - from: early
    to: late
    note: The revision.
    map:
      - {from: 1, to: 1, change: reworded, note: Reworded.}
      - {from: 2, to: 2, change: identical}
""",
    **{f"{code}/code.yaml": DEMO_CODE.replace("code: demo", f"code: {code}").replace("title: DEMO", f"title: {code.upper()}")
       for code in ("early", "late")},
    **{f"{code}/01-one.yaml": f"""\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    page: 12
    text: {text}
    topics: [cutting]
    questions: [Is the ace high or low?]
    constants:
      - name: rank
        card_order: {{ranks: A23456789TJQK, suits: null}}
  - law: 2
    text: The lowest cut deals (see Law 1).
    topics: [dealing]
""" + DEMO_LOWEST_DEALS + "            shown: 1\n"
       for code, text in (("early", "In cutting, the ace is the lowest card."),
                          ("late", "In cutting the ace is low."))},
}


DEALER = "dealer_player: cuts.filter(x, cuts.all(y, rank[x.card] <= rank[y.card]))[0].player"
THREE_CUT = """\
    rules:
      - id: three-cut
        when: size(cuts) == 3
        overrides: [2#lowest-deals]
        then: {outcome: dealer, says: "Three cut: the first deals"}
"""


def test_serve_dirty_makes_again_what_reads_a_saved_value_and_keeps_the_rest(make_corpus, tmp_path, monkeypatch):
    """Under serve --dirty, each generated file is kept while what it reads is the same, and made again
    when a saved file changes it: one edit at a time (a law's text, a value written otherwise, a
    reference from the other code, a term, a topic's title, a code's name, a concordance's and an
    edition's note, a question, a scenario), each time the site a full build of the same files makes.
    A number written 12.0 for 12, a literal true for 1 and a mapping's keys in another order are the
    same to Python's == and not to the page or the JSON: they are made again too."""
    project = _editions_project(make_corpus, tmp_path, EDITIONS, SMALL_SCENARIOS)
    monkeypatch.chdir(project)
    steps = [  # (file, old, new, a file a full build writes otherwise, a file not written again)
        ("early/01-one.yaml", "the ace is the lowest card", "the ace is the very lowest card",
         "laws/early--late/index.html", "laws/late/index.html"),
        ("early/01-one.yaml", "page: 12\n", "page: 12.0\n", "api/early/1.json", "api/late/1.json"),
        ("early/01-one.yaml", "            shown: 1\n", "            shown: true\n", "api/explorer/early.json",
         "api/explorer/late.json"),
        ("early/01-one.yaml", "      - name: rank\n        card_order: {ranks: A23456789TJQK, suits: null}\n",
         "      - card_order: {ranks: A23456789TJQK, suits: null}\n        name: rank\n", "api/early.json",
         "api/late.json"),
        ("late/01-one.yaml", f"            {DEALER}\n            shown: 1\n", f"            shown: 1\n            {DEALER}\n",
         "api/folds/late/2.json", "api/folds/early/2.json"),  # the values in another order: the box lists them so
        ("late/01-one.yaml", "  - law: 2\n", THREE_CUT + "  - law: 2\n", "api/folds/late/2.json",  # Law 2 gives way
         "api/folds/early/2.json"),
        ("late/01-one.yaml", "Three cut:", "Three have cut:", "api/folds/late/2.json",  # to what it says
         "api/folds/early/2.json"),
        ("early/code.yaml", "year: 1900", "year: 1900.0", "laws/early/index.html", "laws/late/index.html"),
        ("late/01-one.yaml", "    topics: [dealing]\n", "    topics: [dealing]\n    refs: [early/1]\n",
         "api/early/1.json", "laws/glossary/index.html"),
        ("glossary.yaml", "Lifting part", "Lifting a part", "laws/glossary/index.html", "api/early/1.json"),
        ("glossary.yaml", "  - term: cut\n    definition: Lifting a part of the pack to settle who deals.\n"
         "  - term: lowest\n    definition: Of the least rank.\n",  # the definitions a page embeds: in this order
         "  - term: lowest\n    definition: Of the least rank.\n"
         "  - term: cut\n    definition: Lifting a part of the pack to settle who deals.\n",
         "laws/early/index.html", "api/early/1.json"),
        ("topics.yaml", "title: Cutting", "title: Cutting the pack", "laws/concordance/cutting/index.html",
         "api/explorer/early.json"),
        ("late/code.yaml", "title: LATE", "title: LATE\nshort_title: The late code", "laws/early--late/index.html",
         "api/explorer/early.json"),
        ("concordance.yaml", "Said otherwise.", "Said in other words.", "api/folds/late/1.json", "laws/early/index.html"),
        ("concordance.yaml", "topic: cutting", "topic: dealing", "laws/early/index.html",  # compared elsewhere
         "api/explorer/early.json"),
        ("editions.yaml", "note: Reworded.", "note: Reworded a little.", "laws/early--late/index.html",
         "laws/concordance/dealing/index.html"),
        ("early/01-one.yaml", "questions: [Is the ace high or low?]", "questions: [Is the ace high or low?, Who deals?]",
         "api/search/index.json", "laws/late/index.html"),
        ("../tests/scenarios/demo.yaml", "    record:\n", "    description: Ann cuts the ace.\n    record:\n",
         "api/folds/early/2.json", "api/early/2.json"),
    ]
    _saved_one_at_a_time(project, steps)


# EDITIONS with what else a page or a JSON file reads that a saved file may change: a heading's preamble,
# a law's title, a footnote, an editor's note, a constant's, a definition's and a rule's description, a
# law not formalized, a code's front and back matter, precedence groups (late's rules), and the record's
# vocabulary and views (record.yaml, views.yaml), which the worked example's story and the explorer read.
MORE = {
    **EDITIONS,
    "record.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/record.schema.json
events:
  cut:
    description: A candidate cuts a card.
    fields:
      by: {type: string, required: true, description: "The player who cut."}
      card: {type: card, description: "The card he cut."}
      cards: {type: {list: card}, description: "All the cards he exposed, when he showed more than one."}
      other_pack: {type: bool, default: false, description: "He cut from the other pack."}
      purpose: {type: {enum: [table, cutting-out]}, default: table, description: "What the cut decides.", values: {table: "for the table and the deal", cutting-out: "for who goes out"}}
irregularities:
  odd-cut: Two players cut from the other pack.
""",
    "views.yaml": """\
# yaml-language-server: $schema=../lawkit/schemas/views.schema.json
constants:
  - {name: seat_order, description: The seats in order., value: [north, east, south, west]}
views:
  - name: dealer_seat
    description: The dealer's seat.
    question: Which seat dealt?
    when: record_dealer != ''
    value: record_dealer
""",
    "editions.yaml": EDITIONS["editions.yaml"] + "      - {from: 3, to: 3, change: identical}\n",
    "early/code.yaml": EDITIONS["early/code.yaml"] + "front_matter: [Adopted by the club.]\nback_matter: [The end of the laws.]\n",
    "early/01-one.yaml": EDITIONS["early/01-one.yaml"].replace(
        "heading: ONE\n", "heading: ONE\npreamble: Of the cut and the deal.\n").replace(
        "    page: 12\n", "    page: 12\n    title: The ace in cutting\n").replace(
        "the lowest card.\n", "the lowest card.[*]\n    notes:\n      - {mark: \"*\", text: In some clubs the ace is high.}\n"
        "    annotations:\n      - {kind: gloss, text: The ace ranks below the deuce.}\n").replace(
        "        card_order: {ranks: A23456789TJQK, suits: null}\n",
        "        card_order: {ranks: A23456789TJQK, suits: null}\n        description: The ranks, ace low.\n").replace(
        "    topics: [dealing]\n", "    topics: [dealing]\n    definitions:\n      - name: lowest_cut\n"
        "        description: The lowest card cut.\n        value: cuts.filter(x, cuts.all(y, rank[x.card] <= rank[y.card]))\n").replace(
        "      - id: lowest-deals\n", "      - id: lowest-deals\n        description: The lowest cut deals.\n").replace(
        DEALER, "dealer_player: lowest_cut[0].player") + "  - law: 3\n    text: The cards are shuffled.\n"
                                                         "    topics: [dealing]\n    unformalized: Who shuffles is left to the players.\n",
    "late/01-one.yaml": EDITIONS["late/01-one.yaml"].replace(
        "heading: ONE\n", "heading: ONE\ngroups:\n  - {group: special, description: Three cut., exception_to: [common]}\n"
        "  - {group: common, description: Two cut.}\n").replace(
        "      - id: lowest-deals\n", "      - id: lowest-deals\n        group: common\n") + """\
      - id: three-cut
        when: size(cuts) == 3
        group: special
        then: {outcome: dealer, says: "Three cut: the first deals"}
  - law: 3
    text: The cards are shuffled.
    topics: [dealing]
""",
}


def test_serve_dirty_makes_again_what_reads_a_saved_note_or_shared_rule_file(make_corpus, tmp_path, monkeypatch):
    """As the test above, for what else a page or a JSON file reads: a unit a hand-written page links to
    added and removed (its link marked, with its preview, and no more), a fact's question, an outcome's
    description, the record's vocabulary (an irregularity, a choice's words, an event's description), a
    view's description and condition, a shared constant, an editor's note, a footnote, a law's title, a
    heading's preamble, a code's front and back matter and source, a precedence label, a law's note that
    it is not formalized, a constant's, a definition's and a rule's description, a topic's description:
    each saved alone, the site is the one a full build of the same files makes."""
    project = _editions_project(make_corpus, tmp_path, MORE, SMALL_SCENARIOS.replace(
        "    record:\n      answers:\n", "    record:\n      irregularities: [odd-cut]\n      events:\n"
        "        - {cut: {by: Ann, card: AS, purpose: cutting-out}}\n      answers:\n"))
    (project / "docs" / "index.md").write_text(  # a link to an item late's Law 2 does not have yet
        "# Home\n\nSee [Law 1](laws/early.md#1) and [Law 2 (a)](laws/late.md#2/a).\n", "utf-8")
    monkeypatch.chdir(project)
    steps = [  # (file, old, new, a file a full build writes otherwise, a file not written again)
        ("late/01-one.yaml", "    text: The lowest cut deals (see Law 1).\n",
         "    text: The lowest cut deals (see Law 1).\n    items:\n      - {item: a, label: (a), text: Of two.}\n",
         "index.html", "laws/early/index.html"),  # the home page's link is now a law's: its preview embedded
        ("late/01-one.yaml", "    items:\n      - {item: a, label: (a), text: Of two.}\n", "", "index.html",
         "laws/early/index.html"),  # and no more
        ("facts.yaml", "question: Who cut which card?", "question: Who cut which card first?",
         "api/folds/early/2.json", "laws/glossary/index.html"),  # the box asks it; the story answers it
        ("outcomes.yaml", "The dealer is settled.", "The dealer is now settled.", "api/explorer/early.laws.json",
         "laws/glossary/index.html"),
        ("record.yaml", "Two players cut from the other pack.", "Two players cut from the pack of the other side.",
         "api/folds/early/2.json", "laws/glossary/index.html"),  # the story says what it is about
        ("record.yaml", '"for who goes out"', '"for who is to go out"', "api/folds/early/2.json",
         "laws/glossary/index.html"),  # the story tells the cut in these words
        ("record.yaml", "A candidate cuts a card.", "A candidate cuts a card from the pack.", "api/explorer/model.json",
         "api/early/1.json"),
        ("views.yaml", "The dealer's seat.", "The seat of the dealer.", "api/explorer/model.json", "api/early/1.json"),
        ("views.yaml", "when: record_dealer != ''", "when: size(record_dealer) > 0", "api/explorer/model.json",
         "api/early/1.json"),
        ("views.yaml", "value: [north, east, south, west]", "value: [east, south, west, north]",
         "api/explorer/model.json", "api/early/1.json"),
        ("early/01-one.yaml", "The ace ranks below the deuce.", "The ace ranks below the two.", "laws/early/index.html",
         "laws/late/index.html"),
        ("early/01-one.yaml", "In some clubs the ace is high.", "In some clubs the ace ranks high.",
         "laws/early/index.html", "laws/late/index.html"),
        ("early/01-one.yaml", "title: The ace in cutting", "title: The ace when cutting", "laws/early/index.html",
         "laws/late/index.html"),
        ("early/01-one.yaml", "preamble: Of the cut and the deal.", "preamble: Of the cut, and then the deal.",
         "laws/early/index.html", "laws/late/index.html"),
        ("early/code.yaml", "Adopted by the club.", "Adopted by the whole club.", "laws/early/index.html",
         "laws/late/index.html"),
        ("early/code.yaml", "The end of the laws.", "Here the laws end.", "laws/early/index.html",
         "laws/late/index.html"),
        ("early/code.yaml", "book: X", "book: The Book of X", "api/early.json", "laws/late/index.html"),
        ("late/01-one.yaml", ", exception_to: [common]}", "}", "api/folds/late/2.json",  # no more precedence
         "api/folds/early/2.json"),
        ("early/01-one.yaml", "Who shuffles is left to the players.", "Who shuffles is for the players to settle.",
         "laws/early/index.html", "laws/late/index.html"),
        ("early/01-one.yaml", "description: The ranks, ace low.", "description: The ranks, the ace lowest.",
         "api/explorer/early.json", "api/explorer/late.json"),
        ("early/01-one.yaml", "The lowest card cut.", "The card cut lowest.", "api/folds/early/2.json",
         "api/folds/late/2.json"),
        ("early/01-one.yaml", "description: The lowest cut deals.", "description: Whoever cuts lowest deals.",
         "api/explorer/early.laws.json", "api/explorer/late.laws.json"),
        ("topics.yaml", "Who cuts and how.", "Who cuts the pack and how.", "laws/concordance/cutting/index.html",
         "api/explorer/early.json"),
    ]
    _saved_one_at_a_time(project, steps)


def _editions_project(make_corpus, tmp_path: Path, files: dict[str, str], scenarios: str) -> Path:
    """A project of the two editions (``files``: EDITIONS, or more), its scenario (``scenarios``: a
    scenario file of the demo code) expecting the same ruling under both codes, a home page linking to
    a law, and the real mkdocs.yml."""
    make_corpus(files, root="project/laws")
    project = tmp_path / "project"
    (project / "tests" / "scenarios").mkdir(parents=True)
    (project / "tests" / "scenarios" / "demo.yaml").write_text(scenarios.replace(
        "    code: demo\n", "").replace("    expect:\n      rulings:\n        - rule: 2#lowest-deals\n"
                                      "          values: {dealer_player: Ann}\n",
                                      "    expect:\n" + "".join(
                                          f"      {code}:\n        rulings:\n          - rule: 2#lowest-deals\n"
                                          "            values: {dealer_player: Ann, shown: 1}\n"
                                          for code in ("early", "late"))), "utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("# Home\n\nSee [Law 1](laws/early.md#1).\n", "utf-8")
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    return project


def _saved_one_at_a_time(project: Path, steps: list[tuple[str, str, str, str, str]]) -> None:
    """Serve --dirty on ``project``, each step (a file under laws/, the text replaced and its
    replacement, a file a full build then writes otherwise, a file not written again) saved in turn:
    after each, the dirty-served site is the one a full build of the same files makes, both ways."""
    rebuild, configs = _serving(project)
    site, laws = project / "site", project / "laws"

    def written() -> dict[str, int]:
        return {str(p.relative_to(site)): p.stat().st_mtime_ns for p in site.rglob("*") if p.is_file()}

    rebuild()
    for number, (path, old, new, changed, kept) in enumerate(steps):
        before = written()
        full_before = _built(project, f"before-{number}") if number == 0 else None
        if full_before is not None:
            _same_site(full_before, site)
        _edit(laws / path, old, new)
        rebuild()
        after = written()
        clean = _built(project, f"full-{number}")
        _same_site(clean, site)
        _same_site(site, clean)
        assert (clean / changed).read_bytes() != (project / f"full-{number - 1}" / changed).read_bytes() \
            if number else (clean / changed).read_bytes() != (full_before / changed).read_bytes(), (path, changed)
        assert after[kept] == before[kept], (path, kept)  # kept: not written again
        if number:
            shutil.rmtree(project / f"full-{number - 1}")
    configs[-1].plugins.on_shutdown()


def _two_codes_project(make_corpus, tmp_path: Path) -> Path:
    """The small project with a second code ("other", the same laws) and its scenario expecting both."""
    project = _small_project(make_corpus, tmp_path)
    laws = project / "laws"
    (laws / "other").mkdir()
    (laws / "other" / "code.yaml").write_text(DEMO_CODE.replace("code: demo", "code: other")
                                              .replace("title: DEMO", "title: OTHER"), "utf-8")
    shutil.copy(laws / "demo" / "01-one.yaml", laws / "other" / "01-one.yaml")
    scenarios = project / "tests" / "scenarios" / "demo.yaml"
    _edit(scenarios, "    code: demo\n", "")
    _edit(scenarios, "    expect:\n      rulings:\n        - rule: 2#lowest-deals\n          values: {dealer_player: Ann}\n",
          "    expect:\n" + "".join(f"      {code}:\n        rulings:\n          - rule: 2#lowest-deals\n"
                                  "            values: {dealer_player: Ann}\n" for code in ("demo", "other")))
    return project


def _counted(monkeypatch) -> tuple[list[str], list[str], list[str]]:
    """The codes the engine rules, the records it reads and the scenario files loaded, from now on (by a
    process that remembers nothing yet: what an earlier test of the same files left is put aside)."""
    import lawkit
    import lawkit.rules.engine as engine_module
    from lawkit.site import examples

    monkeypatch.setattr(examples, "_last", {})
    monkeypatch.setattr(examples, "_remembered", [])

    ruled: list[str] = []
    situations: list[str] = []
    loads: list[str] = []
    ruling, situation, load = engine_module.Engine.ruling, engine_module.Engine.situation, lawkit.load_scenarios

    def counted_ruling(self, code, *args, **kwargs):
        ruled.append(code)
        return ruling(self, code, *args, **kwargs)

    def counted_situation(self, data, *args, **kwargs):
        if not isinstance(data, engine_module.Situation):
            situations.append(str(args[0] if args else kwargs.get("path")))
        return situation(self, data, *args, **kwargs)

    monkeypatch.setattr(engine_module.Engine, "ruling", counted_ruling)
    monkeypatch.setattr(engine_module.Engine, "situation", counted_situation)
    monkeypatch.setattr(lawkit, "load_scenarios", lambda path: loads.append(path) or load(path))
    return ruled, situations, loads


def test_serve_after_a_saved_rule_rules_again_for_its_code_alone(make_corpus, tmp_path, monkeypatch):
    """Under serve, a saved rule of one code runs the scenarios again under that code alone: the
    other code's rulings, the situations and the scenario files as loaded are the last build's (kept
    in memory), and the site is the one a full build of the same files makes. A rebuild after a
    saved note rules nothing again."""
    project = _two_codes_project(make_corpus, tmp_path)
    laws = project / "laws"
    monkeypatch.chdir(project)
    ruled, situations, loads = _counted(monkeypatch)
    rebuild, configs = _serving(project)
    site = project / "site"
    rebuild()
    assert sorted(set(ruled)) == ["demo", "other"] and loads and situations
    for code in ("demo", "other"):
        assert "dealer_player: Ann" in folded(site, f"{code}/2")["parts"]["rules"]

    ruled.clear(), loads.clear(), situations.clear()
    _edit(laws / "demo" / "01-one.yaml", "rank[x.card] <= rank[y.card]", "rank[x.card] >= rank[y.card]")
    rebuild()
    assert ruled == ["demo"] and not loads and not situations  # the other code's ruling, the record's situation kept
    assert "dealer_player: Bob" in folded(site, "demo/2")["parts"]["rules"]
    assert "dealer_player: Ann" in folded(site, "other/2")["parts"]["rules"]
    clean = _built(project, "full-rule")
    _same_site(clean, site)
    _same_site(site, clean)

    ruled.clear()
    _edit(laws / "other" / "01-one.yaml", "The lowest cut deals (see Law 1).", "The lowest cut deals first (see Law 1).")
    rebuild()
    assert ruled == [] and "The lowest cut deals first" in page(site, "laws/other")
    clean = _built(project, "full-note")
    _same_site(clean, site)
    _same_site(site, clean)
    configs[-1].plugins.on_shutdown()


def test_the_examples_and_the_changes_share_each_situation_and_ruling(corpus, repo, monkeypatch):
    """A build's worked examples and its changes in behaviour (every scenario ruled under both
    editions of the edition map) derive each scenario's situation once and rule a code on it once,
    and give what an engine ruling each of them afresh gives."""
    from lawkit.site import examples
    from lawkit.site.context import Site
    from lawkit.site.urls import Urls

    folder = str(repo / "tests" / "scenarios")
    monkeypatch.setattr(examples, "cached", lambda *args: None)  # made, not read back
    ruled, situations, _ = _counted(monkeypatch)
    shared = Site(corpus, Urls("laws", True), str(repo))
    examples.run(shared, str(repo / "laws"), folder, later=lambda name, write: None)
    assert corpus.editions and len(situations) == len(shared.scenarios)
    asked = [(code, id(s)) for _, s in shared.scenarios for code in s.expect if code in corpus.codes]
    both = [(code, id(s)) for _, s in shared.scenarios for edition in corpus.editions
            for code in (edition.earlier, edition.later)]
    assert len(ruled) == len(set(asked) | set(both)) < len(asked) + len(both)

    alone = Site(corpus, Urls("laws", True), str(repo))  # each scenario's situations and rulings its own
    examples.load_examples(alone, folder)
    examples.changes(alone)
    assert len(situations) == 3 * len(shared.scenarios)

    def shown(site):
        return (json.dumps({law: [repr(e) for e in found] for law, found in site.examples.items()}),
                json.dumps({str(pair): c.as_json() for pair, c in site.changes.items()}, default=repr))
    assert shown(shared) == shown(alone)


def test_serve_after_a_saved_condition_rules_again_only_where_it_could_change_the_ruling(
        make_corpus, tmp_path, monkeypatch):
    """Under serve, a rule whose `when` alone changed: a situation on which the old and the new
    condition are both false keeps its ruling (CEL is pure; the rule did not hold, so its text is in
    no trace); where either holds, it is ruled again. Each time the site is a full build's."""
    project = _two_codes_project(make_corpus, tmp_path)
    laws = project / "laws"
    with open(project / "tests" / "scenarios" / "demo.yaml", "a", encoding="utf-8") as scenarios:
        scenarios.write("""\
  - name: Three cut
    record:
      answers:
        cuts: [{player: Ann, card: AS}, {player: Bob, card: KH}, {player: Cy, card: 2D}]
    expect:
      demo: {rulings: []}
      other: {rulings: []}
""")
    monkeypatch.chdir(project)
    ruled, _, _ = _counted(monkeypatch)
    rebuild, configs = _serving(project)
    site = project / "site"
    rebuild()
    assert sorted(ruled) == ["demo", "demo", "other", "other"]

    def saved(new: str, rulings: list[str]) -> None:
        ruled.clear()
        text = (laws / "demo" / "01-one.yaml").read_text("utf-8")
        (laws / "demo" / "01-one.yaml").write_text(re.sub(r"when: .*", f"when: {new}", text, count=1), "utf-8")
        rebuild()
        assert ruled == rulings
        assert html.escape(new, quote=False) in folded(site, "demo/2")["parts"]["rules"]
        clean = _built(project, f"full-{len(rulings)}")
        _same_site(clean, site)
        _same_site(site, clean)
        shutil.rmtree(clean)

    saved("size(cuts) == 2 || size(cuts) == 7", ["demo"])  # the two cuts: it holds, its text is in the trace
    saved("size(cuts) == 2 || size(cuts) == 7 || false", ["demo"])
    saved("size(cuts) >= 2", ["demo", "demo"])  # now it holds on the three cuts too
    saved("size(cuts) >= 2 && size(cuts) < 9", ["demo", "demo"])  # held before: ruled again
    saved("size(cuts) == 3", ["demo", "demo"])
    saved("size(cuts) == 3 && size(cuts) > 0", ["demo"])  # false on the two cuts before and after
    configs[-1].plugins.on_shutdown()


def test_serve_from_a_warm_cache_makes_what_it_keeps_in_its_first_build(make_corpus, tmp_path, monkeypatch):
    """A serve started after a build (lawkit's cache holds the checked corpus, the site's files and the
    worked examples) reads none of them back: its first build checks the files, renders every page and
    rules every scenario under every code, so the first saved rule rules again for its own code alone
    and the first saved note makes its own code's page alone — nothing is left to make in the
    background, where a save would wait for it. The entries the cache holds are not written again.
    Each time the site is a full build's."""
    import lawkit
    from lawkit.site import afterwards, pages

    project = _two_codes_project(make_corpus, tmp_path)
    laws = project / "laws"
    monkeypatch.chdir(project)
    _built(project, "before")  # the cache entries a `mkdocs build` leaves
    entries = {p.name: p.stat().st_mtime_ns for p in (project / ".lawkit-cache").iterdir()}
    assert {name.split("-")[0] for name in entries} >= {"corpus", "site", "ruled"}
    monkeypatch.setattr(afterwards, "QUIET", 0.0)
    made_pages: list[str] = []
    code_page = pages.code_page
    monkeypatch.setattr(pages, "code_page", lambda site, code: made_pages.append(code.id) or code_page(site, code))
    checks: list[str] = []
    check = lawkit.check
    monkeypatch.setattr(lawkit, "check", lambda root, **kwargs: checks.append(str(root)) or check(root, **kwargs))
    ruled, _, _ = _counted(monkeypatch)
    rebuild, configs = _serving(project)
    rebuild()
    plugin = configs[-1].plugins["lawkit"]
    assert len(checks) == 1 and sorted(made_pages) == ["demo", "other"] and sorted(set(ruled)) == ["demo", "other"]
    plugin.afterwards.thread.join(30)  # what the build left to do after it: nothing to write
    assert {p.name: p.stat().st_mtime_ns for p in (project / ".lawkit-cache").iterdir()} == entries

    ruled.clear(), made_pages.clear()
    _edit(laws / "demo" / "01-one.yaml", "rank[x.card] <= rank[y.card]", "rank[x.card] >= rank[y.card]")
    rebuild()
    assert ruled == ["demo"] and made_pages == ["demo"]
    assert "dealer_player: Bob" in folded(project / "site", "demo/2")["parts"]["rules"]
    ruled.clear(), made_pages.clear()
    _edit(laws / "other" / "01-one.yaml", "The lowest cut deals (see Law 1).", "The lowest cut deals first (see Law 1).")
    rebuild()
    assert ruled == [] and made_pages == ["other"]
    clean = _built(project, "full")
    _same_site(clean, site := project / "site")
    _same_site(site, clean)
    configs[-1].plugins.on_shutdown()


def test_serve_writes_the_cache_entries_once_the_build_is_through(make_corpus, tmp_path, monkeypatch):
    """Under serve, lawkit's cache entries of a build are written after it (in the background, once
    the page is served); a build that begins first takes them over, and an entry it makes again
    replaces the older one. When the server stops, everything is written: the entries of the last
    build, which a full build then reads back instead of making them again."""
    from lawkit.site import afterwards

    project = _small_project(make_corpus, tmp_path)
    monkeypatch.chdir(project)
    monkeypatch.setattr(afterwards, "QUIET", 60.0)  # nothing is written while the test looks
    rebuild, configs = _serving(project)
    rebuild()
    cache = project / ".lawkit-cache"
    assert not list(cache.glob("site-*")) and not list(cache.glob("corpus-*")) and not list(cache.glob("ruled-*"))
    one = project / "laws" / "demo" / "01-one.yaml"
    _edit(one, "rank[x.card] <= rank[y.card]", "rank[x.card] >= rank[y.card]")  # a saved rule: new examples
    rebuild()
    assert not list(cache.glob("site-*"))
    configs[-1].plugins.on_shutdown()
    entries = {name: sorted(p.name for p in cache.glob(f"{name}-*")) for name in ("corpus", "site", "ruled")}
    assert all(len(found) == 1 for found in entries.values()), entries
    _built(project, "full")  # the last build's entries are the ones a build of the same files reads
    assert {name: sorted(p.name for p in cache.glob(f"{name}-*")) for name in entries} == entries
    assert "dealer_player: Bob" in folded(project / "full", "demo/2")["parts"]["rules"]


def test_serve_is_told_of_a_save_by_the_system_and_keeps_mkdocs_watches(make_corpus, tmp_path, monkeypatch):
    """The plugin's on_serve moves the server's watches (docs, mkdocs.yml, laws, scenarios) from
    MkDocs' PollingObserver, which looks twice a second, to the platform's observer (inotify): a
    saved law file, and a mkdocs.yml saved by writing a new file and renaming it over the old,
    each ask for a rebuild; a file read does not. With a watch it does not know of (serve --watch-theme), or without one
    it expects, MkDocs' observer is kept."""
    import os

    from mkdocs.config import load_config
    from mkdocs.livereload import LiveReloadServer
    from watchdog.observers import Observer
    from watchdog.observers.polling import PollingObserver

    if Observer is PollingObserver:
        pytest.skip("this platform has no file-system events for watchdog")
    project = _small_project(make_corpus, tmp_path)
    monkeypatch.chdir(project)
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=True)
    config = config.plugins.on_config(config)

    def serving(*more: Path, docs: bool = True) -> LiveReloadServer:  # as mkdocs serve watches before on_serve
        server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(project / "site"))
        if docs:
            server.watch(config.docs_dir)
        server.watch(config.config_file_path)
        for path in more:
            server.watch(str(path))
        return config.plugins.on_serve(server, config=config, builder=server.builder)

    server = serving()
    assert not isinstance(server.observer, PollingObserver)
    server.observer.start()  # as server.serve() does: started already, nothing to do

    def wanted(save, timeout: float = 30) -> bool:  # whether the save asks the server for a rebuild
        with server._rebuild_cond:
            server._want_rebuild = False
        save()
        with server._rebuild_cond:
            return server._rebuild_cond.wait_for(lambda: server._want_rebuild, timeout=timeout)

    try:
        assert wanted(lambda: _edit(project / "laws" / "demo" / "01-one.yaml", "text:", "text: "))
        written = project / "mkdocs.new"
        written.write_text((project / "mkdocs.yml").read_text("utf-8") + "\n", "utf-8")
        assert wanted(lambda: os.replace(written, project / "mkdocs.yml"))
        assert wanted(lambda: os.replace(project / "mkdocs.yml", project / "mkdocs.old")
                      or os.replace(project / "mkdocs.old", project / "mkdocs.yml"))  # the watch outlived a rename
    finally:
        server.observer.stop()
    # What passes to the server: changes only (inotify tells of a file opened or closed unwritten,
    # and the build reads every page), and of mkdocs.yml's folder, mkdocs.yml's alone.
    from watchdog.events import FileClosedNoWriteEvent, FileModifiedEvent, FileMovedEvent, FileOpenedEvent

    from lawkit.site import watch

    passed: list[object] = []
    handler = type("Handler", (), {"dispatch": lambda self, event: passed.append(event)})()
    config_file, laws = str(project / "mkdocs.yml"), str(project / "laws" / "demo" / "01-one.yaml")
    folder, one = watch._Changes(handler), watch._Changes(handler, config_file)
    for event in (FileOpenedEvent(laws), FileClosedNoWriteEvent(laws)):
        folder.dispatch(event)
    for event in (FileOpenedEvent(config_file), FileModifiedEvent(str(project / "notes.txt"))):
        one.dispatch(event)
    assert passed == []
    changes = [FileModifiedEvent(laws), FileMovedEvent(str(project / "mkdocs.new"), config_file)]
    folder.dispatch(changes[0])
    one.dispatch(changes[1])
    assert passed == changes
    theme = tmp_path / "theme"
    theme.mkdir()
    kept = serving(theme)
    assert isinstance(kept.observer, PollingObserver) and len(kept.observer.emitters) == 5
    other = serving(docs=False)  # a MkDocs that watches otherwise: its watches are left alone
    assert isinstance(other.observer, PollingObserver) and len(other.observer.emitters) == 3
    config.plugins.on_shutdown()


def test_a_broken_file_still_fails_a_build(make_corpus, tmp_path):
    project = _small_project(make_corpus, tmp_path)
    one = project / "laws" / "demo" / "01-one.yaml"
    one.write_text(one.read_text("utf-8").replace("  - law: 2\n", "  - law: 2\n   text: [\n"), "utf-8")
    result = build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 1 and "01-one.yaml:" in result.stderr and "Traceback" not in result.stderr


def test_the_ask_index_says_what_each_law_says_and_when_no_law_answers(site):
    """The Ask page's results name their code, show the law's text and its rulings in players'
    words; the index carries the calibrated no-answer threshold (benchmarks/ask_threshold.py)."""
    from lawkit.retrieval import semantic

    if not semantic.available():
        pytest.skip(f"no Ask page: {semantic.missing()}")
    index = json.loads((site / "api" / "search" / "index.json").read_text("utf-8"))
    assert index["no_answer_below"] == semantic.NO_ANSWER_BELOW
    laws = {law["id"]: law for law in index["laws"]}
    law = laws["auction-bridge-1912/15"]
    assert law["code"] and law["text"][0].startswith("15.")
    assert "Everyone must cut from the same pack: the players cut again." in law["rulings"]
    assert all("{" not in sentence for entry in laws.values() for sentence in entry["rulings"])
    assert sum(bool(entry["rulings"]) for entry in laws.values()) > 120
    ask = page(site, "laws/ask")
    assert 'name="code"' in ask and 'value="english-whist"' in ask and "lawkit-ask-worker.js" in ask
