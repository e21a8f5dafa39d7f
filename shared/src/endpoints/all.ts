// Every endpoint of the API, by module: what the route table, the permission walk and the OpenAPI
// document read. The web and the bot import one area's file instead, so a page carries only its own.
import { account } from './account.ts';
import { admin } from './admin.ts';
import { assets } from './assets.ts';
import { attendance } from './attendance.ts';
import { auth } from './auth.ts';
import { banks } from './banks.ts';
import { bot } from './bot.ts';
import { calendar } from './calendar.ts';
import { company } from './company.ts';
import { devices } from './devices.ts';
import type { Endpoint } from './endpoint.ts';
import { health } from './health.ts';
import { notices } from './notices.ts';
import { notifications } from './notifications.ts';
import { openapi } from './openapi.ts';
import { organizations } from './organizations.ts';
import { proxies } from './proxies.ts';
import { queues } from './queues.ts';
import { records } from './records.ts';
import { slips } from './slips.ts';
import { tasks } from './tasks.ts';
import { vacations } from './vacations.ts';
import { workflow } from './workflow.ts';
import { employees } from './employees.ts';
import { home } from './home.ts';
import { manual } from './manual.ts';

/** Keyed by the API module that mounts them (`ApiModule.name`). */
export const endpoints = {
  auth,
  health,
  openapi,
  account,
  organizations,
  notifications,
  company,
  devices,
  tasks,
  workflow,
  proxies,
  vacations,
  slips,
  attendance,
  calendar,
  bot,
  banks,
  records,
  admin,
  queues,
  employees,
  home,
  notices,
  manual,
  assets,
} as const;

export interface DeclaredEndpoint {
  readonly module: string;
  readonly name: string;
  readonly endpoint: Endpoint;
}

/** The table as one list, in declaration order. */
export function listEndpoints(): DeclaredEndpoint[] {
  return Object.entries(endpoints).flatMap(([module, area]) =>
    Object.entries(area as Record<string, Endpoint>).map(([name, endpoint]) => ({ module, name, endpoint })),
  );
}
