// What asks the server to stop: SIGINT (Ctrl+C), SIGTERM (systemd, Docker, `kill`), SIGHUP (a closed
// terminal), and the death of the process that started it: `npm start` runs the server with an IPC
// channel, which closes when its starter dies however it died (kill -9 included), so no orphan keeps
// serving and holding the data folder (issue 33, finding 4). Node has no PR_SET_PDEATHSIG.
//
// Requests are counted: the first stops cleanly, a second (Ctrl+C twice) stops waiting for running
// requests but still closes the database, a third exits at once. Until the server installs its
// handler, the first request is remembered and a second one exits at once.

export type StopHandler = (reason: string, count: number) => void;

export interface StopRequests {
  /** The first reason given before a handler was installed, if any. */
  readonly requested: string | null;
  request(reason: string): void;
  /** Installs the handler; a request made before is passed on at once. */
  onStop(handler: StopHandler): void;
}

export function watchStopRequests(): StopRequests {
  let handler: StopHandler | null = null;
  let requested: string | null = null;
  let count = 0;
  const request = (reason: string) => {
    count += 1;
    if (handler) handler(reason, count);
    else if (requested) process.exit(1);
    else requested = reason;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => request(signal));
  if (process.channel) {
    // The channel must not keep the process alive by itself, only tell us when the starter is gone.
    process.channel.unref();
    process.once('disconnect', () => request('the process that started the server exited'));
  }
  return {
    get requested() {
      return requested;
    },
    request,
    onStop(next) {
      handler = next;
      if (requested) next(requested, count);
    },
  };
}
