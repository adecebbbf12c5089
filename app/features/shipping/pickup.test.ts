import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '~/features/site/settings';
import { pickupPlaceWords } from './pickup';

describe('ready for pickup (issue 32 item 2)', () => {
  it('names the shop’s address and its hours', () => {
    expect(`Ready for pickup${pickupPlaceWords(defaultSiteSettings)}`).toBe(
      'Ready for pickup at 12 Example Market Road, near Jubilee Garden, Rajkot, Gujarat 360001 ' +
        '(Monday to Saturday 10:00 AM – 8:00 PM; Sunday 11:00 AM – 6:00 PM)',
    );
  });
});
