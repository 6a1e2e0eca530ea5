/**
 * /login: the brand, the three selling lines of docs/product/console.md#login-page, the sign-in form and the language
 * switch. Plain React and CSS on purpose: the first load of /login carries neither the
 * console shell nor antd (docs/product/design.md#budgets); the form still checks the shared ZLoginForm.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ERROR_MESSAGES,
  PRODUCT_TITLE,
  ResponseCode,
  ZLoginForm,
  type LoginForm,
} from '@adloom/domain';
import logo from '../../../assets/logo.svg';
import { useSession } from '../../../app/session';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ApiError, errorText } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { forgetSessionTimedOut, sessionTimedOut } from '../../../lib/session';
import { fieldProblem, isRequiredField } from '../../../lib/zodRule';
import { signIn } from '../api';
import styles from './LoginPage.module.css';

const SELLING_LINES = [
  { title: 'login.sellingChannelsTitle', text: 'login.sellingChannelsText' },
  { title: 'login.sellingTechTitle', text: 'login.sellingTechText' },
  { title: 'login.sellingDataTitle', text: 'login.sellingDataText' },
] as const;

type Field = keyof LoginForm;
const FIELDS: readonly Field[] = ['username', 'password'];

interface FieldProps {
  field: Field;
  type: 'text' | 'password';
  autoComplete: string;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  /** The first field takes the focus when the page opens. */
  autoFocus?: boolean;
}

function LoginField(props: FieldProps) {
  const { field, type, autoComplete, value, problem, onChange, onBlur, autoFocus } = props;
  const required = isRequiredField(ZLoginForm, field);
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label
        htmlFor={id}
        className={required ? `${styles.label} ${styles.labelRequired}` : styles.label}
      >
        {t(`login.${field}`)}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-required={required || undefined}
        className={problem ? `${styles.input} ${styles.inputInvalid}` : styles.input}
        placeholder={t(`login.${field}Placeholder`)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        autoCapitalize="off"
        spellCheck={false}
      />
      <div id={`${id}-problem`} className={styles.problem} aria-live="polite">
        {problem}
      </div>
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { acceptUser } = useSession();
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({
    username: false,
    password: false,
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // Sent here by a lost session (-100): say so until the user tries to sign in again.
  const [timedOut, setTimedOut] = useState(sessionTimedOut);
  useEffect(forgetSessionTimedOut, []);

  const problemOf = (field: Field): string | undefined => {
    if (!checked[field]) return undefined;
    if (values[field].trim() === '') return t(`login.${field}Required`);
    return fieldProblem(ZLoginForm, field, { ...values });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    const firstInvalid = FIELDS.find((field) => fieldProblem(ZLoginForm, field, { ...values }));
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    setTimedOut(false);
    try {
      // The guard of /login then leaves for the redirect target.
      acceptUser(await signIn(values, queryClient));
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error : new ApiError(ResponseCode.other, String(error)),
      );
      setPending(false);
    }
  };

  const lang = currentLanguage();
  // A wrong password is a validation error (-120); in Chinese say what it means.
  const failureText =
    failure &&
    (failure.code === ResponseCode.validation && lang === 'zh'
      ? t('login.wrongCredentials')
      : errorText(failure, lang));
  const notice = !failureText && timedOut ? ERROR_MESSAGES.noLogin[lang] : null;

  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <div className={styles.brandInner}>
          <h1 className={styles.brandTitle}>
            <img src={logo} alt="" width={44} height={44} />
            {PRODUCT_TITLE}
          </h1>
          <p className={styles.tagline}>{t('common.productTagline')}</p>
          <ul className={styles.selling}>
            {SELLING_LINES.map((line) => (
              <li key={line.title}>
                <strong>{t(line.title)}</strong>
                <span>{t(line.text)}</span>
              </li>
            ))}
          </ul>
        </div>
      </header>
      <main className={styles.panel}>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
        <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate>
          <h2 className={styles.heading}>{t('login.heading')}</h2>
          {failureText && (
            <div className={styles.alert} role="alert">
              <span className={styles.alertIcon} aria-hidden="true" />
              <span>{failureText}</span>
            </div>
          )}
          {notice && (
            <div className={styles.alert} role="status">
              <span className={styles.alertIcon} aria-hidden="true" />
              <span>{notice}</span>
            </div>
          )}
          <LoginField
            autoFocus
            field="username"
            type="text"
            autoComplete="username"
            value={values.username}
            problem={problemOf('username')}
            onChange={(username) => setValues((current) => ({ ...current, username }))}
            onBlur={() =>
              setChecked((current) => ({
                ...current,
                username: values.username !== '' || current.username,
              }))
            }
          />
          <LoginField
            field="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            problem={problemOf('password')}
            onChange={(password) => setValues((current) => ({ ...current, password }))}
            onBlur={() =>
              setChecked((current) => ({
                ...current,
                password: values.password !== '' || current.password,
              }))
            }
          />
          <button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
            {pending && <span className={styles.spinner} aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
