import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ChunkLoadError } from '@/lib/lazy-route.ts';
import { ChunkLoadErrorScreen } from './chunk-load-error.tsx';
import { Forbidden } from './forbidden.tsx';
import { NotFound } from './not-found.tsx';
import { ServerError } from './server-error.tsx';

/** A Vite preload failure or a browser's failed dynamic import, when it escaped loadChunk. */
function isChunkFailure(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|preload/i.test(error.message))
  );
}

/** The ErrorBoundary of every route. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkFailure(error)) {
    return <ChunkLoadErrorScreen timedOut={error instanceof ChunkLoadError && error.timedOut} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A route guard's refusal (app/guards.ts requirePermission).
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  if (error instanceof Error) console.error(error);
  return <ServerError />;
}
