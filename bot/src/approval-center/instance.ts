// A request as Lark's external instance (docs/bot.md "Lark-native"), always sent whole (REPLACE).
// - instance `task-{id}`; 01 and 02 → PENDING, 90 → APPROVED, 10 → REJECTED, 99 → CANCELED;
// - one task per node, person and round (`t{node}-{user}-{round}`): the approvers and today's proxies
//   (EXTERNAL_CONSIGN) while the node awaits, then the one who acted (approved, rejected; a send back
//   is REJECTED with complete_reason specific_rollback) and DONE for the others; an approval undone
//   gives back the same round, so its task awaits again;
// - after a send back the applicant has a PENDING 再申請 task (`r{event}`), DONE with submit_again
//   once they resubmit;
// - observers in cc_list (`cc{node}-{user}`); ids never repeat across tasks and cc;
// - links open the portal inside Lark (applink); at most three form rows; times in milliseconds.
// Tasks sent before and missing now (a proxy of another day, a node parked by a withdrawal) are
// kept: one still PENDING becomes DONE, so Lark's to-do list never keeps a task nobody can act on.
import type { TCardRecipient } from '@portal/shared/contracts/bot-jobs';
import type { TBotApprovalInstance } from '@portal/shared/contracts/bot-lark-native';
import { taskLink } from '@portal/shared/workflow/task-links';
import { openInLark } from '../cards/links.ts';
import { kindHas } from '@portal/shared/workflow/kind-traits';

export type LarkTaskStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'TRANSFERRED' | 'DONE';

export interface LarkTask {
  task_id: string;
  open_id: string;
  title: string;
  links: { pc_link: string; mobile_link: string };
  status: LarkTaskStatus;
  extra?: string;
  create_time: string;
  end_time: string;
  update_time: string;
  generate_type: 'EXTERNAL_CONSIGN' | 'DEFAULT';
  node_id?: string;
  action_configs?: {
    action_type: string;
    action_name: string;
    is_need_reason: boolean;
    is_reason_required: boolean;
  }[];
}

export interface LarkCc {
  cc_id: string;
  open_id: string;
  links: { pc_link: string; mobile_link: string };
  read_status: 'READ' | 'UNREAD';
  create_time: string;
  update_time: string;
}

export interface LarkInstance {
  approval_code: string;
  instance_id: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELED';
  links: { pc_link: string; mobile_link: string };
  title: string;
  form: { name: string; value: string }[];
  open_id: string;
  start_time: string;
  end_time: string;
  update_time: string;
  update_mode: 'REPLACE';
  task_list: LarkTask[];
  cc_list: LarkCc[];
  i18n_resources: { locale: 'ja-JP'; is_default: true; texts: { key: string; value: string }[] }[];
}

export interface InstanceOptions {
  readonly approvalCode: string;
  readonly applink: string;
  readonly publicUrl: string;
  /** Quick approval: APPROVE and REJECT on every pending approver task; null: none. */
  readonly quickActions: { readonly rejectMeans: 'send_back' | 'reject' } | null;
  /** Each person's Lark user (open_ids resolved by the bot). */
  readonly openIds: ReadonlyMap<number, string>;
  /** What was last sent, to keep tasks that are gone now. */
  readonly previous: LarkInstance | null;
}

export const instanceId = (taskId: number) => `task-${taskId}`;
export const taskIdOf = (instance: string) => Number(/^task-(\d+)$/.exec(instance)?.[1] ?? NaN);

const INSTANCE_STATUS: Record<string, LarkInstance['status']> = {
  '01': 'PENDING',
  '02': 'PENDING',
  '90': 'APPROVED',
  '10': 'REJECTED',
  '99': 'CANCELED',
};

/** Milliseconds as Lark wants them; no time: 0. */
const ms = (iso: string | null | undefined) => (iso ? String(Date.parse(iso)) : '0');
/** Lark shows texts as given; a long one is cut. */
const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const APPROVE_LABEL = '承認';
const SEND_BACK_LABEL = '差戻し';
const REJECT_LABEL = '却下';
const RESUBMIT_LABEL = '再申請';
export const FORM_ROWS = 3;

/** The form rows: the kind's key facts when it has them, else its fields, three at most. */
function formRows(data: TBotApprovalInstance) {
  const rows = data.card.sections ? data.card.sections.flatMap((s) => s.rows) : data.card.fields;
  return rows.filter((r) => r.value !== '').slice(0, FORM_ROWS);
}

