import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('wardrobe', 'routes/wardrobe.tsx'),
  route('category', 'routes/category.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
