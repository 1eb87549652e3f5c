import { describe, expect, it } from 'vitest';
import { accountKindOf, chooseRouteSet, rolesFor, SET_HOME } from './session';

describe('chooseRouteSet (spec §4)', () => {
  it.each([
    [{ is_news: 1, com_id: 0, is_admin: 0 }, 'C'],
    [{ is_news: 1, com_id: 7, is_admin: 0 }, 'D'],
    [{ is_news: 0, com_id: 0, is_admin: 1 }, 'B'],
    [{ is_news: 0, com_id: 0, is_admin: 0 }, 'A'],
    [{ is_news: 0, com_id: 5, is_admin: 0 }, 'A'],
    // is_news wins over is_admin: a news-enabled account is an enterprise-service account.
    [{ is_news: 1, com_id: 0, is_admin: 1 }, 'C'],
  ] as const)('%j → %s', (user, set) => {
    expect(chooseRouteSet(user)).toBe(set);
  });

  it('uses explicit roles when given: role 1 → B, role 0 → A', () => {
    expect(chooseRouteSet({ is_news: 0, com_id: 0, is_admin: 0, roles: ['1'] })).toBe('B');
    expect(chooseRouteSet({ is_news: 0, com_id: 0, is_admin: 1, roles: ['0'] })).toBe('A');
  });

  it('derives roles from is_admin', () => {
    expect(rolesFor(1)).toEqual(['1']);
    expect(rolesFor(0)).toEqual(['0']);
  });

  it('lands each set on its home page (DOMAIN §1)', () => {
    expect(SET_HOME).toEqual({ A: '/home', B: '/user', C: '/work', D: '/work' });
  });
});

describe('accountKindOf', () => {
  it.each([
    [{ is_news: 0, com_id: 0, is_admin: 1, type: '0' }, 'admin'],
    [{ is_news: 0, com_id: 0, is_admin: 0, type: '0' }, 'company'],
    [{ is_news: 0, com_id: 0, is_admin: 0, type: '1' }, 'trial'],
    [{ is_news: 1, com_id: 0, is_admin: 0, type: '0' }, 'main'],
    [{ is_news: 1, com_id: 3, is_admin: 0, type: '0' }, 'staff'],
  ] as const)('%j → %s', (user, kind) => {
    expect(accountKindOf(user)).toBe(kind);
  });
});
