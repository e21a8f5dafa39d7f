import { z } from 'zod';

/**
 * One option of a `…/choice/` call (forms/choice/, nodes/choice/, approvers/choice/): the select
 * boxes of spec §5 show `text` and send `value`.
 */
export const ZChoice = z.object({ value: z.union([z.number().int(), z.string()]), text: z.string() });
export type TChoice = z.infer<typeof ZChoice>;

/** `?query=` of the searchable choice calls (approvers/choice/?query=山). */
export const ZChoiceQuery = z.object({ query: z.string().trim().max(100).optional() });
export type TChoiceQuery = z.infer<typeof ZChoiceQuery>;
