import { describe, expect, it } from 'vitest';
import { changeFilters, checkAdvanced, countAdvanced, draftOf, hasNarrowing, NO_ADVANCED, PAGE_SIZE, readFilters, toListQuery, toSearch, writeFilters } from './classification-filters';

const read = (search: string) => readFilters(new URLSearchParams(search));

describe('readFilters', () => {
  it('reads every filter from the address', () => {
    expect(read('q=no water&type=water&status=pending_review&language=hi&minConfidence=20&maxConfidence=60&from=2025-03-01&to=2025-03-31&cursor=eyJsIjoiYyJ9')).toEqual({
      q: 'no water',
      type: 'water',
      status: 'pending_review',
      language: 'hi',
      minConfidence: 20,
      maxConfidence: 60,
      from: '2025-03-01',
      to: '2025-03-31',
      cursor: 'eyJsIjoiYyJ9',
    });
  });

  it('falls back to the defaults for an empty address', () => {
    expect(read('')).toEqual({
      q: '',
      type: undefined,
      status: undefined,
      language: undefined,
      minConfidence: undefined,
      maxConfidence: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
    });
  });

  it('ignores values a hand-edited or stale link may carry', () => {
    expect(read('type=food&status=open&language=xx&minConfidence=abc&maxConfidence=101&from=2025-02-30&to=tomorrow&cursor=%3Cscript%3E')).toMatchObject({
      type: undefined,
      status: undefined,
      language: undefined,
      minConfidence: undefined,
      maxConfidence: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
    });
    expect(read('minConfidence=12.5').minConfidence).toBeUndefined();
    expect(read('minConfidence=0').minConfidence).toBe(0);
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('drops a reversed pair whole, since the server would refuse it', () => {
    expect(read('minConfidence=80&maxConfidence=20')).toMatchObject({ minConfidence: undefined, maxConfidence: undefined });
    expect(read('from=2025-03-10&to=2025-03-01')).toMatchObject({ from: undefined, to: undefined });
    expect(read('minConfidence=50&maxConfidence=50')).toMatchObject({ minConfidence: 50, maxConfidence: 50 });
  });
});

describe('writeFilters', () => {
  it('round-trips through the address', () => {
    const search = 'q=fan&type=electrical&status=reviewed&language=ta&minConfidence=0&maxConfidence=100&from=2025-01-01&to=2025-01-31&cursor=abc_-9';
    expect(writeFilters(read(search)).toString()).toBe(search);
  });

  it('leaves the defaults out', () => {
    expect(writeFilters(read('')).toString()).toBe('');
  });
});

describe('changeFilters', () => {
  it('goes back to the first page on any change but paging', () => {
    const f = read('cursor=abc&type=water');
    expect(changeFilters(f, { status: 'classified' })).toMatchObject({ cursor: undefined, type: 'water', status: 'classified' });
    expect(changeFilters(f, { cursor: 'def' }).cursor).toBe('def');
  });
});

describe('toListQuery', () => {
  it('sends the filters to the server under the same names, with the page size', () => {
    const query = toListQuery(read('q=late&minConfidence=10&to=2025-05-01&cursor=abc'));
    expect(query).toMatchObject({ q: 'late', minConfidence: 10, to: '2025-05-01', cursor: 'abc', pageSize: PAGE_SIZE });
    expect(toSearch(query)).toBe('q=late&minConfidence=10&to=2025-05-01&cursor=abc&pageSize=20');
  });

  it('sends no empty search', () => {
    expect(toSearch(toListQuery(read('')))).toBe('pageSize=20');
  });
});

describe('countAdvanced and hasNarrowing', () => {
  it('counts a range once, whichever ends are set', () => {
    expect(countAdvanced(read(''))).toBe(0);
    expect(countAdvanced(read('minConfidence=10'))).toBe(1);
    expect(countAdvanced(read('minConfidence=10&maxConfidence=20&from=2025-01-01'))).toBe(2);
    expect(countAdvanced(read('status=reviewed&language=hi&to=2025-01-01&maxConfidence=5'))).toBe(4);
  });

  it('knows when anything narrows the list', () => {
    expect(hasNarrowing(read(''))).toBe(false);
    expect(hasNarrowing(read('cursor=abc'))).toBe(false);
    expect(hasNarrowing(read('q=x'))).toBe(true);
    expect(hasNarrowing(read('type=water'))).toBe(true);
    expect(hasNarrowing(read('from=2025-01-01'))).toBe(true);
  });
});

describe('checkAdvanced', () => {
  const draft = { ...draftOf(NO_ADVANCED) };

  it('turns a sensible draft into filters, empty fields into no filter', () => {
    expect(checkAdvanced({ ...draft, minConfidence: '20', maxConfidence: ' ', status: 'pending_review', language: 'hi', from: '2025-01-01' })).toEqual({
      filters: { status: 'pending_review', language: 'hi', minConfidence: 20, maxConfidence: undefined, from: '2025-01-01', to: undefined },
    });
    expect(checkAdvanced(draft)).toEqual({ filters: NO_ADVANCED });
  });

  it('names what is wrong, field by field', () => {
    expect(checkAdvanced({ ...draft, minConfidence: '-1', maxConfidence: '150' })).toEqual({ errors: { minConfidence: 'confidence_invalid', maxConfidence: 'confidence_invalid' } });
    expect(checkAdvanced({ ...draft, minConfidence: '70', maxConfidence: '30' })).toEqual({ errors: { minConfidence: 'confidence_range_reversed' } });
    expect(checkAdvanced({ ...draft, from: '2025-03-02', to: '2025-03-01' })).toEqual({ errors: { from: 'range_reversed' } });
    expect(checkAdvanced({ ...draft, to: '2025-02-30' })).toEqual({ errors: { to: 'invalid_date' } });
  });

  it('starts from what the address says', () => {
    expect(draftOf(read('minConfidence=0&status=classified'))).toEqual({ status: 'classified', language: '', minConfidence: '0', maxConfidence: '', from: '', to: '' });
  });
});
