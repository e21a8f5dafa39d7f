import { useMemo } from 'react';
import { hasPerm, type Permission } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import type { ConsoleUser } from '../resource.ts';

/** The signed-in user as the console sees them; null while the shell has not loaded them. */
export function useConsoleUser(): (ConsoleUser & { isStaff: boolean }) | null {
  const user = useSessionStore((state) => state.user);
  return useMemo(() => {
    if (!user) return null;
    const holder = { is_superuser: user.me.is_superuser, perms: user.perms };
    return {
      isStaff: user.me.is_staff || user.me.is_superuser,
      isSuperuser: user.me.is_superuser,
      can: (perm: Permission) => hasPerm(holder, perm),
    };
  }, [user]);
}
