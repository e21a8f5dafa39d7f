import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate, useParams } from 'react-router-dom';
import { SUCCESS } from '@portal/shared/messages';
import { ConfirmDelete } from '@/components/confirm-delete.tsx';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useDeleteProxy } from '../api/delete-proxy.ts';
import { useProxy } from '../api/get-proxy.ts';
import { useUpdateProxy } from '../api/update-proxy.ts';
import { ProxyForm } from '../components/proxy-form.tsx';
import { ProxyStatusTag } from '../components/proxy-status-tag.tsx';
import { proxyStatus } from '../lib/status.ts';
import '../components/proxies.css';

/** One approval proxy: its principal sees and edits it and may delete it; the proxy only sees it. */
export default function ProxyDetailRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const proxy = useProxy(valid ? id : 0);
  const update = useUpdateProxy();
  const remove = useDeleteProxy();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (!valid) return <NotFound />;
  const data = proxy.data;
  const readOnly = data?.is_mine_as_proxy ?? true;

  return (
    <Page headingId="proxy-detail-heading">
      <QueryState query={proxy} />
      {data ? (
        <>
          <p data-testid="proxy-header">
            承認者（本人）：{data.principal_name}{' '}
            <ProxyStatusTag status={proxyStatus(data, dayjs().format('YYYY-MM-DD'))} />
          </p>
          <ProxyForm
            key={data.id}
            initial={data}
            readOnly={readOnly}
            submitText="保存"
            onSubmit={async (body) => {
              await update.mutateAsync({ id, body });
              toastSuccess(SUCCESS.saved);
            }}
          >
            {!readOnly ? (
              <Button type="danger" onClick={() => setConfirming(true)}>
                削除
              </Button>
            ) : null}
            <Button onClick={() => navigate(PATHS.proxies)}>一覧へ戻る</Button>
          </ProxyForm>
          <ConfirmDelete
            target={confirming ? id : null}
            title="承認代理の削除"
            remove={(proxyId) => remove.mutateAsync(proxyId)}
            onClose={() => setConfirming(false)}
            onDeleted={() => navigate(PATHS.proxies)}
          />
        </>
      ) : null}
    </Page>
  );
}
