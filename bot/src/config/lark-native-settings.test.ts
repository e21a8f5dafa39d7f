// Issue 36, configuration: every Lark-native part is off unless configured, and incomplete settings
// stop the bot at start with the usual list.
import { describe, expect, it } from 'vitest';
import { BotConfigError, loadConfig } from './bot-config.ts';
import { LARK_NATIVE_OFF } from './lark-native-settings.ts';

const REQUIRED = {
  BOT_SERVICE_TOKEN: 'config-test-service-token-0123456789abcdef',
  LARK_APP_ID: 'cli_config_test',
  LARK_APP_SECRET: 'secret',
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig({ ...REQUIRED, ...env });
  } catch (error) {
    if (error instanceof BotConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('Lark-native settings', () => {
  it('are all off when nothing is configured (empty variables too)', () => {
    expect(loadConfig(REQUIRED).larkNative).toEqual(LARK_NATIVE_OFF);
    expect(
      loadConfig({ ...REQUIRED, LARK_APPROVAL_CENTER: '', LARK_TIMEOFF: '', LARK_BADGE: '' }).larkNative,
    ).toEqual(LARK_NATIVE_OFF);
  });

  it('turns each part on', () => {
    const config = loadConfig({
      ...REQUIRED,
      LARK_APPROVAL_CENTER: 'on',
      LARK_APPROVAL_CALLBACK_URL: 'https://bot.example.test/lark/approval',
      LARK_APPROVAL_CALLBACK_TOKEN: 'quick-approval-token-0123',
      LARK_APPROVAL_CALLBACK_KEY: 'quick-key',
      LARK_APPROVAL_REJECT_MEANS: 'reject',
      LARK_TIMEOFF: 'on',
      LARK_TIMEOFF_CATEGORIES: '有給休暇, 特別休暇',
      LARK_BADGE: 'on',
    });
    expect(config.larkNative).toEqual({
      approvalCenter: true,
      quickApproval: {
        url: 'https://bot.example.test/lark/approval',
        path: '/lark/approval',
        token: 'quick-approval-token-0123',
        key: 'quick-key',
        rejectMeans: 'reject',
      },
      timeoff: { categories: ['有給休暇', '特別休暇'] },
      badge: true,
    });
  });

  it('refuses incomplete or contradictory settings, each on its own line', () => {
    expect(
      problemsOf({
        LARK_APPROVAL_CALLBACK_URL: 'https://bot.example.test/lark/approval',
        LARK_APPROVAL_REJECT_MEANS: 'delete',
        LARK_TIMEOFF_CATEGORIES: '有給休暇',
        LARK_BADGE: 'yes',
      }),
    ).toEqual([
      'LARK_APPROVAL_REJECT_MEANS: Invalid option: expected one of "send_back"|"reject"',
      'LARK_BADGE: Invalid option: expected one of "on"|"off"',
    ]);
    expect(
      problemsOf({
        LARK_APPROVAL_CALLBACK_URL: 'https://bot.example.test/lark/callback',
        LARK_APPROVAL_CALLBACK_PATH: '/lark/callback',
        LARK_TIMEOFF_CATEGORIES: '有給休暇',
      }),
    ).toEqual([
      'LARK_APPROVAL_CALLBACK_URL: quick approval needs LARK_APPROVAL_CENTER=on',
      'LARK_APPROVAL_CALLBACK_TOKEN: is required with LARK_APPROVAL_CALLBACK_URL',
      'LARK_APPROVAL_CALLBACK_PATH: must differ from LARK_CALLBACK_PATH',
      'LARK_TIMEOFF_CATEGORIES: has no effect without LARK_TIMEOFF=on',
    ]);
    expect(problemsOf({ LARK_APPROVAL_CENTER: 'on', LARK_APPROVAL_CALLBACK_TOKEN: 'short' })).toEqual([
      'LARK_APPROVAL_CALLBACK_TOKEN: at least 16 characters',
      'LARK_APPROVAL_CALLBACK_URL: is required with LARK_APPROVAL_CALLBACK_TOKEN or _KEY',
    ]);
  });
});
