import { hash } from '@node-rs/argon2';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';

/**
 * argon2id of the demo password with the cheapest parameters: verification is a few milliseconds
 * instead of ~200, so a test file can sign in dozens of times. Production hashes keep the defaults.
 */
export function cheapDemoHash(): Promise<string> {
  return hash(DEMO_PASSWORD, { memoryCost: 1024, timeCost: 1 });
}
