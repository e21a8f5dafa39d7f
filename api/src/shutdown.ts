// The order a stop (SIGTERM) takes (issue 39): readiness turns 503 first, so a load balancer takes the
// server out of rotation; then no new connection is accepted; the running requests finish (up to the
// grace, then their connections are cut); then the background work stops, the queues close, and the
// database closes last, once nothing can use it.
import type http from 'node:http';
import type { Logger } from './logger.ts';

export interface StopSteps {
  readonly server: http.Server;
  readonly graceMs: number;
  /**
   * How long readiness answers 503 while the server still accepts connections (SHUTDOWN_DELAY,
   * default 0): a load balancer polling readiness takes it out of rotation before connections are refused.
   */
  readonly notReadyMs?: number;
  readonly logger: Logger;
  /** Readiness answers 503 from now on. */
  notReady(): void;
  /** Timers and jobs that write (grants, notices, backups). */
  stopBackgroundWork(): Promise<void>;
  /** The outbox relay and the bot's queues. */
  closeQueues(): Promise<void>;
  /** The change feed and the database (then the data folder's lock). */
  closeDatabase(): Promise<void>;
}

export type StopPhase =
  'not-ready' | 'not-accepting' | 'drained' | 'background-stopped' | 'queues-closed' | 'database-closed';

/** Runs the stop in order; `onPhase` hears each phase as it is reached (tests record them). */
export async function stopInOrder(
  steps: StopSteps,
  onPhase: (phase: StopPhase) => void = () => {},
): Promise<void> {
  const { server, logger } = steps;
  steps.notReady();
  onPhase('not-ready');
  if (steps.notReadyMs) await new Promise((resolve) => setTimeout(resolve, steps.notReadyMs));
  const force = setTimeout(() => {
    logger.warn('requests still running after the grace period; closing them');
    server.closeAllConnections();
  }, steps.graceMs);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  onPhase('not-accepting');
  server.closeIdleConnections();
  await closed;
  clearTimeout(force);
  onPhase('drained');
  await steps.stopBackgroundWork();
  onPhase('background-stopped');
  await steps.closeQueues();
  onPhase('queues-closed');
  await steps.closeDatabase();
  onPhase('database-closed');
}
