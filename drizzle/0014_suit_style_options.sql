-- Issue 36 item 3 (hand-written): a suit jacket takes every jacket button and pocket the seed
-- holds, so an existing database gets the seed's new garment lists too. Only rows that still
-- hold the seed's original list are changed: an administrator's edit is never overwritten.
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'button' AND "code" IN ('mop-white', 'mop-smoke')
    AND "garment_types" = ARRAY['shirt', 'kurta']::text[];
--> statement-breakpoint
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'button' AND "code" IN ('self-covered', 'silver-filigree')
    AND "garment_types" = ARRAY['sherwani', 'jodhpuri', 'kurta', 'waistcoat']::text[];
--> statement-breakpoint
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'button' AND "code" IN ('zardozi', 'kundan')
    AND "garment_types" = ARRAY['sherwani', 'jodhpuri', 'kurta']::text[];
--> statement-breakpoint
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'button' AND "code" = 'wood'
    AND "garment_types" = ARRAY['kurta', 'waistcoat', 'shirt']::text[];
--> statement-breakpoint
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'button' AND "code" = 'coconut'
    AND "garment_types" = ARRAY['kurta', 'shirt']::text[];
--> statement-breakpoint
UPDATE "style_options" SET "garment_types" = array_append("garment_types", 'suit_jacket')
  WHERE "group" = 'pocket' AND "code" = 'welt'
    AND "garment_types" = ARRAY['waistcoat', 'sherwani', 'jodhpuri', 'kurta']::text[];
--> statement-breakpoint
-- The home and services pages show figures counted from the style catalogue: a change to it
-- announces itself on the "catalogue" channel like the other catalogue tables, so the query
-- and page caches are cleared on every instance.
CREATE TRIGGER style_options_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON style_options
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
