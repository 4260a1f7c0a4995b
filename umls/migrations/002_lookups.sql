-- Concept store schema, version 2: one row per lookup.

-- For each normalized name, the concepts it names, packed in one row:
-- records ordered by concept id and joined by U+001E, each the fields
-- id, name, groups, source and types (comma-separated TUIs) joined by
-- U+001F; names hold no control characters (see CheckName), so the
-- separators are unambiguous. Filled by Import after the load. A lookup
-- used to read every concept by its key and its semantic types by a
-- subquery: on a full UMLS release, where a common word names thousands
-- of concepts, that was most of the time of a synonym build.
CREATE TABLE lookups (
	norm     TEXT NOT NULL,
	concepts TEXT NOT NULL
);

-- Rows skipped because their name failed the name check (U+FFFD, control
-- characters, invalid UTF-8).
ALTER TABLE inputs ADD COLUMN bad INTEGER NOT NULL DEFAULT 0;
