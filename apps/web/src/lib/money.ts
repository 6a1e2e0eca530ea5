/**
 * Money as the console shows it: in the platform's currency, written as the interface
 * language writes it ("$12.50" in English, "US$12.50" in Chinese). Amounts are micros.
 * docs/decisions/money-display.md.
 */
import { formatCurrency } from '@adloom/domain';
import { currentLanguage } from './i18n';

export const showMoney = (micros: number | null | undefined): string =>
  formatCurrency(micros, { lang: currentLanguage() });
