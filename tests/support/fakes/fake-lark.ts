// A fake Lark Open API on 127.0.0.1 for the real @larksuiteoapi/node-sdk (see shared/design/lark.md):
// tenant token, oidc access token (code → user token), user info, and a harmless stand-in for the H5
// SDK script. Codes are single-use and expire like Lark's. Tests mint codes with issueCode(), or over
// HTTP with POST /__fake__/codes {open_id, ttl_seconds?} when the fake runs in another process.
//
// For the bot: im/v1/messages create and patch, recorded in order. A create repeating a `uuid` gives
// the first message back and posts nothing (as Lark does within an hour). Lark's limits (50 messages
// a second and 1,000 a minute per app, 5 a second to one user; sliding windows) are counted; with
// `enforceLimits` a call beyond them answers 230020 like Lark, and is not counted. setMessageLimits
// scales them for tests. Content of 30 KB or more answers 230025 (too long), always. failNext() scripts
// error answers; stopBot() makes a user answer 230053 for good. Like Lark, a message older than 14 days
// can no longer be updated: a patch of it answers 230031; recallMessage() makes a patch answer 230011
// (both HTTP 400, as Lark's im/v1 message patch documents them). The fake's clock starts at the real time and
// moves on with advanceClock(), so a test ages the messages already sent without touching later ones.
// sendCardCallback() plays Lark posting a signed (optionally encrypted) card.action.trigger.
//
// Contact: users/batch_get_id finds the users added with addUser by their `email` (not the enterprise
// one, as Lark); every call's addresses are kept in `lookups`.
//
// Approval Center (approval/v4 external_approvals, external_instances, external_instances/check):
// validates what Lark requires (i18n keys present in the default locale, enums, ids unique across
// tasks and cc, millisecond times), answers its own approval_code for a definition, keeps each
// instance (an older update_time is ignored, as Lark does) and every accepted sync in order. Like
// every Open API, each is limited to 50 calls a second and 1,000 a minute (setApiLimits lowers them
// in tests), then answers HTTP 429 with 99991400.
//
// Time off (calendar/v4 timeoff_events create, delete): an event is dates or seconds, never mixed.
// App badge (application/v6/app_badge/set): each user's counts with a version that must grow, else
// 213002 (version conflict).
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { listenLocal, readBody, sendJson } from './listen.ts';

export interface FakeLarkUser {
  readonly open_id: string;
  readonly union_id: string;
  readonly user_id: string;
  readonly name: string;
  readonly email: string;
  readonly enterprise_email: string;
  readonly employee_no: string;
  readonly tenant_key: string;
  readonly avatar_url: string;
}

export interface FakeLark {
  readonly url: string;
  readonly appId: string;
  readonly appSecret: string;
  /** A script URL that loads fine and defines nothing (the test page stands in for the SDK). */
  readonly sdkUrl: string;
  addUser(user: Partial<FakeLarkUser> & { open_id: string }): FakeLarkUser;
  /** A one-time authorization code for the user; `ttlSeconds` ≤ 0 gives an already expired one. */
  issueCode(openId: string, ttlSeconds?: number): string;
  /** Paths the fake was called with, in order. */
  readonly calls: string[];
  /** Messages posted (a create repeating a uuid adds nothing), in order. */
  readonly messages: FakeLarkMessage[];
  /** Every patch, in order. */
  readonly patches: FakeLarkPatch[];
  /** The addresses of each users/batch_get_id call, in order. */
  readonly lookups: string[][];
  /** Calls answered with the rate-limit error (enforced limits or scripted). */
  readonly rateLimited: { count: number };
  /** Answers the next matching calls with an error instead (`times` defaults to 1). */
  failNext(failure: FakeLarkFailure): void;
  /** The user stopped the bot: every message to them answers 230053. */
  stopBot(openId: string): void;
  /** The message was recalled: a patch of it answers 230011 (HTTP 400), as Lark's message patch does. */
  recallMessage(messageId: string): void;
  /** Moves the fake's clock on (messages sent before then age; a patch of one older than 14 days
   * answers 230031). */
  advanceClock(ms: number): void;
  /** Turns Lark's per-app and per-user message limits on or off (off by default). */
  enforceLimits(on: boolean): void;
  /** Changes (or restores) the message limits enforced: per app a second and a minute, per user a second. */
  setMessageLimits(limits: FakeLarkMessageLimits): void;
  /** Resolves once `count` messages were posted (or rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<FakeLarkMessage[]>;
  /** Resolves once `count` patches were made (or rejects after `timeoutMs`). */
  waitForPatches(count: number, timeoutMs?: number): Promise<FakeLarkPatch[]>;
  /** Approval Center definitions by our approval_code (the body last sent, and Lark's code). */
  readonly definitions: Map<string, { readonly larkCode: string; readonly body: Record<string, unknown> }>;
  /** Approval Center instances by instance_id, as Lark holds them. */
  readonly instances: Map<string, Record<string, unknown>>;
  /** Every accepted instance sync, in order. */
  readonly instanceSyncs: Record<string, unknown>[];
  /** Calls to each Lark-native API (accepted or not), by API. */
  readonly apiCalls: Record<FakeLarkApi, number>;
  /** Lowers (or restores) the per-API limits: calls a second and a minute. */
  setApiLimits(limits: { perSecond: number; perMinute: number }): void;
  /** Each user's app badge (by open_id) as Lark holds it: the last accepted version and counts. */
  readonly badges: Map<string, { version: number; pc: number; mobile: number }>;
  /** Time-off events on users' calendars, by id (deleted ones are gone). */
  readonly timeoffEvents: Map<string, FakeTimeoffEvent>;
  /** Forgets an instance, as if its sync had been lost. */
  loseInstance(instanceId: string): void;
  close(): Promise<void>;
}

