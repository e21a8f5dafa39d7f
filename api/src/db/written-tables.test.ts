import { describe, expect, it } from 'vitest';
import { joinWritten, writtenTables } from './written-tables.ts';

describe('writtenTables', () => {
  it('finds nothing written by a read, however it locks', () => {
    expect(writtenTables('select "id" from "users" where "users"."id" = $1')).toBeNull();
    expect(writtenTables('select id from tasks where id = $1 for update')).toBeNull();
    expect(writtenTables('select id from tasks for no key update of tasks skip locked')).toBeNull();
    expect(writtenTables('with chain as (select 1) select * from chain')).toBeNull();
    expect(writtenTables('begin')).toBeNull();
    expect(writtenTables('commit')).toBeNull();
    expect(
      writtenTables("select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)"),
    ).toBeNull();
  });

  it('names the tables drizzle and hand-written SQL insert into and update', () => {
    expect(writtenTables('insert into "auth_sessions" ("id") values (default) returning "id"')).toEqual([
      'auth_sessions',
    ]);
    expect(writtenTables('update "users" set "is_active" = $1 where "users"."id" = $2')).toEqual(['users']);
    expect(writtenTables('UPDATE public.users AS u SET is_active = false')).toEqual(['users']);
    expect(writtenTables('update only "tasks" set "status" = $1')).toEqual(['tasks']);
    expect(
      writtenTables(
        'with event as (insert into "task_events" (task_id) values ($1) returning id), bell as (insert into notifications (x) select id from event) select 1',
      ),
    ).toEqual(['task_events', 'notifications']);
    expect(writtenTables('copy "employees" ("id", "code") from stdin')).toEqual(['employees']);
    expect(writtenTables('/* a note */ -- and another\n insert into "tasks" default values')).toEqual([
      'tasks',
    ]);
  });

  it('leaves out an update of columns no cache reads, and only such an update', () => {
    expect(writtenTables('update "users" set "last_login" = now() where "users"."id" = $1')).toBeNull();
    expect(writtenTables('update "users" set "last_login" = now()')).toBeNull();
    expect(
      writtenTables('update "users" set "last_login" = now(), "is_active" = $1 where "id" = $2'),
    ).toEqual(['users']);
    expect(
      writtenTables('update users set last_login = (select case when a = b then now() end) where id = $1'),
    ).toEqual(['users']);
    expect(writtenTables('update "employees" set "last_login" = now()')).toEqual(['employees']);
  });

  it('adds what a table’s triggers write', () => {
    expect(writtenTables('insert into "task_nodes" ("task_id") values ($1)')).toEqual([
      'task_nodes',
      'task_awaiting',
    ]);
    expect(writtenTables('update "task_node_approvers" set "user_id" = $1')).toEqual([
      'task_node_approvers',
      'task_awaiting',
    ]);
  });

  it('takes every table as changed by what it cannot follow: deletes (cascades), DDL, several statements', () => {
    expect(writtenTables('delete from "attendance_drafts" where "id" = $1')).toBe('all');
    expect(writtenTables('with gone as (delete from "users" returning id) select count(*) from gone')).toBe(
      'all',
    );
    expect(writtenTables('truncate table "employees" cascade')).toBe('all');
    expect(writtenTables('alter table "users" add column "x" text')).toBe('all');
    expect(writtenTables('do $$ begin perform 1; end $$')).toBe('all');
    expect(writtenTables('select 1; update "users" set "x" = 1')).toBe('all');
    expect(writtenTables('copy (select 1) to stdout')).toBe('all');
  });

  it('joins a transaction’s statements', () => {
    expect(joinWritten(null, ['a'])).toEqual(['a']);
    expect(joinWritten(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(joinWritten(['a'], 'all')).toBe('all');
    expect(joinWritten(null, null)).toBeNull();
  });
});
