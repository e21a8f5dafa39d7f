import Spin from '@douyinfe/semi-ui/lib/es/spin';
import { Link } from 'react-router-dom';
import type { TApplicableWorkflow } from '@portal/shared/contracts/tasks';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { createTaskPath } from '../lib/paths.ts';
import '../components/tasks.css';

const UNCATEGORISED = 'その他';

/** Categories in the order they first appear; workflows keep the server's order. */
export function byCategory(workflows: readonly TApplicableWorkflow[]): [string, TApplicableWorkflow[]][] {
  const groups = new Map<string, TApplicableWorkflow[]>();
  for (const workflow of workflows) {
    const category = workflow.category.trim() || UNCATEGORISED;
    groups.set(category, [...(groups.get(category) ?? []), workflow]);
  }
  return [...groups.entries()];
}

/** /task/workflows: the procedures the user may apply for, as cards grouped by category. */
export default function ProcedureListRoute() {
  const title = usePageTitle();
  const workflows = useWorkflows();
  return (
    <section className="page procedures" aria-labelledby="procedures-heading">
      <h2 className="page__heading" id="procedures-heading">
        {title}
      </h2>
      {workflows.isPending ? (
        <div className="task-list__state" role="status" aria-label="読み込み中">
          <Spin />
        </div>
      ) : null}
      {workflows.isError ? <p role="alert">{errorMessages(workflows.error).join(' ')}</p> : null}
      {workflows.isSuccess && workflows.data.length === 0 ? (
        <p className="task-list__state">申請できる手続きがありません。</p>
      ) : null}
      {byCategory(workflows.data ?? []).map(([category, items]) => (
        <section key={category} className="procedures__group" aria-label={category}>
          <h3 className="procedures__category">{category}</h3>
          <ul className="procedures__cards">
            {items.map((workflow) => (
              <li key={workflow.id}>
                <Link
                  className="procedure-card"
                  to={createTaskPath(workflow.id)}
                  data-testid="procedure-card"
                >
                  <span className="procedure-card__name">{workflow.name}</span>
                  {workflow.description ? (
                    <span className="procedure-card__description">{workflow.description}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
