// `npm run cards:gallery -w bot [folder]`: renders the sample cards (src/cards/samples.ts) to JSON
// files for review — paste one into Lark's card builder to see it as Lark draws it. Default folder:
// bot/gallery/ (not committed).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import { nodeCard } from '../src/cards/approval-card.ts';
import { cardBytes, type Card } from '../src/cards/card-kit.ts';
import { resultCard } from '../src/cards/result-card.ts';
import {
  CARD_SAMPLES,
  SATO_AS_PROXY,
  SUZUKI,
  approvedSample,
  rejectedSample,
  sentBackSample,
} from '../src/cards/samples.ts';
import { HOSTILE } from '../test/support/hostile-text.ts';

const OPEN_URL =
  'https://applink.larksuite.com/client/web_url/open?mode=window&url=https%3A%2F%2Fportal.example.jp';
const folder = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../gallery/', import.meta.url)));

const approval = (data = CARD_SAMPLES.general!, extra = {}) =>
  nodeCard({ data, nodeId: data.nodes[0]!.id, recipient: SUZUKI, openUrl: OPEN_URL, ...extra });

/** The sent-back sample with the issue 27 texts in its 件名, comment, names and organisation. */
function typed(): TBotTaskCard {
  const [mention, heading, link, list] = HOSTILE as [string, string, string, string];
  const base = sentBackSample();
  return {
    ...base,
    task: { ...base.task, applicant_name: mention, org_name: link },
    fields: [{ label: '件名', value: list }, ...base.fields.slice(1)],
    nodes: base.nodes.map((n, i) => (i === 0 ? { ...n, comment: heading, acted_by_name: mention } : n)),
  };
}

const cards: Record<string, Card | null> = {
  ...Object.fromEntries(
    Object.entries(CARD_SAMPLES).map(([kind, data]) => [`approval-${kind}`, approval(data)]),
  ),
  'approval-general-proxy': approval(CARD_SAMPLES.general, { recipient: SATO_AS_PROXY }),
  'handled-approved': approval(approvedSample()),
  'handled-sent-back-by-proxy': approval(sentBackSample()),
  'handled-rejected': approval(rejectedSample()),
  'handled-already': approval(approvedSample(), { alreadyHandled: true }),
  'result-sent-back': resultCard(sentBackSample(), OPEN_URL),
  'result-rejected': resultCard(rejectedSample(), OPEN_URL),
  'typed-approval': approval({
    ...typed(),
    task: { ...typed().task, status: '01' },
    nodes: CARD_SAMPLES.general!.nodes,
  }),
  'typed-sent-back': approval(typed()),
  'typed-result': resultCard(typed(), OPEN_URL),
};

await mkdir(folder, { recursive: true });
for (const [name, card] of Object.entries(cards)) {
  if (!card) continue;
  const file = path.join(folder, `${name}.json`);
  await writeFile(file, `${JSON.stringify(card, null, 2)}\n`);
  process.stdout.write(`${file}  ${(cardBytes(card) / 1024).toFixed(1)} KB\n`);
}