/** The Lark-native APIs the fake serves, each limited on its own. */
export type FakeLarkApi =
  | 'externalApproval'
  | 'externalInstance'
  | 'externalInstanceCheck'
  | 'appBadge'
  | 'timeoffCreate'
  | 'timeoffDelete';

export interface FakeTimeoffEvent {
  readonly timeoff_event_id: string;
  readonly user_id: string;
  readonly timezone: string;
  readonly start_time: string;
  readonly end_time: string;
  readonly title: string;
}

export interface FakeLarkMessageLimits {
  readonly perSecond: number;
  readonly perMinute: number;
  readonly perUser: number;
}

export interface FakeLarkMessage {
  readonly message_id: string;
  readonly receive_id: string;
  readonly msg_type: string;
  /** The parsed content (the card JSON for interactive messages). */
  content: Record<string, unknown>;
  readonly uuid: string | null;
  readonly at: number;
}

export interface FakeLarkPatch {
  readonly message_id: string;
  readonly content: Record<string, unknown>;
  readonly at: number;
}

export interface FakeLarkFailure {
  /** A message create or patch, a user lookup by e-mail, or one of the Lark-native APIs. */
  readonly on: 'create' | 'patch' | 'lookup' | FakeLarkApi;
  /** Lark's code in the body; `httpStatus` 200 makes it a code-in-body answer. */
  readonly code: number;
  readonly httpStatus?: number;
  readonly times?: number;
  /** Only calls to this user (create). */
  readonly openId?: string;
}

/** Lark's message error codes (lark.md "Limits"). */
export const LARK_CODES = {
  rateLimited: 230020,
  outsideScope: 230013,
  botStopped: 230053,
  /** Lark's frequency control on any Open API (1,000 a minute, 50 a second per API): HTTP 429, or 400
   * from some older APIs (server-docs/api-call-guide/frequency-control). */
  frequencyLimited: 99991400,
  /** The message was sent more than 14 days ago and can no longer be updated (HTTP 400). */
  cardTooOld: 230031,
  /** The message was recalled (HTTP 400). */
  recalled: 230011,
} as const;
/** Lark updates a message only within 14 days of sending it. */
const PATCH_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
const isRateLimit = (failure: FakeLarkFailure) =>
  failure.code === LARK_CODES.rateLimited ||
  failure.code === LARK_CODES.frequencyLimited ||
  failure.httpStatus === 429;
/** lark.md "Limits": 50 messages a second and 1,000 a minute per app, 5 a second to one user. */
export const LARK_MESSAGE_LIMITS: FakeLarkMessageLimits = { perSecond: 50, perMinute: 1000, perUser: 5 };
/** users/batch_get_id takes at most 50 addresses (and 50 mobiles) a call. */
const LOOKUP_MAX = 50;
/** Lark refuses a card of 30 KB or more (lark.md "Cards") with 230025, content too long. */
const CONTENT_MAX_BYTES = 30 * 1024;
const CONTENT_TOO_LONG = 230025;
const tooLong = (content: unknown) => Buffer.byteLength(String(content ?? ''), 'utf8') >= CONTENT_MAX_BYTES;

export const FAKE_LARK_APP = { appId: 'cli_fake_portal', appSecret: 'fake-lark-secret' } as const;

/** Lark's frequency control (server-docs/api-call-guide/frequency-control): per API and app. */
const API_LIMITS = { perSecond: 50, perMinute: 1000 } as const;
/** calendar/v4 timeoff_events refusals (the exact numbers are unverified): bad parameter, not found. */
const TIMEOFF_PARAM_INVALID = 190002;
const TIMEOFF_NOT_FOUND = 195100;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const SECONDS = /^\d{1,10}$/;

/** One event is dates (all day) or seconds (hours), never both; it ends at or after it starts. */
function timeoffProblem(body: Json): string | null {
  if (typeof body.user_id !== 'string' || !body.user_id) return 'user_id required';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(body.timezone ?? '') });
  } catch {
    return 'timezone invalid';
  }
  if (typeof body.timezone !== 'string' || !body.timezone) return 'timezone required';
  const start = String(body.start_time ?? '');
  const end = String(body.end_time ?? '');
  const dates = DATE_ONLY.test(start) && DATE_ONLY.test(end);
  const seconds = SECONDS.test(start) && SECONDS.test(end);
  if (!dates && !seconds) return 'start_time and end_time must both be dates or both timestamps';
  if (dates ? end < start : Number(end) <= Number(start)) return 'end_time before start_time';
  return null;
}

