// The bot module's endpoints (api/src/modules/bot/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const bot = {
  getBotTasksCard: endpoint('get', '/api/bot/tasks/:id/card/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  getBotTasksCardMessages: endpoint('get', '/api/bot/tasks/:id/card-messages/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  postBotCardMessages: endpoint('post', '/api/bot/card-messages/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  getBotUsersPushDevices: endpoint('get', '/api/bot/users/:id/push-devices/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  postBotPushDevicesDelete: endpoint('post', '/api/bot/push-devices/delete/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  getBotBusinessDaysOne: endpoint('get', '/api/bot/business-days/:year/:month/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
  getBotAttendanceUnsubmittedOne: endpoint(
    'get',
    '/api/bot/attendance/unsubmitted/:year/:month/',
    io<{ answer: unknown }>(),
    { caller: 'service' },
  ),
  postBotLarkUsers: endpoint('post', '/api/bot/lark-users/', io<{ answer: unknown }>(), {
    caller: 'service',
  }),
} as const;
