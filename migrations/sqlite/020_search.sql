-- Search (docs/decisions/058-search.md): items' titles and descriptions in an FTS5 index, accents
-- and case folded by the tokenizer, with prefix indexes for the short words a person types first.
-- Each item also carries its list as a token (`l` and the list's id), so a search asks the index
-- for the caller's lists alone: its cost follows their items, not everyone's. Contentless: the
-- text stays in `tasks`; triggers keep the index on every path that writes an item, handing a
-- delete the values the row was indexed with. Soft-deleted items stay indexed; the search skips
-- them by `deleted_at`, so an undo needs no re-indexing.
CREATE VIRTUAL TABLE tasks_search USING fts5(
  title, description, list,
  content = '',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
INSERT INTO tasks_search (rowid, title, description, list) SELECT id, title, description, 'l' || list_id FROM tasks;

CREATE TRIGGER tasks_search_insert AFTER INSERT ON tasks BEGIN
  INSERT INTO tasks_search (rowid, title, description, list) VALUES (new.id, new.title, new.description, 'l' || new.list_id);
END;
CREATE TRIGGER tasks_search_delete AFTER DELETE ON tasks BEGIN
  INSERT INTO tasks_search (tasks_search, rowid, title, description, list)
    VALUES ('delete', old.id, old.title, old.description, 'l' || old.list_id);
END;
CREATE TRIGGER tasks_search_update AFTER UPDATE OF title, description, list_id ON tasks
  WHEN old.title IS NOT new.title OR old.description IS NOT new.description OR old.list_id IS NOT new.list_id BEGIN
  INSERT INTO tasks_search (tasks_search, rowid, title, description, list)
    VALUES ('delete', old.id, old.title, old.description, 'l' || old.list_id);
  INSERT INTO tasks_search (rowid, title, description, list) VALUES (new.id, new.title, new.description, 'l' || new.list_id);
END;