/** app_badge/set: a version not above the last one. The badge page (application-v6/app_badge/set)
 * shows no error-code table: these numbers are the issue's, unverified (docs/bot.md). */
const BADGE_VERSION_CONFLICT = 213002;
const BADGE_PARAM_INVALID = 213001;
/** Approval API refusals (the exact numbers are unverified): bad parameter, unknown definition. */
const APPROVAL_PARAM_INVALID = 1390001;
const APPROVAL_NOT_FOUND = 1390002;
const I18N = /^@i18n@/;
const INSTANCE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED', 'DELETED', 'HIDDEN', 'TERMINATED'];
const TASK_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'TRANSFERRED', 'DONE'];
const isMillis = (value: unknown) => typeof value === 'string' && /^\d{1,13}$/.test(value);
type Json = Record<string, unknown>;
const asList = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The texts of the default locale; every @i18n@ key in `keys` must be among them. */
function missingI18n(resources: unknown, keys: readonly unknown[]): string | null {
  const defaults = asList(resources).find((r) => r.is_default === true);
  if (!defaults) return 'i18n_resources: no default locale';
  const texts = new Set(asList(defaults.texts).map((t) => t.key));
  const missing = keys.filter((k) => typeof k === 'string' && I18N.test(k) && !texts.has(k));
  return missing.length ? `i18n key not found: ${missing.join(', ')}` : null;
}

function definitionProblem(body: Json): string | null {
  if (typeof body.approval_code !== 'string' || !body.approval_code) return 'approval_code required';
  if (typeof body.approval_name !== 'string' || !I18N.test(body.approval_name))
    return 'approval_name must be an @i18n@ key';
  const external = body.external as Json | undefined;
  if (!external || typeof external !== 'object') return 'external required';
  if (typeof external.support_pc !== 'boolean' || typeof external.support_mobile !== 'boolean')
    return 'external.support_pc and external.support_mobile required';
  if (external.action_callback_url && !external.action_callback_token)
    return 'action_callback_token required with action_callback_url';
  return missingI18n(body.i18n_resources, [body.approval_name, body.group_name, body.description]);
}

/** A quick action's fields as Lark's schema has them (external_instance create, task_list.action_configs);
 * Lark has no field that picks a platform: the Approval Center shows quick actions on mobile only. */
const ACTION_CONFIG_FIELDS = new Set([
  'action_type',
  'action_name',
  'is_need_reason',
  'is_reason_required',
  'is_need_attachment',
  'next_status',
]);

function actionConfigsProblem(id: string, configs: unknown, definition: Json | undefined): string | null {
  if (configs === undefined) return null;
  if (!Array.isArray(configs)) return `task ${id}: action_configs must be a list`;
  const external = (definition?.external ?? {}) as Json;
  // Quick actions call the definition's callback back, and show only in Lark's mobile client.
  if (configs.length && !external.action_callback_url)
    return `task ${id}: action_configs need the definition's action_callback_url`;
  if (configs.length && external.support_mobile !== true)
    return `task ${id}: action_configs need a definition with support_mobile (quick actions are mobile only)`;
  for (const config of configs as Json[]) {
    const unknown = Object.keys(config).filter((k) => !ACTION_CONFIG_FIELDS.has(k));
    if (unknown.length) return `task ${id}: action_configs field unknown: ${unknown.join(', ')}`;
    const type = String(config.action_type ?? '');
    if (!/^[A-Za-z_]+$/.test(type)) return `task ${id}: action_type invalid`;
    if (!['APPROVE', 'REJECT'].includes(type) && !config.action_name)
      return `task ${id}: action_name required with a custom action_type`;
    for (const flag of ['is_need_reason', 'is_reason_required', 'is_need_attachment'])
      if (config[flag] !== undefined && typeof config[flag] !== 'boolean')
        return `task ${id}: ${flag} must be a boolean`;
    if (config.is_reason_required === true && config.is_need_reason !== true)
      return `task ${id}: is_reason_required needs is_need_reason`;
  }
  return null;
}

