import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  formatIndianMobile,
  INDIAN_MOBILE_MESSAGE,
  parseIndianMobile,
  phoneSearchPatterns,
} from './phone';
import { indianMobileSchema } from './contact-fields';

describe('parseIndianMobile (issue 30 item 1)', () => {
  it.each([
    '09825012345',
    '+91 98250 12345',
    '9825012345',
    '098250-12345',
    '98250 12345',
    '+91-98250-12345',
    '919825012345',
    '91 98250 12345',
    '0091 98250 12345',
    '+91 098250 12345',
    ' 98250.12345 ',
    '(098250) 12345',
  ])('reads %j as +919825012345', (spelling) => {
    expect(parseIndianMobile(spelling)).toBe('+919825012345');
  });

  it.each([
    ['nine national digits (the issue\'s "09825 12345")', '09825 12345'],
    ['nine national digits after +91', '+91 98251 2345'],
    ['eleven national digits', '98250123456'],
    ['a Rajkot landline', '0281 2345678'],
    ['a number starting with 5', '5825012345'],
    ['a number of another country', '+44 20 7946 0958'],
    ['letters around the number', 'call 9825012345'],
    ['letters', 'nine eight two'],
    ['nothing', '   '],
  ])('refuses %s', (_label, spelling) => {
    expect(parseIndianMobile(spelling)).toBeNull();
  });
});

describe('indianMobileSchema', () => {
  it('stores every spelling of one number as the same E.164', () => {
    for (const spelling of ['09825012345', '+91 98250 12345', '9825012345', '098250-12345']) {
      expect(indianMobileSchema.parse(spelling)).toBe('+919825012345');
    }
  });

  it('refuses a number that is not an Indian mobile with a clear message', () => {
    const result = indianMobileSchema.safeParse('+91 98251 2345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INDIAN_MOBILE_MESSAGE);
    expect(INDIAN_MOBILE_MESSAGE).toBe('Please enter a 10-digit Indian mobile number');
  });
});

describe('formatIndianMobile', () => {
  it('shows an E.164 mobile in groups of five', () => {
    expect(formatIndianMobile('+919825012345')).toBe('+91 98250 12345');
    expect(formatIndianMobile('+917012345678')).toBe('+91 70123 45678');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatIndianMobile('unknown')).toBe('unknown');
  });
});

describe('phoneSearchPatterns', () => {
  it.each([
    ['09825012345', ['+919825012345']],
    ['+91 98250 12345', ['+919825012345']],
    ['098250-12345', ['+919825012345']],
    ['9825012345', ['+919825012345']],
    ['+91 98250', ['+9198250%']],
    ['0091 982', ['+91982%']],
    ['09825', ['+919825%']],
    ['098 25', ['+919825%']],
    ['98250', ['%98250%']],
    ['25012', ['%25012%']],
  ])('reads the search %j as %j', (search, patterns) => {
    expect(phoneSearchPatterns(search)).toEqual(patterns);
  });

  it.each(['Asha', '98a50', '98', '+9', '0 9', 'asha@example.com', ''])(
    'does not search phones for %j',
    (search) => {
      expect(phoneSearchPatterns(search)).toEqual([]);
    },
  );
});

describe('phone-metadata.json', () => {
  it("is India's entry of the installed libphonenumber-js min metadata", () => {
    const require = createRequire(import.meta.url);
    const installed = require('libphonenumber-js/metadata.min.json') as {
      version: number;
      countries: Record<string, unknown>;
    };
    const expected = {
      version: installed.version,
      country_calling_codes: { '91': ['IN'] },
      countries: { IN: installed.countries.IN },
    };
    const file = new URL('./phone-metadata.json', import.meta.url);
    // After upgrading libphonenumber-js: UPDATE_PHONE_METADATA=1 npx vitest run <this file>,
    // then prettier --write the JSON file.
    if (process.env.UPDATE_PHONE_METADATA === '1') {
      writeFileSync(file, `${JSON.stringify(expected)}\n`);
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(expected);
  });
});
