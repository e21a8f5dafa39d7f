// A call to another service that ends by its deadline whatever the runtime does with the abort.
// An AbortSignal alone is not enough: Node's fetch can leave a body being read (`text()`) pending
// forever when the signal aborts it (nodejs/node#56917). Nothing then holds the promise's ends, so a
// bot job awaiting it vanished from memory while BullMQ kept renewing its lock: the job stayed
// active, never failed, never retried, and its cards were never sent (issue 38's month-end surge).

/** Rejects with a TimeoutError DOMException, and aborts `work`'s signal, once `ms` have passed. */
export async function withinDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
