// The console's resources, in the order of its menu. A new master registers here.
import type { AnyResource, PageDecl } from '../resource.ts';
import { accessLogResource } from './access-log.tsx';
import { assetsResource, assetTypesResource, purchasesResource, softwareResource } from './assets.tsx';
import { auditResource } from './audit.tsx';
import { manualResource } from './manual.tsx';
import { mastersPage } from './masters.tsx';
import { noticesResource } from './notices.tsx';
import { organizationsResource } from './organizations.tsx';
import { peopleResource } from './people.tsx';
import { accessResource, groupsResource, permissionsResource } from './permissions.tsx';

export const RESOURCES: readonly AnyResource[] = [
  organizationsResource,
  peopleResource,
  noticesResource,
  groupsResource,
  accessResource,
  permissionsResource,
  assetTypesResource,
  assetsResource,
  softwareResource,
  purchasesResource,
  auditResource,
  manualResource,
  accessLogResource,
];

/** The console's screens that are not record lists, after the resources in the menu. */
export const PAGES: readonly PageDecl[] = [mastersPage];
