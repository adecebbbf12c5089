import { privacyPolicy } from '~/content/policies';
import { PolicyPage } from '~/features/site/policy-page';
import { rootMetaData } from '~/features/site/root-data';
import { breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: privacyPolicy.title,
    description:
      'How we collect, use, protect, share and keep your personal information. Effective October 2025.',
    origin,
    path: '/privacy-policy',
    shopName: settings.shopName,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: privacyPolicy.title, path: '/privacy-policy' },
      ]),
    ],
  });
};

/** /privacy-policy (SPEC.md section 2). */
export default function PrivacyPolicy() {
  return <PolicyPage policy={privacyPolicy} />;
}
