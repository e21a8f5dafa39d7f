// The demo assets (issue 31): four types (モニター without a limit, 携帯電話 with no unit in stock),
// twenty units, three software items with seats, and a few units already lent with their seats taken.
// Written before the demo workflows, whose seeded asset requests name these types by id.
import { and, eq, inArray } from 'drizzle-orm';
import { dueDateOf } from '@portal/shared/workflow/assets';
import type { Db } from '../db/client.ts';
import {
  assetLendings,
  assets,
  assetTypeSoftware,
  assetTypes,
  software,
  softwareSeats,
  type AssetStatus,
} from '../db/schema/assets.ts';
import { users } from '../db/schema/users.ts';
import { tokyoDate } from '../dates.ts';

const DAY_MS = 86_400_000;

export const DEMO_SOFTWARE = [
  { name: 'Microsoft 365', validityPeriod: 12, seats: 10 },
  { name: 'Adobe Acrobat Pro', validityPeriod: 12, seats: 3 },
  { name: 'ウイルス対策ソフト', validityPeriod: 0, seats: 20 },
] as const;

interface DemoAssetType {
  readonly name: string;
  readonly validityPeriod: number;
  readonly hardwareInformation: string;
  readonly software: readonly string[];
  /** The units: status, and the holder (with how many days ago it was lent) of a lent one. */
  readonly units: readonly { status: AssetStatus; holder?: string; daysAgo?: number }[];
  readonly prefix: string;
}

const stock = (n: number) => Array.from({ length: n }, () => ({ status: 'stock' as const }));

export const DEMO_ASSET_TYPES: readonly DemoAssetType[] = [
  {
    name: 'ノートPC',
    validityPeriod: 24,
    hardwareInformation: 'Core i7 / メモリ 16GB / SSD 512GB / 14 インチ',
    software: ['Microsoft 365', 'Adobe Acrobat Pro', 'ウイルス対策ソフト'],
    prefix: 'PC',
    units: [
      // Due in about three weeks: the reminders have something to tell.
      { status: 'lent', holder: 'sato', daysAgo: 710 },
      { status: 'lent', holder: 'tanaka', daysAgo: 120 },
      ...stock(6),
    ],
  },
  {
    name: 'モニター',
    validityPeriod: 0,
    hardwareInformation: '27 インチ 4K / USB-C 給電',
    software: [],
    prefix: 'MN',
    units: [{ status: 'lent', holder: 'kato', daysAgo: 300 }, ...stock(4)],
  },
  {
    name: '携帯電話',
    validityPeriod: 12,
    hardwareInformation: 'iPhone 15 / 128GB',
    software: [],
    prefix: 'MB',
    units: [
      { status: 'lent', holder: 'takahashi', daysAgo: 200 },
      { status: 'lent', holder: 'kimura', daysAgo: 90 },
      { status: 'lent', holder: 'hayashi', daysAgo: 30 },
      { status: 'repair' },
    ],
  },
  {
    name: 'タブレット',
    validityPeriod: 6,
    hardwareInformation: 'iPad 10.9 インチ / Wi-Fi / 64GB',
    software: ['Microsoft 365'],
    prefix: 'TB',
    units: stock(3),
  },
];

/** Writes the demo assets; skipped (false) when any type exists. */
export async function seedDemoAssets(tx: Db, now: Date): Promise<boolean> {
  const [any] = await tx.select({ id: assetTypes.id }).from(assetTypes).limit(1);
  if (any) return false;
  const softwareRows = await tx
    .insert(software)
    .values(DEMO_SOFTWARE.map((s) => ({ ...s })))
    .returning({ id: software.id, name: software.name });
  const softwareId = new Map(softwareRows.map((s) => [s.name, s.id]));
  const holders = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ASSET_TYPES.flatMap((t) => t.units.flatMap((u) => (u.holder ? [u.holder] : []))),
      ),
    );
  const holderId = new Map(holders.map((h) => [h.username, h.id]));
  const today = tokyoDate(now);
  for (const type of DEMO_ASSET_TYPES) {
    const [row] = await tx
      .insert(assetTypes)
      .values({
        name: type.name,
        validityPeriod: type.validityPeriod,
        hardwareInformation: type.hardwareInformation,
      })
      .returning({ id: assetTypes.id });
    const typeId = row!.id;
    const typeSoftware = type.software.map((name) => softwareId.get(name)!);
    if (typeSoftware.length)
      await tx
        .insert(assetTypeSoftware)
        .values(typeSoftware.map((id) => ({ assetTypeId: typeId, softwareId: id })));
    for (const [index, unit] of type.units.entries()) {
      const number = String(index + 1).padStart(3, '0');
      const [asset] = await tx
        .insert(assets)
        .values({
          assetId: `${type.prefix}-${number}`,
          assetTypeId: typeId,
          serialNumber: `SN${type.prefix}${today.slice(0, 4)}${number}`,
          status: unit.status,
          purchasedOn: tokyoDate(new Date(now.getTime() - 800 * DAY_MS)),
          remark: unit.status === 'repair' ? '画面割れのため修理中' : '',
        })
        .returning({ id: assets.id });
      const holder = unit.holder ? holderId.get(unit.holder) : undefined;
      if (unit.status !== 'lent' || holder === undefined) continue;
      const lentOn = tokyoDate(new Date(now.getTime() - (unit.daysAgo ?? 0) * DAY_MS));
      const [lending] = await tx
        .insert(assetLendings)
        .values({
          assetId: asset!.id,
          userId: holder,
          lentOn,
          dueOn: dueDateOf(lentOn, type.validityPeriod),
        })
        .returning({ id: assetLendings.id });
      const seats = typeSoftware.filter((id) => id !== softwareId.get('Adobe Acrobat Pro'));
      if (seats.length)
        await tx
          .insert(softwareSeats)
          .values(seats.map((id) => ({ lendingId: lending!.id, softwareId: id })));
    }
  }
  return true;
}

/** The id of a demo type by its name, for the seeded requests. */
export async function demoAssetTypeId(tx: Db, name: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: assetTypes.id })
    .from(assetTypes)
    .where(and(eq(assetTypes.name, name), eq(assetTypes.isActive, true)));
  return row?.id ?? null;
}
