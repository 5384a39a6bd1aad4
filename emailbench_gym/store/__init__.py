"""The corpus database: where a corpus's messages live and how a workspace queries them.

`schema` (the SQL layout and how values are stored), `database` (writing a corpus, the
shared read-only `MessageStore`), `translate` (OData filters and sorts as SQL),
`search` (the word rule of `messages_search` and its FTS5 encoding) and `queries` (a
workspace's queries: the database merged with the workspace's own changes).
"""
