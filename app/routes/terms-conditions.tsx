import { termsAndConditions } from '~/content/policies';
import { PolicyPage } from '~/features/site/policy-page';
import { rootMetaData } from '~/features/site/root-data';
import { breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import type { Route } from './+types/terms-conditions';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: termsAndConditions.title,
    description:
      'Terms for bespoke orders, use of this website, privacy, cancellations and force majeure. Effective October 2025, Rajkot, Gujarat.',
    origin,
    path: '/terms-conditions',
    shopName: settings.shopName,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: termsAndConditions.title, path: '/terms-conditions' },
      ]),
    ],
  });
};

/** /terms-conditions (SPEC.md section 2). */
export default function TermsConditions() {
  return <PolicyPage policy={termsAndConditions} />;
}
