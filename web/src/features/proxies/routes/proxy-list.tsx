import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate } from 'react-router-dom';
import type { TProxy } from '@portal/shared/contracts/proxies';
import { Page } from '@/components/page.tsx';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { useProxies } from '../api/get-proxies.ts';
import { ProxyStatusTag } from '../components/proxy-status-tag.tsx';
import { proxyStatus } from '../lib/status.ts';
import '../components/proxies.css';

export const EMPTY_PROXIES = '承認代理はありません。';

const detailPath = (proxy: TProxy) => `${PATHS.proxies}/${proxy.id}`;
const period = (proxy: TProxy) => `${proxy.start_date} 〜 ${proxy.end_date}`;

function columns(today: string): DataColumn<TProxy>[] {
  return [
    {
      title: '承認者（本人）',
      cell: (proxy) => proxy.principal_name,
    },
    { title: '代理承認者', cell: (proxy) => proxy.proxy_name },
    { title: '期間', cell: period },
    { title: '状態', cell: (proxy) => <ProxyStatusTag status={proxyStatus(proxy, today)} />, width: 100 },
  ];
}

/** My approval proxies (spec §2.1 /proxies): where I am the principal and where I stand in. */
export default function ProxyListRoute() {
  const [page] = usePageParam();
  const proxies = useProxies(page);
  const navigate = useNavigate();
  const today = dayjs().format('YYYY-MM-DD');

  return (
    <Page headingId="proxy-list-heading">
      <div className="proxy-toolbar">
        <Button theme="solid" type="primary" onClick={() => navigate(`${PATHS.proxies}/add`)}>
          新規追加
        </Button>
      </div>
      <DataList
        query={proxies}
        label="承認代理一覧"
        empty={EMPTY_PROXIES}
        columns={columns(today)}
        card={(proxy) => ({
          title: `${proxy.principal_name} → ${proxy.proxy_name}`,
          badge: <ProxyStatusTag status={proxyStatus(proxy, today)} />,
          meta: [period(proxy)],
        })}
        rowKey={(proxy) => proxy.id}
        rowHref={detailPath}
        testId="proxy-row"
      />
    </Page>
  );
}
