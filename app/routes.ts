import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('wardrobe', 'routes/wardrobe.tsx'),
  route('category', 'routes/category.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('services', 'routes/services.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-conditions', 'routes/terms-conditions.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
