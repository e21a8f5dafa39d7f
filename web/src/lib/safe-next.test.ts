import { describe, expect, it } from 'vitest';
import { loginUrl, safeNext } from './safe-next.ts';

describe('safeNext', () => {
  it.each([
    ['/task/tasks/approval?page=2', '/task/tasks/approval?page=2'],
    ['/home', '/home'],
    ['/employee/attendance/3#top', '/employee/attendance/3#top'],
  ])('keeps the local path %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    ['//evil.example/steal'],
    ['//evil'],
    ['https://evil.example'],
    ['http://evil.example/home'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
    ['home'],
    [''],
    [null],
    [undefined],
    ['/login?next=/home'],
    ['/login-native'],
  ])('replaces %s with /home', (next) => {
    expect(safeNext(next)).toBe('/home');
  });

  it('builds the sign-in URL with the intended path, query included', () => {
    expect(loginUrl('/task/tasks/approval?page=2')).toBe('/login?next=%2Ftask%2Ftasks%2Fapproval%3Fpage%3D2');
  });
});
