import { describe, expect, it } from 'vitest';
import { taskLink } from './task-links.ts';

describe('taskLink', () => {
  it('links the lists, a task in a list and an awaiting node', () => {
    expect(taskLink.list('approval-finished')).toBe('/task/tasks/approval-finished');
    expect(taskLink.task('observer', 7)).toBe('/task/tasks/observer/7');
    expect(taskLink.approval(7, 12)).toBe('/task/tasks/approval/7/nodes/12');
  });

  it.each([
    ['01', '/task/tasks/unresolved/7'],
    ['02', '/task/tasks/unresolved/7'],
    ['10', '/task/tasks/finished/7'],
    ['90', '/task/tasks/finished/7'],
    ['99', '/task/tasks/finished/7'],
  ])("links the applicant's task in status %s to %s", (status, path) => {
    expect(taskLink.mine(7, status)).toBe(path);
  });
});
