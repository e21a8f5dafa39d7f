import { z } from 'zod';

// Read once at start; every bad variable is reported together.
const ZBotConfig = z.object({
  BOT_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  BOT_HOST: z.string().default('0.0.0.0'),
  API_URL: z.url().default('http://127.0.0.1:3000'),
});
export type BotConfig = z.infer<typeof ZBotConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const parsed = ZBotConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid bot configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
