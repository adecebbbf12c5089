-- Realtime catalogue (SPEC.md sections 4 and 7, rows 3-4): every statement that changes a
-- catalogue table sends one NOTIFY on channel "catalogue" with the table and operation, which
-- /api/events relays to browsers as Server-Sent Events.
CREATE OR REPLACE FUNCTION catalogue_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER subcategories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER media_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
