// Business constants and limits of spec §9.
export const PAGE_SIZE = 10;
export const MAX_UPLOAD_BYTES = 2_097_152;
export const MAX_UPLOAD_KB = 2048;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TIME_STEP_SECONDS = 900;
export const TIME_STEP_MINUTES = 15;
export const DECIMAL_STEP = 0.1;
export const OVERTIME_EXCESS_THRESHOLD_HOURS = 60;
export const MAX_BREAK_PERIODS = 5;
export const HALF_DAY_SHIFT_HOURS = [4, 5] as const;
export const PASSWORD_MIN_LENGTH = 4;
export const MULTI_SELECT = { maxOptions: 300, maxTags: 3, maxHeight: 600 } as const;
export const ASSET_WORKFLOW_IDS = [13, 14] as const;
export const NOTIFICATION_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const SELECT_PLACEHOLDER = '======';
export const FLOW_CHART = {
  nodeWidth: 80,
  nodeHeight: 40,
  spacing: 150,
  step: 80,
  verticalCanvasWidth: 485,
} as const;

export const ATTACHMENT_EXTENSIONS = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'tiff', 'bmp', 'svg', 'epsf', 'pict', 'ico', 'icns'],
  pdf: ['pdf'],
  excel: ['xls', 'xlsx', 'xlsm'],
} as const;
/** The shortest password a user may choose (account/password/, the console's temporary ones). */
export const NEW_PASSWORD_MIN = 8;
