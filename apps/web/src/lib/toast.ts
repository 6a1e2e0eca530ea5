/**
 * Error toasts of the api client. Inside the console shell they go through the antd
 * message API its provider registers (themed, localised); anywhere else antd's message is
 * loaded on first use, so pages without antd (the sign-in page) never download it.
 */
type Notify = (text: string) => void;

let notifier: Notify | null = null;

/** The shell's antd provider registers its message API here while it is mounted. */
export function setErrorNotifier(notify: Notify | null): void {
  notifier = notify;
}

export function showError(text: string): void {
  if (notifier) {
    notifier(text);
    return;
  }
  void import('antd/es/message').then(({ default: message }) =>
    message.error({ content: text, key: text }),
  );
}
