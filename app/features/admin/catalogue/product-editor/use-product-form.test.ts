/**
 * The product editor's starting fields (from a saved product, or empty for a new one) and
 * choosing a category, which clears a subcategory the new category does not have.
 */
import { describe, expect, it } from 'vitest';
import type { AdminProduct, ProductCategoryOption } from '../products.server';
import { categoryPatch, initialFields } from './use-product-form';

const fabrics: ProductCategoryOption = {
  id: 1,
  name: 'Fabrics',
  isActive: true,
  subcategories: [{ id: 11, name: 'Cotton', isActive: true }],
};
const sherwanis: ProductCategoryOption = {
  id: 2,
  name: 'Sherwanis',
  isActive: true,
  subcategories: [{ id: 21, name: 'Wedding', isActive: true }],
};

const product: AdminProduct = {
  id: 7,
  name: 'Safa',
  slug: 'safa',
  description: 'A turban cloth.',
  categoryId: 1,
  subcategoryId: 11,
  pricePaise: 125_050,
  fabricType: 'Cotton',
  variants: [],
  colors: ['Ivory', 'Navy blue'],
  featured: true,
  isActive: false,
  rating: 4.5,
  reviewsCount: 3,
  saleUnit: 'piece',
  uqc: 'PCS',
  lengthStepCm: null,
  lengthMinCm: null,
  lengthMaxCm: null,
  stock: null,
  weightGrams: null,
  images: [],
  version: '2025-01-01T00:00:00.000Z',
};

describe('the fields a form starts with', () => {
  it('are the saved product’s, the price in rupees and the lists comma-separated', () => {
    expect(initialFields(product, [fabrics, sherwanis])).toEqual({
      name: 'Safa',
      slug: 'safa',
      description: 'A turban cloth.',
      categoryId: '1',
      subcategoryId: '11',
      price: '1250.50',
      fabricType: 'Cotton',
      colors: 'Ivory, Navy blue',
      featured: true,
      isActive: false,
    });
  });

  it('are empty and active for a new product, in the only category when there is one', () => {
    expect(initialFields(null, [sherwanis])).toMatchObject({
      name: '',
      categoryId: '2',
      subcategoryId: '',
      price: '',
      featured: false,
      isActive: true,
    });
    expect(initialFields(null, [fabrics, sherwanis]).categoryId).toBe('');
  });
});

describe('choosing a category', () => {
  const fields = initialFields(product, [fabrics, sherwanis]);

  it('clears a subcategory the new category does not have', () => {
    expect(categoryPatch(fields, [fabrics, sherwanis], '2')).toEqual({
      categoryId: '2',
      subcategoryId: '',
    });
    expect(categoryPatch(fields, [fabrics, sherwanis], '')).toEqual({
      categoryId: '',
      subcategoryId: '',
    });
  });

  it('keeps a subcategory the category has', () => {
    expect(categoryPatch(fields, [fabrics, sherwanis], '1')).toEqual({ categoryId: '1' });
  });
});
