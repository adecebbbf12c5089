/**
 * The staff roles' permissions (issue 31 item 2, decision 034): what the owner, the counter
 * and the workshop may do, read through Better Auth's `role.authorize`, and how the roles are
 * read from `user.role`.
 */
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_STATEMENTS, roleMay, rolesThatMay } from './access-control.server';
import { accountRoleOf, isStaffRole } from './account-roles';

describe('the staff roles', () => {
  it('give the owner every action of every resource, the admin plugin’s own included', () => {
    for (const [resource, actions] of Object.entries(STAFF_STATEMENTS)) {
      for (const action of actions) {
        // Better Auth's own administrator role (adminAc) never impersonates another admin.
        const expected = action !== 'impersonate-admins';
        expect(roleMay('admin', { [resource]: [action] }), `${resource} ${action}`).toBe(expected);
      }
    }
  });

  it('give a shopper nothing', () => {
    for (const [resource, actions] of Object.entries(STAFF_STATEMENTS)) {
      for (const action of actions) {
        expect(roleMay('user', { [resource]: [action] }), `${resource} ${action}`).toBe(false);
      }
    }
  });

  it.each([
    // [resource, action, roles that may]
    ['dashboard', 'read', 'admin counter'],
    ['catalogue', 'read', 'admin'],
    ['catalogue', 'edit', 'admin'],
    ['media', 'edit', 'admin'],
    ['orders', 'read', 'admin counter'],
    ['orders', 'create', 'admin counter'],
    ['orders', 'edit', 'admin counter'],
    ['payments', 'read', 'admin counter'],
    ['payments', 'record', 'admin counter'],
    ['refunds', 'create', 'admin counter'],
    ['refunds', 'over-limit', 'admin'],
    ['invoices', 'read', 'admin counter'],
    ['invoices', 'send', 'admin counter'],
    ['invoices', 'export', 'admin'],
    ['customers', 'read', 'admin counter'],
    ['customers', 'edit', 'admin counter'],
    ['customers', 'merge', 'admin counter'],
    ['customers', 'ban', 'admin'],
    ['appointments', 'read', 'admin counter'],
    ['appointments', 'book', 'admin counter'],
    ['appointments', 'setup', 'admin'],
    ['measurements', 'read', 'admin counter'],
    ['measurements', 'record', 'admin counter'],
    ['messages', 'read', 'admin counter'],
    ['messages', 'edit', 'admin counter'],
    ['settings', 'read', 'admin'],
    ['settings', 'edit', 'admin'],
    ['audit', 'read', 'admin'],
    ['staff', 'set-role', 'admin'],
    ['user', 'set-role', 'admin'],
    ['session', 'revoke', 'admin'],
    ['ticket', 'read-own', 'admin counter workshop'],
    ['ticket', 'read-all', 'admin counter'],
    ['ticket', 'move', 'admin counter workshop'],
    ['ticket', 'assign', 'admin counter'],
    ['workshop-board', 'read', 'admin counter workshop'],
    ['wages', 'read', 'admin'],
    ['wages', 'edit', 'admin'],
    ['wages-own', 'read', 'admin workshop'],
  ] as const)('%s: %s is for %s', (resource, action, roles) => {
    expect(rolesThatMay({ [resource]: [action] }).join(' ')).toBe(roles);
  });

  it('ask for every action named: one missing refuses the whole request', () => {
    expect(roleMay('counter', { orders: ['read', 'edit'] })).toBe(true);
    expect(roleMay('counter', { orders: ['read'], settings: ['read'] })).toBe(false);
    expect(ROLE_PERMISSIONS.workshop.authorize({ ticket: ['move'] }).success).toBe(true);
    expect(ROLE_PERMISSIONS.workshop.authorize({ payments: ['read'] }).success).toBe(false);
  });

  it('read an unknown or missing stored role as a shopper', () => {
    expect(accountRoleOf('admin')).toBe('admin');
    expect(accountRoleOf('workshop')).toBe('workshop');
    expect(accountRoleOf('superuser')).toBe('user');
    expect(accountRoleOf(null)).toBe('user');
    expect(isStaffRole('counter')).toBe(true);
    expect(isStaffRole('user')).toBe(false);
  });
});