function instanceProblem(body: Json, definition?: Json): string | null {
  for (const field of ['approval_code', 'instance_id'])
    if (typeof body[field] !== 'string' || !body[field]) return `${field} required`;
  if (!INSTANCE_STATUSES.includes(String(body.status))) return 'status invalid';
  if (!['REPLACE', 'UPDATE', undefined].includes(body.update_mode as string | undefined))
    return 'update_mode invalid';
  if (!(body.links as Json | undefined)?.pc_link) return 'links.pc_link required';
  for (const field of ['start_time', 'end_time', 'update_time'])
    if (!isMillis(body[field])) return `${field} must be milliseconds`;
  const ids = new Set<string>();
  const keys: unknown[] = [body.title, ...asList(body.form).flatMap((f) => [f.name, f.value])];
  for (const task of asList(body.task_list)) {
    const id = String(task.task_id ?? '');
    if (!id || ids.has(id)) return `task_id missing or repeated: ${id}`;
    ids.add(id);
    if (!TASK_STATUSES.includes(String(task.status))) return `task ${id}: status invalid`;
    if (!task.open_id && !task.user_id) return `task ${id}: open_id or user_id required`;
    if (!(task.links as Json | undefined)?.pc_link) return `task ${id}: links.pc_link required`;
    if (!isMillis(task.create_time) || !isMillis(task.end_time))
      return `task ${id}: times must be milliseconds`;
    if (
      task.generate_type !== undefined &&
      !['EXTERNAL_CONSIGN', 'DEFAULT'].includes(String(task.generate_type))
    )
      return `task ${id}: generate_type invalid`;
    const actions = actionConfigsProblem(id, task.action_configs, definition);
    if (actions) return actions;
    if (task.extra !== undefined) {
      try {
        JSON.parse(String(task.extra));
      } catch {
        return `task ${id}: extra must be JSON`;
      }
    }
    keys.push(task.title, task.node_name, ...asList(task.action_configs).map((a) => a.action_name));
  }
  for (const cc of asList(body.cc_list)) {
    const id = String(cc.cc_id ?? '');
    if (!id || ids.has(id)) return `cc_id missing or repeated: ${id}`;
    ids.add(id);
    if (!cc.open_id && !cc.user_id) return `cc ${id}: open_id or user_id required`;
    if (!['READ', 'UNREAD'].includes(String(cc.read_status))) return `cc ${id}: read_status invalid`;
    if (!isMillis(cc.create_time) || !isMillis(cc.update_time)) return `cc ${id}: times must be milliseconds`;
    keys.push(cc.title);
  }
  return missingI18n(body.i18n_resources, keys);
}

/** Lark's error codes as seen on the oidc endpoints (the exact numbers are unverified). */
const INVALID_CODE = 20003;
const EXPIRED_CODE = 20004;
const INVALID_TOKEN = 20005;

