"""Where each generated page lives, and links between pages.

Pages go under ``pages_dir`` (``laws/`` by default)::

    laws/index.md                         the codes
    laws/<code>.md                        one code, every law at #<id inside the code>
    laws/glossary.md, laws/topics.md
    laws/concordance/index.md, laws/concordance/<topic>.md
    laws/<earlier>--<later>.md            an edition compared with the next

and the static JSON under ``api/``. Links are relative, so the site works
from any folder (and from disk).
"""

from __future__ import annotations

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url


ASSET_DIR = "assets/lawkit"  # where the plugin's scripts and style sheet go in the site

class Urls:
    def __init__(self, base: str, use_directory_urls: bool):
        self.base = base.strip("/")
        self.use_directory_urls = use_directory_urls
        self._cache: dict[str, str] = {}

    # -- the pages ---------------------------------------------------------------

    def index(self) -> str:
        return f"{self.base}/index.md"

    def code(self, code_id: str) -> str:
        return f"{self.base}/{code_id}.md"

    def ask(self) -> str:
        return f"{self.base}/ask.md"

    def glossary(self) -> str:
        return f"{self.base}/glossary.md"

    def topics(self) -> str:
        return f"{self.base}/topics.md"

    def concordance_index(self) -> str:
        return f"{self.base}/concordance/index.md"

    def concordance(self, topic: str) -> str:
        return f"{self.base}/concordance/{topic}.md"

    def edition(self, earlier: str, later: str) -> str:
        return f"{self.base}/{earlier}--{later}.md"

    @staticmethod
    def api_export() -> str:
        return "api/export.json"

    @staticmethod
    def api_code(code_id: str) -> str:
        return f"api/{code_id}.json"

    @staticmethod
    def api_law(law_id: str) -> str:
        """``api/auction-bridge-1912/37.json``: a law's file (items and sections are in their law's)."""
        return f"api/{law_id}.json"

    @staticmethod
    def api_fold(law_id: str) -> str:
        """``api/folds/auction-bridge-1912/37.json``: the parts of a law's entry fetched when a reader opens them."""
        return f"api/folds/{law_id}.json"

    @staticmethod
    def api_previews(page_url: str) -> str:
        """``api/previews/laws/auction-bridge-1912.json``: a page's previews, when too many to embed."""
        return f"api/previews/{page_url.strip('/') or 'index'}.json"

    # -- links -------------------------------------------------------------------

    def url(self, src_uri: str) -> str:
        """The page's URL relative to the site root, as MkDocs gives it."""
        if src_uri not in self._cache:
            file = File(src_uri, src_dir=None, dest_dir="", use_directory_urls=self.use_directory_urls)
            self._cache[src_uri] = file.url
        return self._cache[src_uri]

    def href(self, from_uri: str, to_uri: str, anchor: str | None = None) -> str:
        """A relative link from one page (src_uri) to another (src_uri or a static file), with an anchor."""
        fragment = f"#{anchor}" if anchor else ""
        if from_uri == to_uri:
            return fragment or "./"
        return get_relative_url(self.url(to_uri), self.url(from_uri)) + fragment

    def law(self, from_uri: str, citation: str) -> str:
        """The link to a law, section or item: its code page at the id inside the code."""
        code, local = citation.split("/", 1)
        return self.href(from_uri, self.code(code), local)
