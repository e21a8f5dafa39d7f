import { Link } from 'react-router-dom';
import type { TApplicableWorkflow } from '@portal/shared/contracts/tasks';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useWorkflows } from '../api/get-workflows.ts';
import { createTaskPath } from '../lib/paths.ts';
import '../components/tasks.css';

const UNCATEGORISED = 'その他';
const NO_PROCEDURES = '申請できる手続きがありません。';

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
  const workflows = useWorkflows();
  return (
    <Page headingId="procedures-heading" className="procedures">
      <QueryState query={workflows} empty={NO_PROCEDURES} isEmpty={(list) => list.length === 0}>
        {(list) =>
          byCategory(list).map(([category, items]) => (
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
          ))
        }
      </QueryState>
    </Page>
  );
}
