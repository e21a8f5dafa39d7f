// What the closing summary names from each suite's JSON report: the tests that failed, with the head
// of their error (an expectation's locator, expected and received lines) and where it was thrown, and
// the slowest files. CI keeps only the tail of the output, so a failure has to be told there, not only
// where its suite printed it.

// Without the reporters' colour codes.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** The error's first non-empty lines, indented to sit under the test's name in the summary. */
const head = (text = '', lines = 8) =>
  String(text)
    .replace(ansi, '')
    .split('\n')
    .map((line) => line.trimEnd().slice(0, 240))
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .join('\n      ');
const at = (location) =>
  location?.file ? `\n      at ${location.file.split('/').slice(-2).join('/')}:${location.line}` : '';

/** Failed tests and per-file seconds of a vitest JSON report. */
export function digestVitest(report, root) {
  const failures = [];
  const files = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(file.name, root);
    files.push({ name, seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000 });
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push({ name: `${name} › ${test.fullName}`, error: head(test.failureMessages?.[0], 4) });
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push({ name, error: head(file.message, 4) });
  }
  return { failures, files };
}

/** Failed (or flaky) tests and per-file seconds of a Playwright JSON report. */
export function digestPlaywright(report) {
  const failures = [];
  const seconds = new Map();
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const file = spec.file ?? suite.file;
        const ms = (test.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0);
        seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const last = (test.results ?? []).findLast((r) => r.status !== 'passed');
          const error = last?.error ?? last?.errors?.[0];
          failures.push({
            name: `${file} › [${test.projectName}] ${[...trail, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}`,
            error: head(error?.message) + at(error?.location),
          });
        }
      }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return { failures, files: [...seconds].map(([name, s]) => ({ name, seconds: s })) };
}

function relative(file, root) {
  return root && file.startsWith(root) ? file.slice(root.length + 1) : file;
}
