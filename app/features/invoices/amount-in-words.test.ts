/** Amounts in words in Indian numbering, on a table of cases in paise (issue 21 item 5). */
import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [12_345_600, 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees Only'],
    [
      12_345_650,
      'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Fifty Paise Only',
    ],
    [1_500_000, 'Fifteen Thousand Rupees Only'],
    [1_000_000_000, 'One Crore Rupees Only'],
    [
      1_234_567_801,
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And One Paisa Only',
    ],
    [100, 'One Rupee Only'],
    [5, 'Zero Rupees And Five Paise Only'],
    [0, 'Zero Rupees Only'],
  ])('%i paise → %s', (paise, expected) => {
    expect(amountInWords(paise)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (bad) => {
    expect(() => amountInWords(bad)).toThrow(RangeError);
  });
});
