// Screens of the attendance feature that link to each other.

/** HR's correction of an approved report (ours: the spec names only the API path). */
export const correctionPath = (taskId: number) => `/attendance/tasks/modify-details/${taskId}`;

/** A report as PDF on /attendance/pdf. */
export const reportPdfPath = (taskId: number) => `/attendance/pdf?task=${taskId}`;

/** The read-only view of a report on its own (lists link here; it needs no task-list visibility). */
export const reportViewPath = (taskId: number) => `/attendance/tasks/details/${taskId}`;
