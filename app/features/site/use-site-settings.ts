/** The shop settings for a component, read from the root loader's data. */
import { useRouteLoaderData } from 'react-router';
import { defaultSiteSettings, type SiteSettings } from './settings';

/**
 * The shop's settings as the root loader read them (name, numbers, address, hours, …); the
 * demo defaults when the root has no data (an error page rendered before the root loader ran).
 */
export function useSiteSettings(): SiteSettings {
  const root = useRouteLoaderData('root') as { settings?: SiteSettings } | undefined;
  return root?.settings ?? defaultSiteSettings;
}
