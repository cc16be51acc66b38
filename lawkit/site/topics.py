"""The topics index: each topic with its laws in every code, and its concordance when it has one."""

from __future__ import annotations

from .context import Site
from .markup import esc, md_heading, printed, slug
from .pages import front


def topics_page(site: Site) -> str:
    corpus = site.corpus
    page = site.urls.topics()
    grouped = {topic: sum(1 for g in corpus.concordance if g.topic == topic) for topic in corpus.topics}
    out = [front("Topics", search={"boost": 0.3}), "# Topics", "",  # laws come first in search
           f"<p>{len(corpus.topics)} topics; every law names one to three. Under each, the laws of every code "
           "on that subject, in printed order.</p>", ""]
    for topic in corpus.topics.values():
        out += [f"## {md_heading(topic.title)} {{ #{slug(topic.id)} data-search-exclude }}", ""]
        body = []
        if topic.description:
            body.append(f"<p>{printed(topic.description)}</p>")
        if grouped[topic.id]:
            href = site.urls.href(page, site.urls.concordance(topic.id))
            n = grouped[topic.id]
            body.append(f'<p class="lk-meta"><a href="{esc(href)}">The concordance: {n} rule{"s" if n != 1 else ""} '
                        "compared across the codes</a></p>")
        rows = []
        for code in corpus.codes.values():
            laws = [law.id for law in code.laws if topic.id in law.topics]
            if laws:
                rows.append(f"<dt>{printed(site.code_name(code.id))}</dt>"
                            f"<dd>{site.links(page, laws, from_code=code.id)}</dd>")
        if rows:
            body.append(f'<dl class="lk-facts lk-bycode">{"".join(rows)}</dl>')
        else:
            body.append("<p><em>No law names this topic.</em></p>")
        out += [f'<div class="lk-topic">{"".join(body)}</div>', ""]
    return "\n".join(out) + "\n"
