/**
 * The console's money input (docs/decisions/money-display.md): the platform currency's sign
 * before the figure and two decimals shown ("0.00", never "0.0"); a third decimal is not
 * rounded away but refused by the field's rule, as the server refuses it.
 */
import { InputNumber, type InputNumberProps } from 'antd';
import { MONEY_DECIMALS, currencySymbol } from '@adloom/domain';
import { currentLanguage } from '../../lib/i18n';

/** The input shows as many decimals as its step has: one cent. */
const CENT_STEP = (1 / 10 ** MONEY_DECIMALS).toFixed(MONEY_DECIMALS);

export function MoneyInput(props: Omit<InputNumberProps<string>, 'stringMode' | 'prefix'>) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      step={CENT_STEP}
      prefix={currencySymbol(currentLanguage())}
      {...props}
    />
  );
}
