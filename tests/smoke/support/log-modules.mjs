// `node --import ./log-modules.mjs`: every module the process loads is appended to $MODULE_LOG, so a
// test can tell which parts of the application a process loaded before it exited.
import { register } from 'node:module';

register('./log-modules-hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOG } });
