-- A list's memory (docs/decisions/057-memory.md): items' quantity and section, the list's sections,
-- and what the list remembers of every title it has held, for placement and suggestions.
-- `name_key` is a section's name trimmed, NFKC and case-folded (one name once per list).
CREATE TABLE sections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX sections_list_name ON sections(list_id, name_key);
CREATE INDEX sections_list_position ON sections(list_id, position, id);

ALTER TABLE tasks ADD COLUMN quantity TEXT;
ALTER TABLE tasks ADD COLUMN section_id INTEGER REFERENCES sections(id) ON DELETE SET NULL;
CREATE INDEX tasks_section_id ON tasks(section_id) WHERE section_id IS NOT NULL;

-- One row per title a list has held, keyed by `title_key` (trimmed, NFKC, case-folded). `words` is
-- the title folded for matching (NFKD, marks stripped, lower-case, words joined by single spaces,
-- with a leading space), so "a prefix of any word" is one LIKE '% q%'. `rank` is the log of the
-- sum of exp(t/tau) over its uses (t in half-life units from the epoch): decayed frecency, read
-- with ORDER BY rank DESC and no math.
CREATE TABLE list_memory (
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  title_key TEXT NOT NULL,
  words TEXT NOT NULL,
  title TEXT NOT NULL,
  quantity TEXT,
  section_id INTEGER REFERENCES sections(id) ON DELETE SET NULL,
  uses INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  rank REAL NOT NULL,
  PRIMARY KEY (list_id, title_key)
);
CREATE INDEX list_memory_rank ON list_memory(list_id, rank DESC);
CREATE INDEX list_memory_section ON list_memory(section_id) WHERE section_id IS NOT NULL;
