"""The examples in lawkit's public docstring run as written."""

import doctest

import lawkit

from conftest import REPO


def test_package_docstring_examples(monkeypatch):
    monkeypatch.chdir(REPO)
    shared = {"lawkit": lawkit, "corpus": lawkit.load("laws")}  # each docstring sees what the module one made
    failures, tried = doctest.testmod(lawkit, extraglobs=shared, verbose=False)[:2]
    assert tried >= 4 and failures == 0
