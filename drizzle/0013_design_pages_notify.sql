-- Hand-written (issue 28 item 8): a saved design that is deleted or changed makes the cached
-- copies of its pages stale on every instance. Each deleted or changed row sends one NOTIFY on
-- channel "pages" with the design's path; every instance LISTENs and empties its page cache
-- (app/lib/page-cache.server.ts). Catalogue tables already announce themselves on "catalogue".
CREATE OR REPLACE FUNCTION design_pages_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pages', '/d/' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER designs_pages_notify AFTER UPDATE OR DELETE ON designs
  FOR EACH ROW EXECUTE FUNCTION design_pages_notify();
