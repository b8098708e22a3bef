// The campaign list page's address, read alike by the console and by the server that draws the page.
import { describe, expect, it } from 'vitest';
import { campaignListAnswerQuery, campaignListPageState } from './campaign-list';

const read = (query: string, isAdmin = false) => campaignListPageState(new URLSearchParams(query), isAdmin);

describe('campaignListPageState', () => {
  it('reads the view, page, search, status and order the address names', () => {
    expect(read('view=all&page=3&q=winter&status=live&sort=name&order=asc', true)).toEqual({
      view: 'all',
      page: 3,
      filter: { q: 'winter', status: 'live', sort: 'name', order: 'asc' },
    });
  });

  it('shows a user their own list whatever the address says; only an admin sees every campaign', () => {
    expect(read('view=all').view).toBe('mine');
    expect(read('view=all', true).view).toBe('all');
    expect(read('view=everything', true).view).toBe('mine');
  });

  it('leaves out what it does not know: a status, an order, a page that is no page number', () => {
    expect(read('status=bogus&sort=colour&order=sideways&q=')).toEqual({ view: 'mine', page: 1, filter: {} });
    for (const page of ['0', '-2', 'two', '']) expect(read(`page=${page}`).page, page).toBe(1);
    expect(read('page=2.7').page).toBe(2);
  });

  it("names a page's answer by its view, page and choices", () => {
    expect(campaignListAnswerQuery('mine', 2, { q: 'winter' })).toEqual({
      campaignList: 'mine',
      page: 2,
      q: 'winter',
    });
  });
});