export async function startFakeLark(
  options: { users?: readonly (Partial<FakeLarkUser> & { open_id: string })[] } = {},
): Promise<FakeLark> {
  const users = new Map<string, FakeLarkUser>();
  const codes = new Map<string, { openId: string; expiresAt: number; used: boolean }>();
  const tenantTokens = new Set<string>();
  const userTokens = new Map<string, string>();
  const calls: string[] = [];
  const messages: FakeLarkMessage[] = [];
  const patches: FakeLarkPatch[] = [];
  const lookups: string[][] = [];
  const byUuid = new Map<string, FakeLarkMessage>();
  const failures: (FakeLarkFailure & { left: number })[] = [];
  const stopped = new Set<string>();
  const rateLimited = { count: 0 };
  let limitsOn = false;
  let messageLimits = LARK_MESSAGE_LIMITS;
  const sentAt: { at: number; openId: string }[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  let clockOffsetMs = 0;
  const larkNow = () => Date.now() + clockOffsetMs;
  /** When each message was sent, by the fake's clock. */
  const sentByClock = new Map<string, number>();
  const recalled = new Set<string>();
  const definitions = new Map<string, { larkCode: string; body: Json }>();
  const instances = new Map<string, Json>();
  const instanceSyncs: Json[] = [];
  const apiCalls: Record<FakeLarkApi, number> = {
    externalApproval: 0,
    externalInstance: 0,
    externalInstanceCheck: 0,
    appBadge: 0,
    timeoffCreate: 0,
    timeoffDelete: 0,
  };
  const timeoffEvents = new Map<string, FakeTimeoffEvent>();
  const badges = new Map<string, { version: number; pc: number; mobile: number }>();
  let apiLimits: { perSecond: number; perMinute: number } = { ...API_LIMITS };
  const apiCallTimes = new Map<FakeLarkApi, number[]>();

  /** Counts a call to `api`; true when it is beyond Lark's frequency limit (then not counted). */
  function overApiLimit(api: FakeLarkApi): boolean {
    const now = Date.now();
    const times = (apiCallTimes.get(api) ?? []).filter((t) => t > now - 60_000);
    apiCallTimes.set(api, times);
    const lastSecond = times.filter((t) => t > now - 1000).length;
    if (lastSecond >= apiLimits.perSecond || times.length >= apiLimits.perMinute) return true;
    times.push(now);
    return false;
  }

  /** True when one more message now would break Lark's limits (sliding one-second and one-minute
   * windows: a message counts until 1,000 or 60,000 ms after it arrived). */
  function overLimit(openId: string, now: number): boolean {
    while (sentAt.length && sentAt[0]!.at <= now - 60_000) sentAt.shift();
    if (sentAt.length >= messageLimits.perMinute) return true;
    let lastSecond = 0;
    let toUser = 0;
    for (let i = sentAt.length - 1; i >= 0 && sentAt[i]!.at > now - 1000; i--) {
      lastSecond += 1;
      if (sentAt[i]!.openId === openId) toUser += 1;
    }
    return lastSecond >= messageLimits.perSecond || toUser >= messageLimits.perUser;
  }

  function scriptedFailure(on: FakeLarkFailure['on'], openId: string | null) {
    const failure = failures.find((f) => f.on === on && f.left > 0 && (!f.openId || f.openId === openId));
    if (!failure) return null;
    failure.left -= 1;
    return failure;
  }

  function waitFor<T>(list: T[], count: number, timeoutMs: number): Promise<T[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (list.length < count) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(list.slice());
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`fake Lark: ${list.length} of ${count} after ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  function addUser(user: Partial<FakeLarkUser> & { open_id: string }): FakeLarkUser {
    const full: FakeLarkUser = {
      union_id: `on_${user.open_id}`,
      user_id: `u_${user.open_id}`,
      name: '',
      email: '',
      enterprise_email: '',
      employee_no: '',
      tenant_key: 'fake-tenant',
      avatar_url: '',
      ...user,
    };
    users.set(full.open_id, full);
    return full;
  }
  for (const user of options.users ?? []) addUser(user);

  function issueCode(openId: string, ttlSeconds = 300): string {
    const code = `code-${randomUUID()}`;
    codes.set(code, { openId, expiresAt: Date.now() + ttlSeconds * 1000, used: false });
    return code;
  }

  const bearer = (header: string | undefined) => (header ?? '').replace(/^Bearer\s+/i, '');

  const listening = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readBody(req) : '';
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };

    if (req.method === 'GET' && url.pathname === '/h5-sdk.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end('/* fake Lark H5 SDK: the test page defines window.tt and window.h5sdk itself */\n');
      return;
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/auth/v3/tenant_access_token/internal') {
      const { app_id, app_secret } = json();
      if (app_id !== FAKE_LARK_APP.appId || app_secret !== FAKE_LARK_APP.appSecret) {
        return sendJson(res, 200, { code: 10014, msg: 'app secret invalid' });
      }
      const token = `t-${randomUUID()}`;
      tenantTokens.add(token);
      return sendJson(res, 200, { code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/authen/v1/oidc/access_token') {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      const { grant_type, code } = json();
      const entry = typeof code === 'string' ? codes.get(code) : undefined;
      // An unknown or spent code answers 200 with a code, an expired one 400: both ways Lark refuses.
      if (grant_type !== 'authorization_code' || !entry || entry.used) {
        return sendJson(res, 200, { code: INVALID_CODE, msg: 'invalid code' });
      }
      entry.used = true;
      if (entry.expiresAt <= Date.now())
        return sendJson(res, 400, { code: EXPIRED_CODE, msg: 'code expired' });
      const token = `u-${randomUUID()}`;
      userTokens.set(token, entry.openId);
      return sendJson(res, 200, {
        code: 0,
        msg: 'success',
        data: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 6900,
          refresh_token: `ur-${randomUUID()}`,
          refresh_expires_in: 2_592_000,
          scope: '',
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/open-apis/authen/v1/user_info') {
      const openId = userTokens.get(bearer(req.headers.authorization));
      const user = openId ? users.get(openId) : undefined;
      if (!user) return sendJson(res, 401, { code: INVALID_TOKEN, msg: 'invalid access token' });
      return sendJson(res, 200, { code: 0, msg: 'success', data: user });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/messages') {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      const data = json();
      const receiveId = String(data.receive_id ?? '');
      if (url.searchParams.get('receive_id_type') !== 'open_id' || !receiveId) {
        return sendJson(res, 400, { code: 230001, msg: 'invalid receive_id' });
      }
      if (tooLong(data.content))
        return sendJson(res, 400, { code: CONTENT_TOO_LONG, msg: 'content too long' });
      const uuid = typeof data.uuid === 'string' && data.uuid ? data.uuid : null;
      const repeat = uuid ? byUuid.get(uuid) : undefined;
      if (repeat)
        return sendJson(res, 200, { code: 0, msg: 'success', data: { message_id: repeat.message_id } });
      if (stopped.has(receiveId))
        return sendJson(res, 400, { code: LARK_CODES.botStopped, msg: 'bot stopped' });
      const scripted = scriptedFailure('create', receiveId);
      if (scripted) {
        if (isRateLimit(scripted)) rateLimited.count += 1;
        return sendJson(res, scripted.httpStatus ?? 400, { code: scripted.code, msg: 'scripted failure' });
      }
      const now = Date.now();
      if (limitsOn && overLimit(receiveId, now)) {
        rateLimited.count += 1;
        return sendJson(res, 400, { code: LARK_CODES.rateLimited, msg: 'request trigger frequency limit' });
      }
      sentAt.push({ at: now, openId: receiveId });
      const message: FakeLarkMessage = {
        message_id: `om_${randomUUID().replace(/-/g, '')}`,
        receive_id: receiveId,
        msg_type: String(data.msg_type ?? ''),
        content: JSON.parse(String(data.content ?? '{}')) as Record<string, unknown>,
        uuid,
        at: now,
      };
      messages.push(message);
      sentByClock.set(message.message_id, larkNow());
      if (uuid) byUuid.set(uuid, message);
      notify();
      return sendJson(res, 200, { code: 0, msg: 'success', data: { message_id: message.message_id } });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/contact/v3/users/batch_get_id') {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      const { emails } = json();
      const asked = Array.isArray(emails) ? emails.map(String) : [];
      if (asked.length > LOOKUP_MAX) {
        return sendJson(res, 400, { code: 99992402, msg: 'field validation failed' });
      }
      lookups.push(asked);
      const scripted = scriptedFailure('lookup', null);
      if (scripted) {
        return sendJson(res, scripted.httpStatus ?? 400, { code: scripted.code, msg: 'scripted failure' });
      }
      const idType = url.searchParams.get('user_id_type') ?? 'open_id';
      const idOf = (user: FakeLarkUser) =>
        idType === 'union_id' ? user.union_id : idType === 'user_id' ? user.user_id : user.open_id;
      const user_list = asked.map((email) => {
        const user = [...users.values()].find(
          (u) => u.email !== '' && u.email.toLowerCase() === email.trim().toLowerCase(),
        );
        // Lark answers an address it does not know with the address alone.
        if (!user) return { email };
        return {
          user_id: idOf(user),
          email,
          status: {
            is_frozen: false,
            is_resigned: false,
            is_activated: true,
            is_exited: false,
            is_unjoin: false,
          },
        };
      });
      return sendJson(res, 200, { code: 0, msg: 'success', data: { user_list } });
    }
    const patchMatch = /^\/open-apis\/im\/v1\/messages\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PATCH' && patchMatch) {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      const messageId = decodeURIComponent(patchMatch[1]!);
      const target = messages.find((m) => m.message_id === messageId);
      if (!target) return sendJson(res, 400, { code: 230001, msg: 'message not found' });
      const scripted = scriptedFailure('patch', null);
      if (scripted) {
        if (isRateLimit(scripted)) rateLimited.count += 1;
        return sendJson(res, scripted.httpStatus ?? 400, { code: scripted.code, msg: 'scripted failure' });
      }
      if (recalled.has(messageId))
        return sendJson(res, 400, { code: LARK_CODES.recalled, msg: 'The message is recalled.' });
      if (larkNow() - (sentByClock.get(messageId) ?? larkNow()) > PATCH_WINDOW_MS) {
        return sendJson(res, 400, {
          code: LARK_CODES.cardTooOld,
          msg: 'Message can only be modified within 14 days after sending.',
        });
      }
      const body = json();
      if (tooLong(body.content))
        return sendJson(res, 400, { code: CONTENT_TOO_LONG, msg: 'content too long' });
      const content = JSON.parse(String(body.content ?? '{}')) as Record<string, unknown>;
      target.content = content;
      patches.push({ message_id: messageId, content, at: Date.now() });
      notify();
      return sendJson(res, 200, { code: 0, msg: 'success', data: {} });
    }
    const nativeApi: FakeLarkApi | null =
      req.method !== 'POST'
        ? null
        : url.pathname === '/open-apis/approval/v4/external_approvals'
          ? 'externalApproval'
          : url.pathname === '/open-apis/approval/v4/external_instances'
            ? 'externalInstance'
            : url.pathname === '/open-apis/approval/v4/external_instances/check'
              ? 'externalInstanceCheck'
              : url.pathname === '/open-apis/application/v6/app_badge/set'
                ? 'appBadge'
                : url.pathname === '/open-apis/calendar/v4/timeoff_events'
                  ? 'timeoffCreate'
                  : null;
    const timeoffDelete =
      req.method === 'DELETE'
        ? /^\/open-apis\/calendar\/v4\/timeoff_events\/([^/]+)$/.exec(url.pathname)
        : null;
    if (timeoffDelete) {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      apiCalls.timeoffDelete += 1;
      if (overApiLimit('timeoffDelete')) {
        rateLimited.count += 1;
        return sendJson(res, 429, {
          code: LARK_CODES.frequencyLimited,
          msg: 'request trigger frequency limit',
        });
      }
      const id = decodeURIComponent(timeoffDelete[1]!);
      if (!timeoffEvents.delete(id)) return sendJson(res, 400, { code: TIMEOFF_NOT_FOUND, msg: 'not found' });
      notify();
      return sendJson(res, 200, { code: 0, msg: 'success', data: {} });
    }
    if (nativeApi) {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      apiCalls[nativeApi] += 1;
      if (overApiLimit(nativeApi)) {
        rateLimited.count += 1;
        return sendJson(res, 429, {
          code: LARK_CODES.frequencyLimited,
          msg: 'request trigger frequency limit',
        });
      }
      const scripted = scriptedFailure(nativeApi, null);
      if (scripted) {
        if (isRateLimit(scripted)) rateLimited.count += 1;
        return sendJson(res, scripted.httpStatus ?? 400, { code: scripted.code, msg: 'scripted failure' });
      }
      const data = json();
      if (nativeApi === 'timeoffCreate') {
        const problem =
          url.searchParams.get('user_id_type') === 'open_id'
            ? timeoffProblem(data)
            : 'user_id_type must be open_id';
        if (problem) return sendJson(res, 400, { code: TIMEOFF_PARAM_INVALID, msg: problem });
        const event: FakeTimeoffEvent = {
          timeoff_event_id: `timeoff_${randomUUID()}`,
          user_id: String(data.user_id),
          timezone: String(data.timezone),
          start_time: String(data.start_time),
          end_time: String(data.end_time),
          title: String(data.title ?? ''),
        };
        timeoffEvents.set(event.timeoff_event_id, event);
        notify();
        return sendJson(res, 200, { code: 0, msg: 'success', data: event });
      }
      if (nativeApi === 'appBadge') {
        const count = (side: unknown) => (side as Json | undefined)?.web_app;
        const valid =
          url.searchParams.get('user_id_type') === 'open_id' &&
          typeof data.user_id === 'string' &&
          data.user_id !== '' &&
          typeof data.version === 'string' &&
          /^\d+$/.test(data.version) &&
          [count(data.pc), count(data.mobile)].every((n) => Number.isInteger(n) && (n as number) >= 0);
        if (!valid) return sendJson(res, 400, { code: BADGE_PARAM_INVALID, msg: 'invalid param' });
        const version = Number(data.version);
        const current = badges.get(String(data.user_id));
        if (current && version <= current.version) {
          return sendJson(res, 400, { code: BADGE_VERSION_CONFLICT, msg: 'version conflict' });
        }
        badges.set(String(data.user_id), {
          version,
          pc: count(data.pc) as number,
          mobile: count(data.mobile) as number,
        });
        notify();
        return sendJson(res, 200, { code: 0, msg: 'success', data: {} });
      }
      if (nativeApi === 'externalApproval') {
        const problem = definitionProblem(data);
        if (problem) return sendJson(res, 400, { code: APPROVAL_PARAM_INVALID, msg: problem });
        const ours = String(data.approval_code);
        const larkCode = definitions.get(ours)?.larkCode ?? `lark-${randomUUID()}`;
        definitions.set(ours, { larkCode, body: data });
        return sendJson(res, 200, { code: 0, msg: 'success', data: { approval_code: larkCode } });
      }
      if (nativeApi === 'externalInstance') {
        const definition = [...definitions.values()].find((d) => d.larkCode === data.approval_code);
        const problem = instanceProblem(data, definition?.body);
        if (problem) return sendJson(res, 400, { code: APPROVAL_PARAM_INVALID, msg: problem });
        if (!definition) {
          return sendJson(res, 400, { code: APPROVAL_NOT_FOUND, msg: 'approval not found' });
        }
        const id = String(data.instance_id);
        const held = instances.get(id);
        // Lark keeps the newest: a sync older than what it holds changes nothing.
        if (!held || Number(held.update_time) <= Number(data.update_time)) {
          instances.set(id, data);
          instanceSyncs.push(data);
          notify();
        }
        return sendJson(res, 200, { code: 0, msg: 'success', data: { data } });
      }
      const asked = asList(data.instances);
      if (asked.length === 0 || asked.length > 100) {
        return sendJson(res, 400, { code: APPROVAL_PARAM_INVALID, msg: 'instances: 1 to 100' });
      }
      const diff_instances = asked
        .filter((i) => {
          const held = instances.get(String(i.instance_id));
          return !held || Number(held.update_time) < Number(i.update_time);
        })
        .map((i) => ({ instance_id: String(i.instance_id), update_time: String(i.update_time), tasks: [] }));
      return sendJson(res, 200, { code: 0, msg: 'success', data: { diff_instances } });
    }
    if (req.method === 'GET' && url.pathname === '/__fake__/messages') {
      return sendJson(res, 200, { messages, patches, rate_limited: rateLimited.count });
    }
    if (req.method === 'POST' && url.pathname === '/__fake__/codes') {
      const { open_id, ttl_seconds } = json();
      if (typeof open_id !== 'string') return sendJson(res, 400, { msg: 'open_id required' });
      return sendJson(res, 200, {
        code: issueCode(open_id, typeof ttl_seconds === 'number' ? ttl_seconds : undefined),
      });
    }
    sendJson(res, 404, { code: 404, msg: 'not found' });
  });

  return {
    url: listening.url,
    ...FAKE_LARK_APP,
    sdkUrl: `${listening.url}/h5-sdk.js`,
    addUser,
    issueCode,
    calls,
    messages,
    patches,
    lookups,
    rateLimited,
    failNext: (failure) => failures.push({ ...failure, left: failure.times ?? 1 }),
    stopBot: (openId) => stopped.add(openId),
    recallMessage: (messageId) => {
      recalled.add(messageId);
    },
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
    setMessageLimits: (limits) => {
      messageLimits = limits;
    },
    enforceLimits: (on) => {
      limitsOn = on;
    },
    waitForMessages: (count, timeoutMs = 10_000) => waitFor(messages, count, timeoutMs),
    waitForPatches: (count, timeoutMs = 10_000) => waitFor(patches, count, timeoutMs),
    definitions,
    instances,
    instanceSyncs,
    apiCalls,
    badges,
    timeoffEvents,
    setApiLimits: (limits) => {
      apiLimits = { ...limits };
    },
    loseInstance: (instanceId) => {
      instances.delete(instanceId);
    },
    close: listening.close,
  };
}

export interface CardCallback {
  /** The bot's callback URL. */
  readonly url: string;
  readonly encryptKey: string;
  readonly verificationToken?: string;
  readonly openId: string;
  /** The clicked button's `behaviors[].value`. */
  readonly value: Record<string, unknown>;
  /** The form's values (comment box, reason select). */
  readonly formValue?: Record<string, unknown>;
  readonly messageId?: string;
  /** Send the body encrypted ({ "encrypt": … }), as Lark does when an encrypt key is set. */
  readonly encrypt?: boolean;
  /** Overrides, to test refusals: a wrong key for the signature, an old timestamp, a fixed nonce. */
  readonly signWith?: string;
  readonly timestampSeconds?: number;
  readonly nonce?: string;
  readonly eventId?: string;
}

export interface SentCallback {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** The exact request, to replay it. */
  readonly replay: () => Promise<{ status: number; body: Record<string, unknown> }>;
}

/** Encrypts like Lark: AES-256-CBC, key sha256(encryptKey), a random IV in front, base64. */
export function larkEncrypt(plain: string, encryptKey: string): string {
  const key = createHash('sha256').update(encryptKey).digest();
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Posts a card.action.trigger callback to the bot as Lark would: signed, optionally encrypted. */
export async function sendCardCallback(callback: CardCallback): Promise<SentCallback> {
  const event = {
    schema: '2.0',
    header: {
      event_id: callback.eventId ?? randomUUID(),
      token: callback.verificationToken ?? '',
      create_time: String(Date.now() * 1000),
      event_type: 'card.action.trigger',
      tenant_key: 'fake-tenant',
      app_id: FAKE_LARK_APP.appId,
    },
    event: {
      operator: {
        open_id: callback.openId,
        union_id: `on_${callback.openId}`,
        user_id: `u_${callback.openId}`,
      },
      token: `c-${randomUUID()}`,
      action: {
        value: callback.value,
        tag: 'button',
        ...(callback.formValue ? { form_value: callback.formValue } : {}),
      },
      host: 'im_message',
      context: { open_message_id: callback.messageId ?? 'om_unknown', open_chat_id: 'oc_fake' },
    },
  };
  const body = callback.encrypt
    ? JSON.stringify({ encrypt: larkEncrypt(JSON.stringify(event), callback.encryptKey) })
    : JSON.stringify(event);
  const timestamp = String(callback.timestampSeconds ?? Math.floor(Date.now() / 1000));
  const nonce = callback.nonce ?? randomUUID();
  const signature = createHash('sha256')
    .update(timestamp + nonce + (callback.signWith ?? callback.encryptKey) + body)
    .digest('hex');
  const post = async () => {
    const res = await fetch(callback.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lark-request-timestamp': timestamp,
        'x-lark-request-nonce': nonce,
        'x-lark-signature': signature,
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const first = await post();
  return { ...first, replay: post };
}

export interface QuickApprovalCallback {
  /** The bot's quick-approval URL. */
  readonly url: string;
  readonly token: string;
  /** With a key, the body is sent as {"encrypt"} like Lark does. */
  readonly key?: string;
  readonly actionType: 'APPROVE' | 'REJECT';
  /** The tenant's user_id of the person acting (not the open_id). */
  readonly userId: string;
  readonly instanceId: string;
  readonly taskId: string;
  readonly reason?: string;
  /** Sent as the body instead (an undecryptable one, say). */
  readonly rawBody?: string;
}

/** Posts a quick approval as Lark's Approval Center does: no signature, the token in the body. */
export async function sendQuickApproval(
  callback: QuickApprovalCallback,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const action = JSON.stringify({
    action_type: callback.actionType,
    user_id: callback.userId,
    instance_id: callback.instanceId,
    task_id: callback.taskId,
    reason: callback.reason ?? '',
    token: callback.token,
    action_context: '',
  });
  const body =
    callback.rawBody ??
    (callback.key ? JSON.stringify({ encrypt: larkEncrypt(action, callback.key) }) : action);
  const res = await fetch(callback.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
