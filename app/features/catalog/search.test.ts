import { describe, expect, it } from 'vitest';
import { searchTerms, toPrefixTsQuery } from './search';

describe('search terms', () => {
  it('splits on punctuation, lower-cases and makes every word a prefix', () => {
    expect(toPrefixTsQuery('Raw SIL')).toBe('raw:* & sil:*');
    expect(toPrefixTsQuery('t-shirt, cotton!')).toBe('t:* & shirt:* & cotton:*');
  });
  it('lets no operator or quote through', () => {
    expect(toPrefixTsQuery("'; drop table products; -- <script>")).toBe(
      'drop:* & table:* & products:* & script:*',
    );
    expect(toPrefixTsQuery('a & b | !c :*')).toBe('a:* & b:* & c:*');
  });
  it('gives null when nothing searchable remains', () => {
    expect(toPrefixTsQuery('  !!! ')).toBeNull();
    expect(toPrefixTsQuery('')).toBeNull();
  });
  it('bounds very long input', () => {
    expect(searchTerms('linen '.repeat(10_000))).toHaveLength(8);
    expect(searchTerms('x'.repeat(500))[0]).toHaveLength(40);
  });
  it('keeps letters of other scripts', () => {
    expect(searchTerms('ખાદી cotton')).toEqual(['ખાદી', 'cotton']);
  });
});
