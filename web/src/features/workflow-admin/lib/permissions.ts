import { hasPerm, PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';

/** What the signed-in user may do on the workflow administration screens (spec §6). */
export function useWorkflowPerms() {
  const user = useSessionStore((state) => state.user);
  const holder = { is_superuser: user?.me.is_superuser ?? false, perms: user?.perms ?? [] };
  return {
    viewWorkflow: hasPerm(holder, PERM.viewWorkflow),
    addWorkflow: hasPerm(holder, PERM.addWorkflow),
    changeWorkflow: hasPerm(holder, PERM.changeWorkflow),
    deleteWorkflow: hasPerm(holder, PERM.deleteWorkflow),
    viewNode: hasPerm(holder, PERM.viewNode),
    addNode: hasPerm(holder, PERM.addNode),
    changeNode: hasPerm(holder, PERM.changeNode),
    deleteNode: hasPerm(holder, PERM.deleteNode),
  };
}
