import { describe, expect, it } from 'vitest';
import { pageCount } from '../../../components/ui/pagination';
import { changeFilters, describeChange, hasNarrowing, PAGE_SIZE, readFilters, toListQuery, writeFilters } from './dashboard-filters';

const read = (search: string) => readFilters(new URLSearchParams(search));

describe('readFilters', () => {
  it('reads every filter from the address', () => {
    expect(read('q=water&status=in_progress&severity=high&type=medical&assignee=me&overdue=true&sort=due&page=3')).toEqual({
      q: 'water',
      status: 'in_progress',
      severity: 'high',
      type: 'medical',
      assignee: 'me',
      overdue: true,
      sort: 'due',
      page: 3,
    });
  });

  it('falls back to the defaults for an empty address', () => {
    expect(read('')).toEqual({ q: '', status: undefined, severity: undefined, type: undefined, assignee: undefined, overdue: false, sort: 'newest', page: 1 });
  });

  it('ignores values a hand-edited or stale link may carry', () => {
    const f = read('status=pending&severity=urgent&type=food&sort=random&page=-2&overdue=yes');
    expect(f).toMatchObject({ status: undefined, severity: undefined, type: undefined, sort: 'newest', page: 1, overdue: false });
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read(`assignee=${'x'.repeat(65)}`).assignee).toBeUndefined();
  });

  it('keeps "all" apart from "not chosen", so the role default applies only when nothing was chosen', () => {
    expect(read('assignee=all').assignee).toBe('all');
    expect(read('assignee=').assignee).toBeUndefined();
  });
});

describe('writeFilters', () => {
  it('round-trips through the address', () => {
    const search = 'q=fan+not+working&status=open&severity=low&type=electrical&assignee=none&overdue=true&sort=severity&page=2';
    expect(read(writeFilters(read(search)).toString())).toEqual(read(search));
  });

  it('leaves defaults out, so a plain dashboard has a plain address', () => {
    expect(writeFilters(read('sort=newest&page=1&overdue=false')).toString()).toBe('');
  });
});

describe('changeFilters', () => {
  it('goes back to page 1 when what is shown changes', () => {
    expect(changeFilters(read('page=4&status=open'), { severity: 'high' })).toMatchObject({ page: 1, status: 'open', severity: 'high' });
  });

  it('drops the cursor when what is shown changes, so the list starts from its first page', () => {
    const paged = read('status=open&cursor=eyJ2IjoxfQ');
    expect(paged.cursor).toBe('eyJ2IjoxfQ');
    expect(changeFilters(paged, { sort: 'due' }).cursor).toBeUndefined();
    expect(writeFilters(changeFilters(paged, { q: 'fan' })).has('cursor')).toBe(false);
  });

  it('keeps the page asked for', () => {
    expect(changeFilters(read('page=4'), { page: 5 }).page).toBe(5);
  });
});

describe('the cursor', () => {
  it('round-trips through the address and goes to the API instead of a page number', () => {
    const f = read('sort=due&cursor=abc_-123');
    expect(writeFilters(f).toString()).toBe('sort=due&cursor=abc_-123');
    const query = toListQuery(f, 'all');
    expect(query.cursor).toBe('abc_-123');
    expect(query.page).toBeUndefined();
  });

  it('ignores a cursor a hand-edited link mangled', () => {
    expect(read('cursor=not%20a%20cursor').cursor).toBeUndefined();
    expect(read(`cursor=${'a'.repeat(401)}`).cursor).toBeUndefined();
  });
});

describe('toListQuery', () => {
  it('sends no assignee for "all" and the chosen one otherwise', () => {
    expect(toListQuery(read('status=open'), 'all')).toEqual({
      q: undefined,
      status: 'open',
      severity: undefined,
      type: undefined,
      assignee: undefined,
      overdue: undefined,
      sort: 'newest',
      page: 1,
      pageSize: PAGE_SIZE,
    });
    expect(toListQuery(read('overdue=true&q=CMP100001'), 'me')).toMatchObject({ assignee: 'me', overdue: 'true', q: 'CMP100001' });
  });
});

describe('hasNarrowing', () => {
  it('is false only for the plain default view', () => {
    expect(hasNarrowing(read(''))).toBe(false);
    expect(hasNarrowing(read('page=3'))).toBe(false);
    expect(hasNarrowing(read('assignee=all'))).toBe(true);
    expect(hasNarrowing(read('sort=due'))).toBe(true);
  });
});

describe('pageCount', () => {
  it('always has at least one page', () => {
    expect(pageCount(0, PAGE_SIZE)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('describeChange', () => {
  it('says up or down with the size of the change', () => {
    expect(describeChange(12.5, 'en')).toEqual({ direction: 'up', percent: '12.5%' });
    expect(describeChange(-40, 'en')).toEqual({ direction: 'down', percent: '40%' });
    expect(describeChange(0, 'en')).toEqual({ direction: 'same', percent: '0%' });
  });

  it('has nothing to say without earlier data', () => {
    expect(describeChange(null, 'en')).toBeNull();
  });

  it('writes the number in the reader\'s digits', () => {
    expect(describeChange(250, 'hi-IN-u-nu-deva')?.percent).toMatch(/२५०/);
  });
});
