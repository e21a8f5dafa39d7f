// The bank and branch master: the zengin-code package's data (全銀協 codes, names and kana), loaded on
// first use (5 MB of JavaScript) and indexed with the search keys of shared/kana.ts. Searching and
// the bank-account checks both read it here.
import type { TBankChoice } from '@portal/shared/contracts/banks';
import { BANK_SEARCH_LIMIT } from '@portal/shared/contracts/banks';
import { kanaSearchKey } from '@portal/shared/kana';

interface Entry extends TBankChoice {
  readonly keys: readonly string[];
}

interface Bank extends Entry {
  readonly branches: ReadonlyMap<string, Entry>;
}

interface ZenginEntry {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
  readonly hira: string;
}

/** The package's data, which ships without types: bank code → bank with its branches. */
type ZenginData = Readonly<
  Record<string, ZenginEntry & { branches: Readonly<Record<string, ZenginEntry>> | readonly ZenginEntry[] }>
>;

/** Named through a variable: the package has no types, and this keeps it out of type resolution. */
const ZENGIN_PACKAGE = 'zengin-code';

let loading: Promise<ReadonlyMap<string, Bank>> | null = null;

function entry(
  e: { code: string; name: string; kana: string; hira: string },
  kind: 'bank' | 'branch',
): Entry {
  return {
    code: e.code,
    name: e.name,
    kana: e.kana,
    keys: [...new Set([kanaSearchKey(e.name, kind), kanaSearchKey(e.kana, kind), e.name.normalize('NFKC')])],
  };
}

/** Every bank by its 4-digit code. */
export function bankMaster(): Promise<ReadonlyMap<string, Bank>> {
  loading ??= (import(ZENGIN_PACKAGE) as Promise<{ default: ZenginData }>).then(({ default: data }) => {
    const banks = new Map<string, Bank>();
    for (const bank of Object.values(data)) {
      const branchList = Array.isArray(bank.branches) ? bank.branches : Object.values(bank.branches);
      banks.set(bank.code, {
        ...entry(bank, 'bank'),
        branches: new Map(branchList.map((b) => [b.code, entry(b, 'branch')])),
      });
    }
    return banks;
  });
  return loading;
}

export async function findBank(code: string): Promise<Bank | undefined> {
  return (await bankMaster()).get(code);
}

/**
 * The entries matching a query, best first, at most 20: a query of digits matches the code's prefix
 * (the exact code first); other text matches the name or kana keys — exact, then prefix, then
 * anywhere — then by code.
 */
export function searchEntries(
  entries: Iterable<Entry>,
  query: string,
  kind: 'bank' | 'branch',
): TBankChoice[] {
  const q = query.normalize('NFKC').trim();
  if (!q) return [];
  const scored: { entry: Entry; score: number }[] = [];
  if (/^\d+$/.test(q)) {
    for (const e of entries) if (e.code.startsWith(q)) scored.push({ entry: e, score: e.code === q ? 0 : 1 });
  } else {
    const key = kanaSearchKey(q, kind);
    if (!key) return [];
    for (const e of entries) {
      let score = Infinity;
      for (const k of e.keys) {
        if (k === key) score = Math.min(score, 0);
        else if (k.startsWith(key)) score = Math.min(score, 1);
        else if (k.includes(key)) score = Math.min(score, 2);
      }
      if (score < Infinity) scored.push({ entry: e, score });
    }
  }
  return scored
    .sort((a, b) => a.score - b.score || a.entry.code.localeCompare(b.entry.code))
    .slice(0, BANK_SEARCH_LIMIT)
    .map(({ entry: e }) => ({ code: e.code, name: e.name, kana: e.kana }));
}
