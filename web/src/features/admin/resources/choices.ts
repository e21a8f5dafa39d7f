// Choices the console's forms and filters share, each one query.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ORG_LEVELS } from '@portal/shared/codes';
import type { TAdminOrganization } from '@portal/shared/contracts/admin';
import { queryKeys } from '@/api/query-keys.ts';
import { adminApi } from '../api/admin-api.ts';
import type { Choice } from '../resource.ts';

export const levelLabel = (level: string) => ORG_LEVELS.find((l) => l.value === level)?.label ?? level;

/** Each organisation with its path from the top ('事業本部 > システム事業部 > 開発部'), in tree order. */
export function withPaths(orgs: readonly TAdminOrganization[]) {
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const pathOf = (org: TAdminOrganization): string[] => {
    const names = [org.name];
    let parent = org.parent_id === null ? undefined : byId.get(org.parent_id);
    for (let depth = 0; parent && depth < 20; depth++) {
      names.unshift(parent.name);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
    return names;
  };
  return orgs
    .map((o) => ({
      ...o,
      path: pathOf(o).join(' > '),
      parent_name: o.parent_id === null ? null : (byId.get(o.parent_id)?.name ?? null),
    }))
    .sort((a, b) => a.path.localeCompare(b.path, 'ja'));
}

export function useOrganizationChoices(): readonly Choice[] {
  const query = useQuery({
    queryKey: queryKeys.admin.choices('organizations'),
    queryFn: adminApi.organizations,
  });
  return useMemo(
    () =>
      withPaths(query.data ?? []).map((o) => ({
        value: String(o.id),
        label: `${o.path}（${levelLabel(o.level)}）`,
      })),
    [query.data],
  );
}

export function usePermissionChoices(): readonly Choice[] {
  const query = useQuery({ queryKey: queryKeys.admin.choices('permissions'), queryFn: adminApi.permissions });
  return useMemo(
    () => (query.data ?? []).map((p) => ({ value: p.codename, label: p.label, hint: p.codename })),
    [query.data],
  );
}

export function useGroupChoices(): readonly Choice[] {
  const query = useQuery({ queryKey: queryKeys.admin.choices('groups'), queryFn: adminApi.groups });
  return useMemo(() => (query.data ?? []).map((g) => ({ value: String(g.id), label: g.name })), [query.data]);
}

export const LEVEL_CHOICES: readonly Choice[] = ORG_LEVELS.map((l) => ({ value: l.value, label: l.label }));