export function buildInstance(data: TBotApprovalInstance, options: InstanceOptions): LarkInstance | null {
  const { card } = data;
  const applicantOpenId = options.openIds.get(card.task.applicant_id);
  if (!applicantOpenId) return null; // an applicant outside Lark is not mirrored
  const link = (path: string) => {
    const url = openInLark(options.applink, options.publicUrl, path);
    return { pc_link: url, mobile_link: url };
  };
  const texts = new Map<string, string>();
  const key = (name: string, value: string) => {
    texts.set(`@i18n@${name}`, clip(value));
    return `@i18n@${name}`;
  };
  const updateTime = ms(data.updated_at);
  const tasks: LarkTask[] = [];
  const fixedReasons = kindHas(card.task.workflow_kind, 'fixedRejectReasons');

  for (const node of card.nodes) {
    const ended = data.ended_rounds.filter((r) => r.node_id === node.id);
    const approvers = node.recipients.filter((r) => r.principal_name === null);
    const nodeTitle = key(`node_${node.id}`, node.name);
    const task = (
      person: Pick<TCardRecipient, 'user_id' | 'principal_name'>,
      round: number,
      fields: Pick<LarkTask, 'status' | 'create_time' | 'end_time' | 'update_time'> & { extra?: string },
    ) => {
      const openId = options.openIds.get(person.user_id);
      if (!openId) return;
      tasks.push({
        task_id: `t${node.id}-${person.user_id}-${round}`,
        open_id: openId,
        title: nodeTitle,
        links: link(taskLink.approval(card.task.id, node.id)),
        generate_type: person.principal_name === null ? 'DEFAULT' : 'EXTERNAL_CONSIGN',
        node_id: String(node.id),
        ...fields,
      });
    };
    for (const round of ended) {
      const at = ms(round.at);
      const status = round.action === 'approve' ? 'APPROVED' : 'REJECTED';
      task({ user_id: round.user_id, principal_name: null }, round.round, {
        status,
        create_time: at,
        end_time: at,
        update_time: at,
        ...(round.action === 'send_back'
          ? { extra: JSON.stringify({ complete_reason: 'specific_rollback' }) }
          : {}),
      });
      for (const other of approvers.filter((a) => a.user_id !== round.user_id))
        task(other, round.round, { status: 'DONE', create_time: at, end_time: at, update_time: at });
    }
    if (node.status === '01' && card.task.status === '01') {
      const reached = ms(node.reached_at ?? data.updated_at);
      for (const person of node.recipients) {
        task(person, ended.length, {
          status: 'PENDING',
          create_time: reached,
          end_time: '0',
          update_time: reached,
        });
      }
    }
  }
  if (options.quickActions) {
    const rejects = options.quickActions.rejectMeans === 'reject' && !fixedReasons;
    const actions = [
      {
        action_type: 'APPROVE',
        action_name: key('approve', APPROVE_LABEL),
        is_need_reason: true,
        is_reason_required: false,
      },
      {
        action_type: 'REJECT',
        action_name: key('reject', rejects ? REJECT_LABEL : SEND_BACK_LABEL),
        is_need_reason: true,
        is_reason_required: true,
      },
    ];
    for (const t of tasks) if (t.status === 'PENDING') t.action_configs = actions;
  }

  const resubmitTitle = key('resubmit', RESUBMIT_LABEL);
  const sentBacks = data.send_backs;
  for (const [index, sent] of sentBacks.entries()) {
    const latest = index === sentBacks.length - 1;
    const done = sent.resubmitted_at ?? sent.closed_at;
    const pending = !done && latest && card.task.status === '02';
    tasks.push({
      task_id: `r${sent.event_id}`,
      open_id: applicantOpenId,
      title: resubmitTitle,
      links: link(taskLink.mine(card.task.id, card.task.status)),
      generate_type: 'DEFAULT',
      status: pending ? 'PENDING' : 'DONE',
      create_time: ms(sent.at),
      end_time: pending ? '0' : ms(done ?? data.updated_at),
      update_time: pending ? ms(sent.at) : ms(done ?? data.updated_at),
      ...(sent.resubmitted_at ? { extra: JSON.stringify({ complete_reason: 'submit_again' }) } : {}),
    });
  }

  // Sent before, gone now (a resubmission makes new nodes): kept, and no longer awaiting anyone.
  const now = new Set(tasks.map((t) => t.task_id));
  const previousTexts = new Map(
    (options.previous?.i18n_resources[0]?.texts ?? []).map((t) => [t.key, t.value]),
  );
  for (const old of options.previous?.task_list ?? []) {
    if (now.has(old.task_id)) continue;
    const { action_configs: _unused, ...rest } = old;
    tasks.push(
      old.status === 'PENDING'
        ? { ...rest, status: 'DONE', end_time: updateTime, update_time: updateTime }
        : old,
    );
    if (!texts.has(old.title)) texts.set(old.title, previousTexts.get(old.title) ?? '');
  }

  const cc: LarkCc[] = data.cc.flatMap((person) => {
    const openId = options.openIds.get(person.user_id);
    if (!openId) return [];
    return [
      {
        cc_id: `cc${person.node_id}-${person.user_id}`,
        open_id: openId,
        links: link(taskLink.task('observer', card.task.id)),
        read_status: 'UNREAD' as const,
        create_time: ms(person.since),
        update_time: ms(person.since),
      },
    ];
  });

  const title = key('title', `${card.task.workflow_name}（${card.task.applicant_name}）`);
  const form = formRows(data).map((row, i) => ({
    name: key(`form_${i}_name`, row.label),
    value: key(`form_${i}_value`, row.value),
  }));
  return {
    approval_code: options.approvalCode,
    instance_id: instanceId(card.task.id),
    status: INSTANCE_STATUS[card.task.status] ?? 'PENDING',
    links: link(taskLink.mine(card.task.id, card.task.status)),
    title,
    form,
    open_id: applicantOpenId,
    start_time: ms(card.task.created_at),
    end_time: ms(card.task.finished_at),
    update_time: updateTime,
    update_mode: 'REPLACE',
    task_list: tasks,
    cc_list: cc,
    i18n_resources: [
      {
        locale: 'ja-JP',
        is_default: true,
        texts: [...texts].map(([k, value]) => ({ key: k, value })),
      },
    ],
  };
}
