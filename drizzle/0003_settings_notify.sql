-- The shop's settings change what every page shows: announce them on the "catalogue"
-- channel too, so open pages revalidate and every instance clears its query cache.
CREATE TRIGGER site_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();
