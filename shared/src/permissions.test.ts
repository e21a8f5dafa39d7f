import { describe, expect, it } from 'vitest';
import { hasPerm, PERM } from './permissions.ts';

describe('hasPerm', () => {
  const employee = { is_superuser: false, perms: [PERM.viewAttendanceOrgOnly] };

  it('passes when the user holds the permission', () => {
    expect(hasPerm(employee, PERM.viewAttendanceOrgOnly)).toBe(true);
  });

  it('passes when the user holds any one of a list', () => {
    expect(hasPerm(employee, [PERM.viewAttendance, PERM.viewAttendanceOrgOnly])).toBe(true);
  });

  it('fails when the user holds none of them', () => {
    expect(hasPerm(employee, [PERM.viewWorkflow, PERM.viewNode])).toBe(false);
  });

  it('gives a superuser every permission', () => {
    expect(hasPerm({ is_superuser: true, perms: [] }, PERM.deleteWorkflow)).toBe(true);
  });
});
