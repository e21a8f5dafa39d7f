import { ZChoice } from '@portal/shared/contracts/choices';
import { zPage } from '@portal/shared/contracts/pagination';
import {
  ZNode,
  ZNodeChoiceQuery,
  ZNodeListQuery,
  ZWorkflow,
  ZWorkflowListQuery,
  ZWorkflowSummary,
} from '@portal/shared/contracts/workflows';
import { z } from 'zod';
import { workflow } from '@portal/shared/endpoints/workflow';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import * as service from './workflow.service.ts';

// The writes hand the body to the service as sent: it parses it after its checks.
export const workflowModule = moduleOf('workflow', workflow, (deps) => {
  const on = endpointRouter(deps);
  route(
    on,
    workflow.list,
    { query: ZWorkflowListQuery, answer: zPage(ZWorkflowSummary) },
    async ({ ctx, query, req }) => {
      const page = await service.listWorkflows({ ctx, input: query });
      return pageEnvelope(req, { number: query.page, filters: { query: query.query }, ...page });
    },
  );
  route(on, workflow.create, { status: 201, answer: ZWorkflow }, ({ ctx, body }) =>
    service.createWorkflow({ ctx, input: body }),
  );
  route(on, workflow.get, { answer: ZWorkflow }, ({ ctx, params }) =>
    service.getWorkflow({ ctx, input: params }),
  );
  route(on, workflow.replace, { answer: ZWorkflow }, ({ ctx, params, body }) =>
    service.replaceWorkflow({ ctx, input: { id: params.id, body } }),
  );
  route(on, workflow.patch, { answer: ZWorkflow }, ({ ctx, params, body }) =>
    service.patchWorkflow({ ctx, input: { id: params.id, body } }),
  );
  route(on, workflow.delete, { status: 204 }, ({ ctx, params }) =>
    service.deleteWorkflow({ ctx, input: params }),
  );
  route(on, workflow.workflowNodes, { answer: z.array(ZNode) }, ({ ctx, params }) =>
    service.listWorkflowNodes({ ctx, input: params }),
  );
  route(
    on,
    workflow.listNodes,
    { query: ZNodeListQuery, answer: zPage(ZNode) },
    async ({ ctx, query, req }) => {
      const page = await service.listNodes({ ctx, input: query });
      const filters = { workflow: query.workflow === undefined ? undefined : String(query.workflow) };
      return pageEnvelope(req, { number: query.page, filters, ...page });
    },
  );
  route(on, workflow.createNode, { status: 201, answer: ZNode }, ({ ctx, body }) =>
    service.createNode({ ctx, input: body }),
  );
  // Before /workflow/nodes/:id, so "choice" is never taken for an id.
  route(on, workflow.nodeChoices, { query: ZNodeChoiceQuery, answer: z.array(ZChoice) }, ({ ctx, query }) =>
    service.nodeChoices({ ctx, input: query }),
  );
  route(on, workflow.getNode, { answer: ZNode }, ({ ctx, params }) =>
    service.getNode({ ctx, input: params }),
  );
  route(on, workflow.replaceNode, { answer: ZNode }, ({ ctx, params, body }) =>
    service.replaceNode({ ctx, input: { id: params.id, body } }),
  );
  route(on, workflow.deleteNode, { status: 204 }, ({ ctx, params }) =>
    service.deleteNode({ ctx, input: params }),
  );
  route(on, workflow.formChoices, { answer: z.array(ZChoice) }, ({ ctx }) => service.formChoices({ ctx }));
  return on.router;
});
