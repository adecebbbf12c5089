/**
 * Reading what staff paste for a saved design at the counter (issue 30 item 3): its id, or its
 * share link `/d/<id>` in any of the forms a phone or a browser copies; anything else refused
 * with the message that says what to paste.
 */
import { describe, expect, it } from 'vitest';
import { DESIGN_REFERENCE_MESSAGE, readDesignReference } from './design-reference';

const id = 'Ab3_xY9-qRsTuVwXyZ01aB';

describe('a pasted design reference', () => {
  it.each([
    [id],
    [`  ${id}  `],
    [`https://shop.example/d/${id}`],
    [`http://localhost:3000/d/${id}`],
    [`https://shop.example/d/${id}/`],
    [`https://shop.example/d/${id}?utm_source=whatsapp`],
    [`https://shop.example/d/${id}/?ref=share#top`],
    [`shop.example/d/${id}`],
    [`/d/${id}`],
    [`/d/${id}/`],
    [`/d/${id}?from=account`],
    [`d/${id}`],
  ])('reads %s as the design id', (text) => {
    expect(readDesignReference(text)).toEqual({ ok: true, id });
  });

  it('reads nothing pasted as no design', () => {
    expect(readDesignReference('   ')).toEqual({ ok: true, id: '' });
  });

  it.each([
    ['short'],
    [`https://shop.example/bespoke?design=${id}`],
    [`https://shop.example/d/${id}/card.jpg`],
    [`https://shop.example/x/d/${id}`],
    [`ftp://shop.example/d/${id}`],
    [`javascript:alert(1)//d/${id}`],
    [`https://user:pw@shop.example/d/${id}`],
    [`/d/${id}%00`],
    [`${id} ${id}`],
    ['/d/'],
    [`/d/${'a'.repeat(65)}`],
    ['x'.repeat(501)],
  ])('refuses %s with a clear message', (text) => {
    expect(readDesignReference(text)).toEqual({ ok: false, message: DESIGN_REFERENCE_MESSAGE });
  });
});
