// The administration console (issue 14): its own lazily loaded part under /admin/, for staff. Every
// screen is rendered from a resource declaration (../resource.ts); the menu shows the resources the
// user may view, and a screen they may not view says so instead of calling the API.
import { NavLink, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { API_MSG } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { Loading } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { TabBar } from '@/components/tab-bar.tsx';
import { CONSOLE_TITLE, ConsolePage } from '../components/console-page.tsx';
import {
  Refused,
  ResourceDetail,
  ResourceFormScreen,
  ResourceList,
} from '../components/resource-screens.tsx';
import { useConsoleUser } from '../components/use-console-user.ts';
import type { AnyResource, ConsoleUser, PageDecl } from '../resource.ts';
import { PAGES, RESOURCES } from '../resources/index.ts';
import '../components/admin.css';
import { AssetImport } from './asset-import.tsx';
import { PeopleImport } from './people-import.tsx';

/** What the API answers a non-staff caller of the console, shown here before it is asked. */
export const STAFF_ONLY = API_MSG.staffOnly;

function parseId(text: string | undefined): number | null {
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** The menu's entries the user may open: the resources they may view, then the pages. */
function menuOf(user: ConsoleUser): { key: string; label: string; description: string }[] {
  const pageVisible = (p: PageDecl) => p.views.some((perm) => user.can(perm));
  return [...RESOURCES.filter((r) => user.can(r.view)), ...PAGES.filter(pageVisible)];
}

function Home({ user }: { user: ConsoleUser }) {
  const visible = menuOf(user);
  return (
    <ConsolePage headingId="admin-home-heading" title={CONSOLE_TITLE}>
      {visible.length === 0 ? (
        <Alert type="warning">利用できる管理項目がありません。権限の付与は管理者に依頼してください。</Alert>
      ) : (
        <ul className="admin-home">
          {visible.map((r) => (
            <li key={r.key}>
              <NavLink className="admin-home__link" to={`/admin/${r.key}`}>
                <span className="admin-home__title">{r.label}</span>
                <span className="admin-home__text">{r.description}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function ResourceRoute({ user, screen }: { user: ConsoleUser; screen: 'list' | 'detail' | 'new' | 'edit' }) {
  const params = useParams();
  const page = PAGES.find((p) => p.key === params.resource);
  if (page) {
    if (screen !== 'list') return <NotFound />;
    if (!page.views.some((perm) => user.can(perm))) return <Refused title={page.label} />;
    return <page.Screen user={user} />;
  }
  const resource: AnyResource | undefined = RESOURCES.find((r) => r.key === params.resource);
  if (!resource) return <NotFound />;
  if (screen === 'list') return <ResourceList resource={resource} user={user} />;
  if (screen === 'new')
    return resource.create ? <ResourceFormScreen resource={resource} user={user} /> : <NotFound />;
  const id = parseId(params.id);
  if (id === null || !resource.detail) return <NotFound />;
  if (screen === 'edit')
    return resource.edit ? <ResourceFormScreen resource={resource} id={id} user={user} /> : <NotFound />;
  return <ResourceDetail resource={resource} id={id} user={user} />;
}

export default function AdminConsole() {
  const user = useConsoleUser();
  const { pathname } = useLocation();
  if (!user) return <Loading />;
  if (!user.isStaff) return <Refused title="設定" />;
  const visible = menuOf(user);
  return (
    <div className="admin-console">
      <TabBar label="管理メニュー" current={pathname} className="admin-nav">
        <NavLink end to="/admin/" className="admin-nav__link">
          設定トップ
        </NavLink>
        {visible.map((r) => (
          <NavLink key={r.key} to={`/admin/${r.key}`} className="admin-nav__link">
            {r.label}
          </NavLink>
        ))}
      </TabBar>
      <Routes>
        <Route index element={<Home user={user} />} />
        <Route path="people/import" element={<PeopleImport user={user} />} />
        <Route path="assets/import" element={<AssetImport user={user} />} />
        <Route path=":resource" element={<ResourceRoute user={user} screen="list" />} />
        <Route path=":resource/new" element={<ResourceRoute user={user} screen="new" />} />
        <Route path=":resource/:id" element={<ResourceRoute user={user} screen="detail" />} />
        <Route path=":resource/:id/edit" element={<ResourceRoute user={user} screen="edit" />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
