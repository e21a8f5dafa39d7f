// What a bad setting stops the bot with: every problem on its own line, no stack trace (index.ts).
// Its own module so the settings of each part (push, reminders) can throw it without a cycle.
import type { z } from 'zod';

export class BotConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid bot configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BotConfigError';
  }

  /** `VARIABLE: message` for each zod issue. */
  static fromZod(error: z.ZodError): BotConfigError {
    return new BotConfigError(error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
}
