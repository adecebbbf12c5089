/** Reading the root loader's data from a route's `meta` arguments. */
import { defaultSiteSettings, type SiteSettings } from './settings';

interface RootMatchData {
  settings: SiteSettings;
  origin: string;
}

/** The shop settings and public origin; demo defaults when the root loader has no data. */
export function rootMetaData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootMatchData {
  const root = matches.find((match) => match?.id === 'root')?.data as RootMatchData | undefined;
  return {
    settings: root?.settings ?? defaultSiteSettings,
    origin: root?.origin ?? 'http://localhost:3000',
  };
}
