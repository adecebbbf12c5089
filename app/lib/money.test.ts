import { describe, expect, it } from 'vitest';
import {
  formatRupees,
  formatRupeesExact,
  paiseToDecimal,
  paiseToRupeesText,
  readRupees,
} from './money';

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

describe('formatRupeesExact (the back office: to the paisa when there are any)', () => {
  it('shows paise only when the amount has some', () => {
    expect(formatRupeesExact(125_050)).toBe('₹1,250.50');
    expect(formatRupeesExact(125_005)).toBe('₹1,250.05');
    expect(formatRupeesExact(125_000)).toBe('₹1,250');
    expect(formatRupeesExact(100_000_000)).toBe('₹10,00,000');
  });
  it('refuses what is not an amount', () => {
    expect(() => formatRupeesExact(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupeesExact(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('paiseToRupeesText (an amount written back for typing)', () => {
  it('writes rupees without grouping, and paise only when there are some', () => {
    expect(paiseToRupeesText(125_050)).toBe('1250.50');
    expect(paiseToRupeesText(125_005)).toBe('1250.05');
    expect(paiseToRupeesText(125_000)).toBe('1250');
    expect(paiseToRupeesText(1)).toBe('0.01');
  });
  it('is read back as the same paise', () => {
    for (const paise of [1, 99, 100, 125_050, 99_999_999]) {
      expect(readRupees(paiseToRupeesText(paise), Number.MAX_SAFE_INTEGER)).toEqual({
        ok: true,
        paise,
      });
    }
  });
});

describe('readRupees (typed rupees as exact paise)', () => {
  const max = 100_000_000;
  it.each([
    ['1250', 125_000],
    ['1,250.50', 125_050],
    ['1,250.5', 125_050],
    [' ₹ 1,250.5 ', 125_050],
    ['Rs. 799', 79_900],
    ['rs 799', 79_900],
    ['INR 12,000', 1_200_000],
    ['+12', 1_200],
    ['0.01', 1],
    ['.75', 75],
    ['99.', 9_900],
    ['10,00,000', 100_000_000],
    ['0001250', 125_000],
  ])('reads %j as %i paise', (typed, paise) => {
    expect(readRupees(typed, max)).toEqual({ ok: true, paise });
  });

  it.each([
    ['', 'missing'],
    [' \t ', 'missing'],
    ['₹', 'missing'],
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['-5', 'notPositive'],
    ['-99999999999999999999', 'notPositive'],
    ['10,00,000.01', 'tooHigh'],
    ['12345678901', 'tooHigh'],
    ['99999999999999999999', 'tooHigh'],
    ['1.234', 'decimals'],
    ['abc', 'unreadable'],
    ['1e5', 'unreadable'],
    ['12,', 'unreadable'],
    ['1,,250', 'unreadable'],
    ['.', 'unreadable'],
    ['1.2.3', 'unreadable'],
  ])('refuses %j as %s', (typed, problem) => {
    expect(readRupees(typed, max)).toEqual({ ok: false, problem });
  });

  it('takes the limit from the caller', () => {
    expect(readRupees('500', 50_000)).toEqual({ ok: true, paise: 50_000 });
    expect(readRupees('500.01', 50_000)).toEqual({ ok: false, problem: 'tooHigh' });
  });
});
