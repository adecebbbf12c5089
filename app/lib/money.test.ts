import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToDecimal } from './money';

describe('formatRupees (SPEC.md section 9: en-IN, no decimals)', () => {
  it('groups the Indian way and drops decimals', () => {
    expect(formatRupees(1_500_000)).toBe('₹15,000');
    expect(formatRupees(12_345_678)).toBe('₹1,23,457');
    expect(formatRupees(50_000)).toBe('₹500');
    expect(formatRupees(0)).toBe('₹0');
  });
  it('refuses what is not an amount', () => {
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
  it('gives a decimal rupee string for structured data', () => {
    expect(paiseToDecimal(1_500_050)).toBe('15000.50');
  });
});
