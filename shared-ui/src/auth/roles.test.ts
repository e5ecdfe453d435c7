// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { me } from '../test/authFixtures';
import { AREAS, consoleDestination, firstRole, ROLE_LABELS, safeReturnTo, signInPath, staffDestination } from './roles';

describe('staffDestination (/login)', () => {
  it.each([
    [['admin'], '/admin/dashboard'],
    [['franchise'], '/franchise/dashboard'],
    [['klusser'], '/klusser/dashboard'],
    [['klusser', 'franchise'], '/franchise/dashboard'],
    [['franchise', 'admin'], '/admin/dashboard'],
    [[], null],
  ])('roles %j go to %s', (roles, destination) => {
    expect(staffDestination(me('authenticated', { roles }))).toBe(destination);
  });
});

describe('consoleDestination (/admin/auth)', () => {
  it('sends admin and franchise to their dashboards and nobody else', () => {
    expect(consoleDestination(me('admin'))).toBe('/admin/dashboard');
    expect(consoleDestination(me('franchise'))).toBe('/franchise/dashboard');
    expect(consoleDestination(me('klusser'))).toBeNull();
  });
});

describe('firstRole', () => {
  it('takes the primary role, else the first known one; admin is shown as Administrator', () => {
    expect(firstRole(me('admin'))).toBe('admin');
    expect(ROLE_LABELS.admin).toBe('Administrator');
    expect(firstRole(me('authenticated', { roles: ['iets', 'klusser'] }))).toBe('klusser');
    expect(firstRole(me('authenticated'))).toBeNull();
  });
});

describe('safeReturnTo', () => {
  const areas = [AREAS.admin, AREAS.franchise];
  it('follows paths of an area the user may enter', () => {
    expect(safeReturnTo('/admin/klussen?status=open', me('admin'), areas)).toBe('/admin/klussen?status=open');
    expect(safeReturnTo('/franchise/dashboard', me('franchise'), areas)).toBe('/franchise/dashboard');
  });
  it.each([
    ['https://evil.example/admin/x'],
    ['//evil.example/admin/x'],
    ['/\\evil.example'],
    ['/admin/auth?refresh=true'],
    ['/admin/no-access'],
    ['/administratie'],
    ['/klusser/dashboard'],
  ])('ignores %s', (value) => {
    expect(safeReturnTo(value, me('admin'), areas)).toBeNull();
  });
  it('ignores an area the role may not enter', () => {
    expect(safeReturnTo('/franchise/dashboard', me('admin'), areas)).toBeNull();
  });
});

describe('signInPath', () => {
  it('builds the console sign-in path with its query', () => {
    expect(signInPath()).toBe('/admin/auth');
    expect(signInPath({ returnTo: '/admin/x?a=1' })).toBe('/admin/auth?return_to=%2Fadmin%2Fx%3Fa%3D1');
    expect(signInPath({ secondFactor: true, returnTo: '/admin' })).toBe('/admin/auth?aal=aal2&return_to=%2Fadmin');
    expect(signInPath({ refresh: true, returnTo: '/admin/security' })).toBe(
      '/admin/auth?refresh=true&return_to=%2Fadmin%2Fsecurity',
    );
    expect(signInPath({ base: '/auth', secondFactor: true })).toBe('/auth?aal=aal2');
  });
});
