import { common } from './common';
import { dashboard } from './dashboard';
import { error } from './error';
import { layout } from './layout';
import { login } from './login';
import { menu } from './menu';

/**
 * The en texts the console's first screen needs, in its entry: the shell, the dashboard,
 * the error and loading states. The rest come with the first page or antd part that needs
 * them (`loadAllTexts`, docs/decisions/dashboard-first-load.md).
 */
export const bootMessages = { common, menu, login, layout, dashboard, error };
