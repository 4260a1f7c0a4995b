-- Concept store schema, version 1. Only package umls reads or writes it.

-- Build metadata: key/value pairs (built, tool, filters.*, counts).
CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;

-- Input files with their checksums and row counts.
CREATE TABLE inputs (
	id     INTEGER PRIMARY KEY,
	kind   TEXT NOT NULL,    -- mrconso, mrsty, terms, obo
	path   TEXT NOT NULL,
	sha256 TEXT NOT NULL,
	bytes  INTEGER NOT NULL,
	rows   INTEGER NOT NULL, -- rows read
	kept   INTEGER NOT NULL  -- rows stored after the filters
);

-- Concepts: UMLS CUIs and open-lexicon ids (MESH:D009203).
CREATE TABLE concepts (
	id     TEXT PRIMARY KEY,
	name   TEXT NOT NULL,            -- preferred name
	groups TEXT NOT NULL DEFAULT '', -- comma-separated groups from lexicon categories
	source TEXT NOT NULL DEFAULT ''  -- lexicon of the id; '' for CUIs
) WITHOUT ROWID;

-- Semantic types of concepts (MRSTY).
CREATE TABLE semtypes (
	concept TEXT NOT NULL,
	tui     TEXT NOT NULL
);

-- Names of concepts. norm is Normalize(str), the lookup key.
CREATE TABLE terms (
	concept  TEXT NOT NULL,
	str      TEXT NOT NULL,
	norm     TEXT NOT NULL,
	source   TEXT NOT NULL,           -- SAB or lexicon
	tty      TEXT NOT NULL,           -- term type
	pref     INTEGER NOT NULL,        -- 1: the source's preferred name
	suppress TEXT NOT NULL,           -- UMLS SUPPRESS (N, O, E, Y)
	avoid    TEXT NOT NULL DEFAULT '' -- why not a replacement candidate
);

-- Cross-references of concepts (OBO xrefs such as UMLS_CUI:C0027051).
CREATE TABLE xrefs (
	concept TEXT NOT NULL,
	xref    TEXT NOT NULL
);

-- NLM Semantic Groups table, as used for this build.
CREATE TABLE semgroups (
	tui        TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	grp        TEXT NOT NULL,
	group_name TEXT NOT NULL
) WITHOUT ROWID;
