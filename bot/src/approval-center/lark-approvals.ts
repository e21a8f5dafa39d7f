// The Approval Center's Open API calls through the SDK (lark.md "Beyond cards"): a definition's
// upsert, an instance's sync, and the check of what Lark holds. Refusals become LarkErrors.
import type * as lark from '@larksuiteoapi/node-sdk';
import { callLark, LarkError } from '../lark/errors.ts';
import type { definitionBody } from './definition.ts';
import type { LarkInstance } from './instance.ts';

export interface LarkApprovals {
  /** Creates or updates a definition; resolves Lark's approval_code. */
  upsertDefinition(body: ReturnType<typeof definitionBody>): Promise<string>;
  syncInstance(instance: LarkInstance): Promise<void>;
  /** Of the instances given (id and last change), those Lark lacks or holds older. */
  check(instances: readonly { instance_id: string; update_time: string }[]): Promise<string[]>;
}

export function createLarkApprovals(client: lark.Client): LarkApprovals {
  return {
    async upsertDefinition(body) {
      const res = await callLark(() => client.approval.externalApproval.create({ data: body }));
      const code = res.data?.approval_code;
      if (!code) throw new LarkError(null, 200, 'no approval_code in the answer');
      return code;
    },
    async syncInstance(instance) {
      await callLark(() => client.approval.externalInstance.create({ data: instance }));
    },
    async check(instances) {
      const res = await callLark(() =>
        client.approval.externalInstance.check({
          data: { instances: instances.map((i) => ({ ...i, tasks: [] })) },
        }),
      );
      return (res.data?.diff_instances ?? []).map((d) => d.instance_id);
    },
  };
}
