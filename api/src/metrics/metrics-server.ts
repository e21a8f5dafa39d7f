// The metrics' own HTTP server (METRICS_PORT): GET /metrics in Prometheus' text format, nothing else.
// It is never mounted on the public port, which answers /metrics 404 (middleware/spa.ts): what the
// portal's load and parts look like is for the operator's network, not for anyone who can reach it.
import http from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.ts';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  logger: Logger;
}): Promise<MetricsServer> {
  const { registry, logger } = options;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics not collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics not collected');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  logger.info({ port, host: options.host }, 'metrics served');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
