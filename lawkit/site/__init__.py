"""The site: the lawkit MkDocs plugin and the pages it generates from laws/.

- ``plugin``: the config class and the MkDocs hooks;
- ``context``: what every renderer shares (the corpus, the page map, names and links of laws);
- ``urls``: where each generated page lives, and relative links between pages;
- ``markup``: escaping every corpus string for the page (HTML, Markdown headings, inline JSON);
- ``text``: law text with citations linked, footnote marks raised, glossary terms explained;
- ``law``: one law as printed, with its notes, editors' notes, links and machine clauses;
- ``clauses``: "How lawkit applies this law" and the worked examples;
- ``examples``: the scenarios run through the engine, filed under the laws that rule;
- ``diff``: two laws side by side, word by word;
- ``pages``: the code pages and the list of codes;
- ``glossary``, ``topics``: the glossary and the topics index;
- ``compare``: the concordance pages and the edition pages;
- ``previews``: links to laws marked for previews, each page's preview data;
- ``lookup``: laws by number and by word: the search entries, one per law, and the go-to-law box;
- ``api``: the static JSON files;
- ``generated``: every page and JSON file together, rendered or read back from lawkit's cache.

``assets/`` holds the script and the style sheet the plugin adds to every page.
``lawkit.mkdocs_plugin`` (the entry point) re-exports ``LawkitPlugin``.
"""
