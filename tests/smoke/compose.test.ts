import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** `docker compose` (v2 plugin) where present, else Debian's `docker-compose`. */
function composeConfig(): { status: number | null; stdout: string; stderr: string } {
  const v2 = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const [cmd, args] = v2.status === 0 ? ['docker', ['compose', 'config']] : ['docker-compose', ['config']];
  const env = { ...process.env, JWT_SECRET: '' };
  return spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env });
}

describe('docker-compose.yml', () => {
  it('is accepted by compose and runs postgres, redis, api and bot with health checks', () => {
    const out = composeConfig();
    expect(out.stderr).not.toMatch(/invalid|error/i);
    expect(out.status).toBe(0);
    for (const service of ['postgres', 'redis', 'api', 'bot'])
      expect(out.stdout).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(out.stdout.match(/healthcheck:/g)?.length).toBe(4);
  });
});
