"""The vocabularies worlds are drawn from: names, places, organisations, industries, phrases.

Nothing here names the shipped persona's people, companies or projects
(tests/test_worlds_contamination.py checks every list against corpus/*.json).
"""
