// What Lark's own apps do with a request of a kind (issue 36), as one table so that the bot names no
// kind in its code (no-kind-branches.test.ts): a kind registers here as it registers its hooks.
import type { TWorkflowKind } from './codes.ts';

export interface KindTraits {
  /** Once approved it is leave: it becomes Lark time off, and its undo removes it. */
  readonly timeOff?: true;
  /**
   * Its rejection takes one of a fixed list of reasons, which Lark's quick approval cannot offer: a
   * 差戻し there stays a send-back whatever the setting says.
   */
  readonly fixedRejectReasons?: true;
}

export const KIND_TRAITS: Partial<Record<TWorkflowKind, KindTraits>> = {
  vacation: { timeOff: true, fixedRejectReasons: true },
};

/** Whether a kind (as a task names it; any string) has the trait. */
export const kindHas = (kind: string | null | undefined, trait: keyof KindTraits): boolean =>
  Boolean(kind && KIND_TRAITS[kind as TWorkflowKind]?.[trait]);
