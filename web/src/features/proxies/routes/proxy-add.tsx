import { useNavigate } from 'react-router-dom';
import { SUCCESS } from '@portal/shared/messages';
import { Page } from '@/components/page.tsx';
import { PATHS } from '@/config/paths.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useCreateProxy } from '../api/create-proxy.ts';
import { ProxyForm } from '../components/proxy-form.tsx';
import '../components/proxies.css';

/** Adds an approval proxy: the caller is the principal. */
export default function ProxyAddRoute() {
  const navigate = useNavigate();
  const create = useCreateProxy();
  return (
    <Page headingId="proxy-add-heading">
      <ProxyForm
        submitText="保存"
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toastSuccess(SUCCESS.saved);
          navigate(PATHS.proxies);
        }}
      />
    </Page>
  );
}
