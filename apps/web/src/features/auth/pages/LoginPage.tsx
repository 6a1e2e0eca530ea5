/**
 * /login: the brand, the three selling lines of docs/product/console.md#login-page, the sign-in form and the language
 * switch. Plain React and CSS on purpose: the sign-in page's own entry (login.tsx) carries
 * neither the console shell nor antd nor zod (docs/product/design.md#budgets); the form checks
 * ZLoginForm's rules (sign-in.ts of the domain, held equal to it by a test). The console shows
 * the same page at /login; what follows a sign-in is the caller's (`onSignedIn`).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_MESSAGES,
  LOGIN_FIELDS,
  PRODUCT_TITLE,
  ResponseCode,
  isLoginFieldRequired,
  loginFieldProblem,
  type LoginField,
  type LoginValues,
} from '@adloom/domain';
import logo from '../../../assets/logo.svg';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ApiError, errorText } from '../../../lib/answer';
import { currentLanguage } from '../../../lib/language';
import { messageText } from '../../../lib/messages';
import { forgetSessionTimedOut, sessionTimedOut } from '../../../lib/session';
import { signIn } from '../api';
import styles from './LoginPage.module.css';

const SELLING_LINES = [
  { title: 'login.sellingChannelsTitle', text: 'login.sellingChannelsText' },
  { title: 'login.sellingTechTitle', text: 'login.sellingTechText' },
  { title: 'login.sellingDataTitle', text: 'login.sellingDataText' },
] as const;

interface FieldProps {
  field: LoginField;
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
  const required = isLoginFieldRequired(field);
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

export interface LoginPageProps {
  /** The tokens are stored and the user loads: go on (the pending state stays meanwhile). */
  onSignedIn(): void;
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [checked, setChecked] = useState<Record<LoginField, boolean>>({
    username: false,
    password: false,
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // Sent here by a lost session (-100): say so until the user tries to sign in again.
  const [timedOut, setTimedOut] = useState(sessionTimedOut);
  useEffect(forgetSessionTimedOut, []);

  const problemOf = (field: LoginField): string | undefined => {
    if (!checked[field]) return undefined;
    if (values[field].trim() === '') return t(`login.${field}Required`);
    const problem = loginFieldProblem(field, values);
    return problem && messageText(problem);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    const firstInvalid = LOGIN_FIELDS.find((field) => loginFieldProblem(field, values));
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    setTimedOut(false);
    try {
      await signIn(values, currentLanguage());
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error : new ApiError(ResponseCode.other, String(error)),
      );
      setPending(false);
      return;
    }
    onSignedIn();
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
