import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_MESSAGES, SSP_STRATEGY_MESSAGES, allocationsOverMessage } from '@adloom/domain';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import { strategyMessageText } from './messages';

beforeAll(async () => {
  await setupI18n('en');
});
afterAll(async () => {
  await changeLanguage('en');
});

describe('strategyMessageText', () => {
  it('has a text for every strategy message in both languages', async () => {
    for (const message of Object.values(SSP_STRATEGY_MESSAGES)) {
      expect(strategyMessageText(message)).toBe(message);
    }
    await changeLanguage('zh');
    for (const message of Object.values(SSP_STRATEGY_MESSAGES)) {
      const text = strategyMessageText(message);
      expect(text).not.toBe(message);
      expect(text).not.toMatch(/^sspStrategy\./);
    }
    expect(strategyMessageText(allocationsOverMessage(1200))).toBe('分配合计 1200‰，最多 1000‰');
    expect(strategyMessageText(AD_MESSAGES.slotRequired.en)).toBe(AD_MESSAGES.slotRequired.zh);
    expect(strategyMessageText(AD_MESSAGES.jsonFormat.en)).toBe(AD_MESSAGES.jsonFormat.zh);
    expect(strategyMessageText('Something else')).toBe('Something else');
    await changeLanguage('en');
    expect(strategyMessageText(allocationsOverMessage(1001))).toBe(
      'The allocations add up to 1001‰; at most 1000‰',
    );
  });
});
