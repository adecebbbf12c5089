import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '~/lib/indian-states';
import { lookupPincode, PINCODE_DIRECTORY } from './pincodes.server';

describe('the shipped pincode directory', () => {
  it('finds the district and state of a pincode', () => {
    expect(lookupPincode('360001')).toEqual({
      pincode: '360001',
      places: [{ district: 'Rajkot', state: 'Gujarat' }],
    });
    expect(lookupPincode(' 110001 ')?.places[0]?.state).toBe('Delhi');
    expect(lookupPincode('400001')?.places.map((place) => place.district)[0]).toBe('Mumbai');
  });

  it('knows no pincode India Post does not list, nor text that is not one', () => {
    expect(lookupPincode('999999')).toBeNull();
    expect(lookupPincode('012345')).toBeNull();
    expect(lookupPincode('36000')).toBeNull();
    expect(lookupPincode('constructor')).toBeNull();
  });

  it('spells every state as the address form does, Leh under Ladakh', () => {
    expect(lookupPincode('194101')?.places[0]).toEqual({ district: 'Leh', state: 'Ladakh' });
    expect(lookupPincode('605001')?.places[0]?.state).toBe('Puducherry');
    for (const code of ['396210', '396230', '744101', '682555']) {
      for (const place of lookupPincode(code)?.places ?? []) {
        expect(INDIAN_STATES).toContain(place.state);
      }
    }
    expect(PINCODE_DIRECTORY.source).toMatch(/India Post/);
    expect(PINCODE_DIRECTORY.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
