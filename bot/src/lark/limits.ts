// Lark's message limits (50 a second per app, 5 a second to one user; lark.md "Limits") as spacing
// between sends: one message every 1000/rate ms, less a tenth for headroom. Spacing rather than "n
// per window" because a fixed window lets 2n through across its edge, and Lark does not say how it
// counts; the tenth absorbs the jitter between our sending and Lark's receiving.
const HEADROOM = 0.9;

export function sendSpacingMs(perSecond: number): number {
  return Math.ceil(1000 / (perSecond * HEADROOM));
}
