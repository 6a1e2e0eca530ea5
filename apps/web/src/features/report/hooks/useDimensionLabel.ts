/** Names dimension values in the interface language, with the console's country list. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDimensionValue, ReportRow } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { placeName } from '../../../lib/placeNames';
import { useCountries } from '../../../lib/settings';
import { dimensionText, type DimensionContext } from '../model/format';
import type { LabelOf } from '../model/chart';

export function useDimensionLabel(): LabelOf {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const countries = useCountries();
  const context = useMemo<DimensionContext>(() => {
    const names = new Map(
      (countries.data ?? []).map((country) => [country.code.toUpperCase(), country.name]),
    );
    return {
      lang,
      countryName: (code) =>
        placeName('region', code, names.get(code.toUpperCase()), lang) || undefined,
      unknown: t('report.unknown'),
      none: (dimension) => (dimension === 'dsp' ? t('report.direct') : t('report.none')),
    };
  }, [countries.data, lang, t]);
  return useCallback(
    (dimension: ReportDimensionValue, row: ReportRow) => dimensionText(dimension, row, context),
    [context],
  );
}
