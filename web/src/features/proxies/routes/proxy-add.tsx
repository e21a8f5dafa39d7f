import { useNavigate } from 'react-router-dom';
import { SUCCESS } from '@portal/shared/messages';
import { PATHS } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useCreateProxy } from '../api/create-proxy.ts';
import { ProxyForm } from '../components/proxy-form.tsx';
import '../components/proxies.css';

/** Adds an approval proxy: the caller is the principal. */
export default function ProxyAddRoute() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const create = useCreateProxy();
  return (
    <section className="page" aria-labelledby="proxy-add-heading">
      <h2 className="page__heading" id="proxy-add-heading">
        {title}
      </h2>
      <ProxyForm
        submitText="保存"
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toastSuccess(SUCCESS.saved);
          navigate(PATHS.proxies);
        }}
      />
    </section>
  );
}
