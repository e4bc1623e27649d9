-- Search (docs/decisions/058-search.md): each item keeps its words as a tsvector, title weighted A
-- and description B, folded by one function (accents by the unaccent extension, case, ASCII
-- punctuation to spaces) that folds the searched words too, so both sides agree. A trigger keeps
-- the column on every path that writes an item; a GIN index over live items answers a prefix
-- query. Soft-deleted items keep their words, so an undo needs no re-indexing.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- STABLE, not IMMUTABLE: unaccent reads its rules file; the folded words are stored, never indexed
-- as an expression.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql STABLE STRICT PARALLEL SAFE AS
$$ SELECT translate(lower(unaccent($1)), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', '                                ') $$;

ALTER TABLE tasks ADD COLUMN search_words tsvector;

CREATE FUNCTION tasks_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_words := setweight(to_tsvector('simple', search_fold(NEW.title)), 'A')
    || setweight(to_tsvector('simple', search_fold(NEW.description)), 'B');
  RETURN NEW;
END $$;
CREATE TRIGGER tasks_search_insert BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_search_words();
CREATE TRIGGER tasks_search_update BEFORE UPDATE OF title, description ON tasks FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION tasks_search_words();

UPDATE tasks SET search_words = setweight(to_tsvector('simple', search_fold(title)), 'A')
  || setweight(to_tsvector('simple', search_fold(description)), 'B');
CREATE INDEX tasks_search ON tasks USING gin (search_words) WHERE deleted_at IS NULL;
