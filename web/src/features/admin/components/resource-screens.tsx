import Button from '@douyinfe/semi-ui/lib/es/button';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { invalidateAdmin, queryKeys } from '@/api/query-keys.ts';
import { Alert } from '@/components/alert.tsx';
import { DataList } from '@/components/data-list.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { toastSuccess } from '@/lib/notify.ts';
import { toastError } from '@/lib/notify.ts';
import type { AnyResource, ConsoleUser, FieldDecl } from '../resource.ts';
import { ConsolePage } from './console-page.tsx';
import { ListFilters } from './list-filters.tsx';
import { ResourceActions } from './resource-actions.tsx';
import { DeclaredForm } from './resource-form.tsx';

export const NOT_ALLOWED = 'この画面を表示する権限がありません。';

export function Refused({ title }: { title: string }) {
  return (
    <ConsolePage headingId="admin-refused-heading" title={title}>
      <Alert>{NOT_ALLOWED}</Alert>
    </ConsolePage>
  );
}

const base = (resource: AnyResource) => `/admin/${resource.key}`;

/** A declared resource's list: filters, DataList (table or cards, URL paging), add and export. */
export function ResourceList({ resource, user }: { resource: AnyResource; user: ConsoleUser }) {
  const [params] = useSearchParams();
  const query = useQuery({
    queryKey: queryKeys.admin.list(resource.key, Object.fromEntries(params)),
    queryFn: () => resource.list.fetch(params),
    placeholderData: keepPreviousData,
    enabled: user.can(resource.view),
  });
  if (!user.can(resource.view)) return <Refused title={resource.label} />;
  const { list } = resource;
  const rowId = list.rowId ?? (resource.detail ? list.rowKey : undefined);
  return (
    <ConsolePage headingId={`admin-${resource.key}-heading`} title={resource.label}>
      <p className="admin-description">{resource.description}</p>
      <div className="admin-toolbar">
        {resource.create && user.can(resource.create.permission) ? (
          <Link className="admin-button" to={`${base(resource)}/new`}>
            {resource.create.title}
          </Link>
        ) : null}
        {(list.links ?? [])
          .filter((link) => user.can(link.permission))
          .map((link) => (
            <Link key={link.to} className="admin-button admin-button--secondary" to={link.to}>
              {link.label}
            </Link>
          ))}
        {list.exportCsv ? (
          <Button
            size="large"
            onClick={() => {
              list.exportCsv!(params).catch(toastError);
            }}
          >
            CSV 出力
          </Button>
        ) : null}
      </div>
      {list.filters ? (
        // Keyed by the URL's filters, so a link that sets one (a name in アクセス記録) shows in the inputs.
        <ListFilters key={filterKey(list.filters, params)} filters={list.filters} label={list.label} />
      ) : null}
      {list.summary && query.data ? list.summary(query.data) : null}
      <DataList
        query={query}
        label={list.label}
        empty={list.empty}
        columns={list.columns}
        card={list.card}
        rowKey={list.rowKey}
        rowHref={rowId ? (row) => `${base(resource)}/${rowId(row)}` : undefined}
        testId={`admin-${resource.key}-row`}
      />
    </ConsolePage>
  );
}

const filterKey = (filters: readonly FieldDecl[], params: URLSearchParams) =>
  filters.map((f) => params.get(f.name) ?? '').join('\u0000');

/** A record: its declared lines and sections, the edit link and the actions the user may take. */
export function ResourceDetail({
  resource,
  id,
  user,
}: {
  resource: AnyResource;
  id: number;
  user: ConsoleUser;
}) {
  const detail = resource.detail!;
  const query = useQuery({
    queryKey: queryKeys.admin.detail(resource.key, id),
    queryFn: () => detail.fetch(id),
    enabled: user.can(resource.view),
  });
  if (!user.can(resource.view)) return <Refused title={resource.label} />;
  return (
    <ConsolePage
      headingId={`admin-${resource.key}-detail-heading`}
      title={query.data ? detail.title(query.data) : resource.label}
      trail={[{ label: resource.label, to: base(resource) }]}
    >
      <Link className="admin-back" to={base(resource)}>
        {resource.label}の一覧へ戻る
      </Link>
      <QueryState query={query}>
        {(data) => (
          <>
            <dl className="admin-lines">
              {detail.lines.map((line) => (
                <div key={line.label} className="admin-lines__row">
                  <dt>{line.label}</dt>
                  <dd>{line.value(data) ?? '―'}</dd>
                </div>
              ))}
            </dl>
            {resource.edit && user.can(resource.edit.permission) ? (
              <Link className="admin-button" to={`${base(resource)}/${id}/edit`}>
                {resource.edit.title}
              </Link>
            ) : null}
            {detail.sections?.(data, user)}
            {detail.actions ? <ResourceActions detail={data} actions={detail.actions} user={user} /> : null}
          </>
        )}
      </QueryState>
    </ConsolePage>
  );
}

/** The create form (no id) or the edit form of a record, from the declaration. */
export function ResourceFormScreen({
  resource,
  id,
  user,
}: {
  resource: AnyResource;
  id?: number;
  user: ConsoleUser;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const decl = id === undefined ? resource.create : resource.edit;
  const query = useQuery({
    queryKey: queryKeys.admin.detail(resource.key, id ?? 0),
    queryFn: () => resource.detail!.fetch(id!),
    enabled:
      id !== undefined && resource.detail !== undefined && decl !== undefined && user.can(decl.permission),
  });
  if (!decl || !user.can(decl.permission)) return <Refused title={resource.label} />;
  const form = (detail: unknown) => (
    <DeclaredForm
      label={decl.title}
      fields={decl.fields}
      initial={decl.initial(detail)}
      context={detail}
      user={user}
      submitText={decl.submitText ?? '保存'}
      preview={decl.preview}
      onCancel={() => navigate(id === undefined ? base(resource) : `${base(resource)}/${id}`)}
      onSubmit={async (body) => {
        const saved = await decl.submit(body, detail);
        await invalidateAdmin(queryClient);
        toastSuccess('保存しました。');
        navigate(resource.detail ? `${base(resource)}/${saved}` : base(resource));
      }}
    />
  );
  return (
    <ConsolePage
      headingId={`admin-${resource.key}-form-heading`}
      title={decl.title}
      trail={[
        { label: resource.label, to: base(resource) },
        ...(id !== undefined && query.data
          ? [{ label: resource.detail!.title(query.data), to: `${base(resource)}/${id}` }]
          : []),
      ]}
    >
      {id === undefined ? form(undefined) : <QueryState query={query}>{(detail) => form(detail)}</QueryState>}
    </ConsolePage>
  );
}
