import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage } from '@/lib/lazy-route.ts';
import { RELOADED_FOR_KEY } from '@/lib/new-version.ts';
import {
  CHUNK_FAILED_TITLE,
  NEW_VERSION_RELOADING,
  NEW_VERSION_STILL_FAILING,
  NEW_VERSION_TITLE,
} from './chunk-load-error.tsx';
import { RouteError } from './route-error.tsx';

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      lazy: () => Promise.reject(error),
    },
  ]);
  render(<RouterProvider router={router} />);
}

/** The app's shape: a top route, a layout route (the shell) and a page whose chunk is missing. */
function renderShellWithMissingPage() {
  const Shell = () => (
    <div>
      <nav>サイドバー</nav>
      <Outlet />
    </div>
  );
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: RouteError,
        HydrateFallback: () => null,
        Component: Outlet,
        children: [
          {
            path: '/',
            lazy: lazyPage(() => Promise.resolve({ default: Shell })),
            children: [
              { index: true, element: <p>ホーム</p> },
              {
                path: 'chart',
                ErrorBoundary: RouteError,
                lazy: lazyPage(() =>
                  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
                ),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/chart'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** This page runs build OLD; the server's index.html names `deployed`. */
function deploy(deployed: string) {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = '/assets/index-OLD.js';
  document.head.append(script);
  const fetchMock = vi.fn(async () => {
    const html = `<!doctype html><html><head><script type="module" crossorigin src="${deployed}"></script></head><body><div id="root"></div></body></html>`;
    return new Response(html, { headers: { 'Content-Type': 'text/html' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let reload: ReturnType<typeof vi.fn>;
/** jsdom reports an error thrown while rendering, though the route's boundary caught it. */
const quiet = (event: ErrorEvent) => event.preventDefault();

beforeEach(() => {
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  window.addEventListener('error', quiet);
});

afterEach(() => {
  window.removeEventListener('error', quiet);
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  sessionStorage.clear();
});

describe('RouteError', () => {
  it('offers to reload when a screen chunk failed to load', async () => {
    renderFailingRoute(new ChunkLoadError(false));
    expect(await screen.findByText(CHUNK_FAILED_TITLE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalled();
  });

  it('says so when the chunk timed out', async () => {
    renderFailingRoute(new ChunkLoadError(true));
    expect(await screen.findByText('画面の読み込みがタイムアウトしました')).toBeInTheDocument();
  });

  it('shows the server-error page for anything else', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByText('サーバーエラーが発生しました')).toBeInTheDocument();
  });
});

describe('a page whose chunk cannot load (issue #12 item 11)', () => {
  it('shows the reload screen inside the layout instead of a blank app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShellWithMissingPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_FAILED_TITLE);
    expect(screen.getByText('サイドバー')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });

  it('reloads by itself once when a new version has been deployed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = deploy('/assets/index-NEW.js');
    renderShellWithMissingPage();
    expect(await screen.findByText(NEW_VERSION_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NEW_VERSION_RELOADING)).toBeInTheDocument();
    expect(screen.getByText('サイドバー')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe('/assets/index-NEW.js');
  });

  it('does not reload again for the same version: it says so and offers 再読み込み', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(RELOADED_FOR_KEY, '/assets/index-NEW.js');
    deploy('/assets/index-NEW.js');
    renderShellWithMissingPage();
    expect(await screen.findByText(NEW_VERSION_STILL_FAILING)).toBeInTheDocument();
    expect(screen.getByText(CHUNK_FAILED_TITLE)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the deployed version is the one running (a dropped connection)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = deploy('/assets/index-OLD.js');
    renderShellWithMissingPage();
    expect(await screen.findByText(CHUNK_FAILED_TITLE)).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('通信状況をご確認のうえ、再読み込みしてください。')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  });
});
