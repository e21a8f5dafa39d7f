import type { TPushDevice, TPushDeviceRequest } from '@portal/shared/contracts/devices';
import type { RequestContext } from '../../context.ts';
import { PermissionDenied } from '../../errors.ts';
import { findDeviceByToken, upsertDevice } from './devices.repository.ts';

/**
 * Registers a push token for the caller. A token is one browser: if another account registered it
 * before (someone else signed in on this machine), it now belongs to the caller. `created` tells the
 * route whether the caller gained a device (201) or re-sent one they already had (200).
 */
export async function registerDevice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TPushDeviceRequest;
}): Promise<{ created: boolean; device: TPushDevice }> {
  if (input.user !== undefined && input.user !== ctx.user.id) throw new PermissionDenied();
  return ctx.db.transaction(async (tx) => {
    const existing = await findDeviceByToken(tx, input.token);
    const row = await upsertDevice(tx, {
      token: input.token,
      description: input.description,
      userId: ctx.user.id,
    });
    return {
      created: existing?.userId !== ctx.user.id,
      device: { id: row.id, token: row.token, description: row.description, user: row.userId },
    };
  });
}
