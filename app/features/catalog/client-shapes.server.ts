/**
 * The catalogue's rows cut down to what a page's components read, after the cached read
 * (`CatalogueReader`), so the loader data serialised into the HTML carries nothing unused.
 */
import type {
  CategorySummary,
  CategoryTab,
  ProductCard,
  ProductDetail,
  ProductPage,
  ProductTile,
  SubcategoryTile,
} from './types';

/** A product card's fields: everything `ProductCard` holds but the review count and flag. */
export function toProductTile(product: ProductCard): ProductTile {
  return {
    id: product.id,
    name: product.name,
    pricePaise: product.pricePaise,
    priceVaries: product.priceVaries,
    rating: product.rating,
    fabricType: product.fabricType,
    imageKey: product.imageKey,
    imagePlaceholder: product.imagePlaceholder,
    categoryName: product.categoryName,
    subcategoryName: product.subcategoryName,
    defaultSize: product.defaultSize,
    defaultColor: product.defaultColor,
    defaultLengthCm: product.defaultLengthCm,
  };
}

/** The product page's fields (`ProductPage`) of a product read in full. */
export function toProductPage(product: ProductDetail): ProductPage {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    pricePaise: product.pricePaise,
    priceVaries: product.priceVaries,
    rating: product.rating,
    reviewsCount: product.reviewsCount,
    fabricType: product.fabricType,
    imagePlaceholder: product.imagePlaceholder,
    imageKeys: product.imageKeys,
    variants: product.variants,
    colors: product.colors,
    categoryName: product.categoryName,
    categorySlug: product.categorySlug,
    subcategoryName: product.subcategoryName,
    subcategoryLinkSlug: product.subcategoryLinkSlug,
    saleUnit: product.saleUnit,
    lengthStepCm: product.lengthStepCm,
    lengthMinCm: product.lengthMinCm,
    lengthMaxCm: product.lengthMaxCm,
  };
}

/** A category with its subcategories as tiles (no subcategory descriptions or parent ids). */
export function toCategoryTab(category: CategorySummary): CategoryTab {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    subcategories: category.subcategories.map((subcategory): SubcategoryTile => ({
      id: subcategory.id,
      name: subcategory.name,
      linkSlug: subcategory.linkSlug,
      imageKey: subcategory.imageKey,
      imagePlaceholder: subcategory.imagePlaceholder,
    })),
  };
}
