import { data } from 'react-router';
import { NotFoundPage } from '~/features/site/error-pages';
import { rootMetaData } from '~/features/site/root-data';
import type { Route } from './+types/not-found';

/** Any unknown URL: the 404 page with status 404 (SPEC.md section 2, route *). */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings } = rootMetaData(matches);
  return [
    { title: `Page not found | ${settings.shopName}` },
    { name: 'description', content: 'This page does not exist.' },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function NotFound() {
  return <NotFoundPage />;
}
