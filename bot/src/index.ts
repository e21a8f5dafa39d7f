// The Lark bot. Until the bot issue lands it only answers its health check, so that deployments
// (docker-compose.yml) already run it in its place with a probe.
import http from 'node:http';
import { loadConfig } from './config.ts';

const config = loadConfig();

const server = http.createServer((req, res) => {
  const healthy = req.method === 'GET' && req.url === '/health';
  res.writeHead(healthy ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(healthy ? { status: 'ok' } : { detail: '見つかりませんでした。' }));
});

server.listen(config.BOT_PORT, config.BOT_HOST, () => {
  console.warn(`bot listening on ${config.BOT_HOST}:${config.BOT_PORT}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
