-- Search (docs/decisions/058-search.md): items' titles and descriptions in an FTS5 index that
-- reads its text from `tasks` itself (external content), kept by triggers so every path that
-- writes an item keeps it, accents and case folded by the tokenizer, with prefix indexes for the
-- short words a person types first. Soft-deleted items stay indexed; the search skips them by
-- `deleted_at`, so an undo needs no re-indexing.
CREATE VIRTUAL TABLE tasks_search USING fts5(
  title, description,
  content = 'tasks', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
INSERT INTO tasks_search (tasks_search) VALUES ('rebuild');

CREATE TRIGGER tasks_search_insert AFTER INSERT ON tasks BEGIN
  INSERT INTO tasks_search (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TRIGGER tasks_search_delete AFTER DELETE ON tasks BEGIN
  INSERT INTO tasks_search (tasks_search, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
END;
CREATE TRIGGER tasks_search_update AFTER UPDATE OF title, description ON tasks
  WHEN old.title IS NOT new.title OR old.description IS NOT new.description BEGIN
  INSERT INTO tasks_search (tasks_search, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  INSERT INTO tasks_search (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
