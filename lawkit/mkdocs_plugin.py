"""The ``lawkit`` MkDocs plugin (the ``mkdocs.plugins`` entry point): see ``lawkit.site``."""

from __future__ import annotations

from .site.plugin import LawkitConfig, LawkitPlugin

__all__ = ["LawkitConfig", "LawkitPlugin"]
