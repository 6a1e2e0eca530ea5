/**
 * English / 中文: a radio group named "Language" (语言), each option named in its own
 * language. Plain HTML on purpose: the sign-in page uses it and carries no antd.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@adloom/domain';
import { changeLanguage, currentLanguage, htmlLangOf } from '../lib/language';

const LABEL_KEYS: Record<InterfaceLanguage, string> = {
  en: 'common.english',
  zh: 'common.chinese',
};

export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const name = useId();
  // The choice shows at once; the language follows when its pack has loaded.
  const [chosen, setChosen] = useState<InterfaceLanguage | null>(null);
  const current = chosen ?? currentLanguage();
  const choose = (lang: InterfaceLanguage) => {
    setChosen(lang);
    void changeLanguage(lang).finally(() => setChosen(null));
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('common.language')}
      className={size === 'small' ? 'adl-lang adl-lang-small' : 'adl-lang'}
    >
      {INTERFACE_LANGUAGES.map((lang) => (
        <label
          key={lang}
          className={lang === current ? 'adl-lang-option adl-lang-active' : 'adl-lang-option'}
        >
          <input
            type="radio"
            className="adl-lang-input"
            name={name}
            value={lang}
            checked={lang === current}
            onChange={() => choose(lang)}
          />
          <span lang={htmlLangOf(lang)}>{t(LABEL_KEYS[lang])}</span>
        </label>
      ))}
    </div>
  );
}
