import { describe, expect, it } from 'vitest';
import { enquiryMessage, enquirySchema } from './enquiry';

describe('the enquiry (SPEC.md sections 3-5)', () => {
  it('needs a name and a phone after trimming', () => {
    expect(enquirySchema.safeParse({ name: '  ', phone: '98' }).success).toBe(false);
    expect(enquirySchema.safeParse({ name: 'Ravi', phone: ' \t' }).success).toBe(false);
    expect(enquirySchema.parse({ name: ' Ravi ', phone: ' 98250 ' })).toEqual({
      name: 'Ravi',
      phone: '98250',
    });
  });
  it('writes product, description, size, colour, price, name and phone', () => {
    const text = enquiryMessage(
      { name: 'Royal Sherwani', description: 'Silk brocade.', pricePaise: 3_250_000 },
      { size: '40', color: 'Maroon' },
      { name: ' Ravi ', phone: '98250 11111' },
    );
    expect(text).toContain('Product: Royal Sherwani');
    expect(text).toContain('Description: Silk brocade.');
    expect(text).toContain('Size: 40');
    expect(text).toContain('Colour: Maroon');
    expect(text).toContain('Price: ₹32,500');
    expect(text).toContain('Name: Ravi\n');
    expect(text.endsWith('Phone: 98250 11111')).toBe(true);
  });
  it('leaves out size and colour when none is chosen', () => {
    const text = enquiryMessage(
      { name: 'Khadi', description: '', pricePaise: 100 },
      {},
      { name: 'A', phone: '1' },
    );
    expect(text).not.toContain('Size:');
    expect(text).not.toContain('Colour:');
  });
});
