// Demo personal records (issue 13): addresses and phones, emergency contacts and salary accounts,
// so that the profile, contacts and bank-account screens have something to show. Bank and branch
// names are those of the zengin-code data.
import { eq } from 'drizzle-orm';
import { tokyoDate } from '../dates.ts';
import type { Db } from '../db/client.ts';
import { employees } from '../db/schema/employees.ts';
import { bankAccounts, commutingRoutes, emergencyContacts } from '../db/schema/records.ts';
import { importStationCsv } from '../modules/records/stations.ts';
import { SAMPLE_LINE_CSV, SAMPLE_STATION_CSV } from './stations-sample.ts';
import { users } from '../db/schema/users.ts';

interface DemoRecord {
  readonly username: string;
  readonly postalCode: string;
  readonly address: string;
  readonly phone: string;
  readonly residenceExpiry?: string;
  readonly contacts: readonly { name: string; nameKana: string; relationship: string; phone: string }[];
  readonly salary?: {
    bankCode: string;
    bankName: string;
    branchCode: string;
    branchName: string;
    accountNumber: string;
    accountHolder: string;
  };
}

export const DEMO_RECORDS: readonly DemoRecord[] = [
  {
    username: 'yamada',
    postalCode: '160-0023',
    address: '東京都新宿区西新宿2-8-1',
    phone: '090-1234-5678',
    contacts: [{ name: '山田 花子', nameKana: 'ヤマダ ハナコ', relationship: '妻', phone: '080-1111-2222' }],
    salary: {
      bankCode: '0005',
      bankName: '三菱ＵＦＪ',
      branchCode: '103',
      branchName: '千代田',
      accountNumber: '1234567',
      accountHolder: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    },
  },
  {
    username: 'suzuki',
    postalCode: '150-0002',
    address: '東京都渋谷区渋谷2-24-12',
    phone: '03-1234-5678',
    contacts: [{ name: '鈴木 正', nameKana: 'スズキ タダシ', relationship: '父', phone: '045-123-4567' }],
    salary: {
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '210',
      branchName: '渋谷',
      accountNumber: '7654321',
      accountHolder: 'ｽｽﾞｷ ｲﾁﾛｳ',
    },
  },
];

/** The first day of the month before `now`'s, in Tokyo (as prev-commuting/ counts months). */
function firstOfLastMonth(now: Date): string {
  const [y, m] = tokyoDate(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

export async function seedDemoRecords(tx: Db, now: Date): Promise<void> {
  await importStationCsv(tx, SAMPLE_STATION_CSV, SAMPLE_LINE_CSV);
  for (const record of DEMO_RECORDS) {
    const [employee] = await tx
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, record.username));
    if (!employee) continue;
    const expiry = record.residenceExpiry ?? null;
    await tx
      .update(employees)
      .set({
        postalCode: record.postalCode,
        address: record.address,
        phone: record.phone,
        ...(expiry ? { residenceExpiry: expiry } : {}),
      })
      .where(eq(employees.id, employee.id));
    if (record.contacts.length)
      await tx
        .insert(emergencyContacts)
        .values(record.contacts.map((c, i) => ({ ...c, employeeId: employee.id, priority: i + 1 })));
    // yamada moved last month (so prev-commuting/ has a change to show); the others have one route.
    await tx.insert(commutingRoutes).values(
      record.username === 'yamada'
        ? [
            {
              employeeId: employee.id,
              fromStation: '新宿',
              toStation: '東京',
              line: 'JR中央線',
              monthlyAmount: 6_440,
              startsOn: '2018-04-01',
            },
            {
              employeeId: employee.id,
              fromStation: '渋谷',
              toStation: '東京',
              line: 'JR山手線',
              monthlyAmount: 7_260,
              startsOn: firstOfLastMonth(now),
            },
          ]
        : [
            {
              employeeId: employee.id,
              fromStation: '池袋',
              toStation: '東京',
              line: 'JR山手線',
              monthlyAmount: 8_120,
              startsOn: '2015-04-01',
            },
          ],
    );
    if (record.salary)
      await tx.insert(bankAccounts).values({
        ...record.salary,
        employeeId: employee.id,
        purpose: 'salary',
        accountType: '01',
        updatedAt: now,
      });
  }
}
