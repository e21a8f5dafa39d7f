import Button from '@douyinfe/semi-ui/lib/es/button';
import Pagination from '@douyinfe/semi-ui/lib/es/pagination';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import Table from '@douyinfe/semi-ui/lib/es/table';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TProxy } from '@portal/shared/contracts/proxies';
import { PAGE_SIZE } from '@portal/shared/limits';
import { PATHS } from '@/config/paths.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { useProxies } from '../api/get-proxies.ts';
import { ProxyStatusTag } from '../components/proxy-status-tag.tsx';
import { proxyStatus } from '../lib/status.ts';
import '../components/proxies.css';

export const EMPTY_PROXIES = '承認代理はありません。';

const detailPath = (proxy: TProxy) => `${PATHS.proxies}/${proxy.id}`;
const period = (proxy: TProxy) => `${proxy.start_date} 〜 ${proxy.end_date}`;

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function columns(today: string): ColumnProps<TProxy>[] {
  return [
    {
      title: '承認者（本人）',
      dataIndex: 'principal_name',
      render: (_t, proxy) => <Link to={detailPath(proxy)}>{proxy.principal_name}</Link>,
    },
    { title: '代理承認者', dataIndex: 'proxy_name' },
    { title: '期間', dataIndex: 'start_date', render: (_t, proxy) => period(proxy) },
    {
      title: '状態',
      dataIndex: 'is_active',
      width: 100,
      render: (_t, proxy) => <ProxyStatusTag status={proxyStatus(proxy, today)} />,
    },
  ];
}

/** My approval proxies (spec §2.1 /proxies): where I am the principal and where I stand in. */
export default function ProxyListRoute() {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const proxies = useProxies(page);
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const today = dayjs().format('YYYY-MM-DD');
  const items = proxies.data?.results ?? [];
  const total = proxies.data?.count ?? 0;
  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    setParams(copy);
  };

  return (
    <section className="page" aria-labelledby="proxy-list-heading">
      <h2 className="page__heading" id="proxy-list-heading">
        {title}
      </h2>
      <div className="proxy-toolbar">
        <Button theme="solid" type="primary" onClick={() => navigate(`${PATHS.proxies}/add`)}>
          新規追加
        </Button>
      </div>
      {proxies.isError ? (
        <p className="proxy-state" role="alert">
          {errorMessages(proxies.error).join(' ')}
        </p>
      ) : null}
      {isMobile ? (
        <>
          {proxies.isPending ? (
            <div className="proxy-state" role="status" aria-label="読み込み中">
              <Spin />
            </div>
          ) : null}
          {proxies.isSuccess && items.length === 0 ? <p className="proxy-state">{EMPTY_PROXIES}</p> : null}
          {items.length > 0 ? (
            <ul className="proxy-cards" aria-label="承認代理一覧">
              {items.map((proxy) => (
                <li key={proxy.id} data-testid="proxy-row">
                  <Link className="proxy-card__link" to={detailPath(proxy)}>
                    <span className="proxy-card__head">
                      <span>
                        {proxy.principal_name} → {proxy.proxy_name}
                      </span>
                      <ProxyStatusTag status={proxyStatus(proxy, today)} />
                    </span>
                    <span className="proxy-card__meta">{period(proxy)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {total > PAGE_SIZE ? (
            <Pagination
              className="proxy-pagination"
              total={total}
              pageSize={PAGE_SIZE}
              currentPage={page}
              onPageChange={setPage}
              size="small"
            />
          ) : null}
        </>
      ) : (
        <Table<TProxy>
          columns={columns(today)}
          dataSource={items}
          rowKey="id"
          loading={proxies.isPending || proxies.isPlaceholderData}
          empty={EMPTY_PROXIES}
          onRow={(proxy) => ({
            'data-testid': 'proxy-row',
            style: { cursor: 'pointer' },
            onClick: (event) => {
              if (proxy && !(event.target instanceof HTMLAnchorElement)) navigate(detailPath(proxy));
            },
          })}
          pagination={
            total > PAGE_SIZE
              ? { currentPage: page, pageSize: PAGE_SIZE, total, onPageChange: setPage }
              : false
          }
        />
      )}
    </section>
  );
}
